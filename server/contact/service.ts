// The public contact form: the request is stored first, then mailed to every active platform
// admin with the sender as Reply-To. A mail failure does not lose the request (mailed_at stays
// empty) and does not fail the form: the person has been heard, and the mail is tried again
// (resendUnmailedContactRequests) until it goes out.
import { and, asc, eq, isNull, lte, or } from 'drizzle-orm';
import type { Locale } from '../../domain/i18n';
import type { ContactRequestInput } from '../../domain/schemas/contact';
import type { Deps } from '../context';
import { auditLog, contactRequests } from '../db/schema';
import { takeAttempt, type Limit } from '../auth/rate-limit';
import { translate } from '../i18n';
import { mailPlatformAdmins, startMailRetry } from '../mail/platform-admins';

/** Per address: enough for a shop that made a mistake, too few to flood the admins' inbox. */
export const CONTACT_LIMIT: Limit = { max: 5, windowMs: 60 * 60_000 };

/** A request whose mail failed is tried again this long after the last attempt. */
export const CONTACT_MAIL_RETRY_MS = 5 * 60_000;

const mail = {
  subject: /*i18n*/ { id: 'Contact request from {name}' },
  body: /*i18n*/ {
    id: 'A message was sent from the Risiti contact form.\n\nName: {name}\nEmail: {email}\nPhone: {phone}\nLanguage: {language}\n\n{message}\n\nReply to this email to answer {name}.',
  },
  noPhone: /*i18n*/ { id: '(not given)' },
  english: /*i18n*/ { id: 'English' },
  swahili: /*i18n*/ { id: 'Kiswahili' },
};

export async function submitContactRequest(
  deps: Deps,
  input: ContactRequestInput,
  context: { address: string; locale: Locale },
): Promise<{ id: string }> {
  const now = deps.clock.now();
  const key = `contact:addr:${context.address}`;
  await takeAttempt(deps.db, key, CONTACT_LIMIT, now);

  const stored = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactRequests)
      .values({
        fullName: input.fullName,
        email: input.email,
        phone: input.phone || null,
        message: input.message,
        language: context.locale,
        address: context.address,
        createdAt: now,
      })
      .returning({ id: contactRequests.id });
    await tx.insert(auditLog).values({
      action: 'contact_request_received',
      entity: 'contact_request',
      entityId: row!.id,
      createdAt: now,
    });
    return row!;
  });

  await mailContactRequest(deps, stored.id);
  return { id: stored.id };
}

/**
 * Mails a stored request to every active platform admin, unless it went out already or another
 * attempt took it on less than CONTACT_MAIL_RETRY_MS ago (the claim is one UPDATE, so two server
 * processes never both mail it). True when at least one admin received it.
 */
async function mailContactRequest(deps: Deps, id: string): Promise<boolean> {
  const now = deps.clock.now();
  const [request] = await deps.db
    .update(contactRequests)
    .set({ mailAttemptAt: now })
    .where(and(eq(contactRequests.id, id), isNull(contactRequests.mailedAt), retryDue(now)))
    .returning();
  if (!request) return false;

  const delivered = await mailPlatformAdmins(deps, {
    id,
    replyTo: request.email,
    failure: 'Contact request not mailed',
    compose(language) {
      const values = {
        name: request.fullName,
        email: request.email,
        phone: request.phone ? `+255 ${request.phone}` : translate(language, mail.noPhone),
        language: translate(language, request.language === 'sw' ? mail.swahili : mail.english),
        message: request.message,
      };
      return {
        subject: translate(language, mail.subject, values),
        text: translate(language, mail.body, values),
      };
    },
  });
  if (delivered === 0) return false;
  await deps.db
    .update(contactRequests)
    .set({ mailedAt: deps.clock.now() })
    .where(eq(contactRequests.id, id));
  return true;
}

/** Never attempted, or last attempted long enough ago. */
function retryDue(now: Date) {
  return or(
    isNull(contactRequests.mailAttemptAt),
    lte(contactRequests.mailAttemptAt, new Date(now.getTime() - CONTACT_MAIL_RETRY_MS)),
  );
}

/** Tries again the requests whose mail has not gone out, oldest first; how many went out. */
export async function resendUnmailedContactRequests(deps: Deps, limit = 20): Promise<number> {
  const due = await deps.db
    .select({ id: contactRequests.id })
    .from(contactRequests)
    .where(and(isNull(contactRequests.mailedAt), retryDue(deps.clock.now())))
    .orderBy(asc(contactRequests.createdAt))
    .limit(limit);
  let mailed = 0;
  for (const { id } of due) if (await mailContactRequest(deps, id)) mailed++;
  return mailed;
}

/**
 * Runs resendUnmailedContactRequests every `intervalMs` (first run after one interval) until
 * stopped; stop() waits for a run in progress.
 */
export function startContactMailRetry(deps: Deps, intervalMs = 60_000) {
  return startMailRetry(
    deps,
    () => resendUnmailedContactRequests(deps),
    'Resending contact requests failed',
    intervalMs,
  );
}
