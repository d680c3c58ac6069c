// The public contact form: the request is stored first, then mailed to every active platform
// admin with the sender as Reply-To. A mail failure does not lose the request (mailed_at stays
// empty) and does not fail the form: the person has been heard.
import { and, eq } from 'drizzle-orm';
import type { Locale } from '../../domain/i18n';
import type { ContactRequestInput } from '../../domain/schemas/contact';
import type { Deps } from '../context';
import { auditLog, contactRequests, users } from '../db/schema';
import { assertUnderLimit, recordAttempt, type Limit } from '../auth/rate-limit';
import { translate } from '../i18n';

/** Per address: enough for a shop that made a mistake, too few to flood the admins' inbox. */
export const CONTACT_LIMIT: Limit = { max: 5, windowMs: 60 * 60_000 };

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
  await assertUnderLimit(deps.db, key, CONTACT_LIMIT, now);
  await recordAttempt(deps.db, key, CONTACT_LIMIT, now);

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

  const admins = await deps.db
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(and(eq(users.role, 'platform_admin'), eq(users.status, 'active')));
  let delivered = 0;
  for (const admin of admins) {
    const values = {
      name: input.fullName,
      email: input.email,
      phone: input.phone ? `+255 ${input.phone}` : translate(admin.language, mail.noPhone),
      language: translate(admin.language, context.locale === 'sw' ? mail.swahili : mail.english),
      message: input.message,
    };
    try {
      await deps.mailer.send({
        to: admin.email,
        replyTo: input.email,
        subject: translate(admin.language, mail.subject, values),
        text: translate(admin.language, mail.body, values),
      });
      delivered++;
    } catch (error) {
      deps.log.error('Contact request not mailed', { id: stored.id, error: String(error) });
    }
  }
  if (delivered > 0) {
    await deps.db
      .update(contactRequests)
      .set({ mailedAt: deps.clock.now() })
      .where(eq(contactRequests.id, stored.id));
  }
  return { id: stored.id };
}
