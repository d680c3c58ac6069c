// Requests from the public (the contact form, registration) are mailed to every active platform
// admin, each in their own language, and mailed again on a timer until at least one admin got
// them: a failed send is logged and never fails the form nor stops the other admins' mail.
import { and, eq } from 'drizzle-orm';
import type { Locale } from '../../domain/i18n';
import type { Deps } from '../context';
import { users } from '../db/schema';

/**
 * Mails every active platform admin the message `compose` writes in the admin's language, with
 * replies going to `replyTo`; how many admins it reached. A failure is logged as `failure` with
 * the request's id.
 */
export async function mailPlatformAdmins(
  deps: Deps,
  mail: {
    id: string;
    replyTo: string;
    failure: string;
    compose(language: Locale): { subject: string; text: string };
  },
): Promise<number> {
  const admins = await deps.db
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(and(eq(users.role, 'platform_admin'), eq(users.status, 'active')));
  let delivered = 0;
  for (const admin of admins) {
    const message = mail.compose(admin.language);
    try {
      await deps.mailer.send({ to: admin.email, replyTo: mail.replyTo, ...message });
      delivered++;
    } catch (error) {
      deps.log.error(mail.failure, { id: mail.id, error: String(error) });
    }
  }
  return delivered;
}

/**
 * Runs `resend` every `intervalMs` (first run after one interval; none while one runs) until
 * stopped; stop() waits for a run in progress. A failed run is logged as `failure`.
 */
export function startMailRetry(
  deps: Deps,
  resend: () => Promise<unknown>,
  failure: string,
  intervalMs: number,
) {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = resend()
      .catch((error: unknown) => {
        deps.log.error(failure, { error: String(error) });
      })
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
