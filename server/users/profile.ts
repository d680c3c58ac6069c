// The signed-in user's own profile: names, email, phone and language. A new email is not taken
// at once: the current password is asked, a 6-digit code goes to the new address, and the email
// changes when that code comes back (the old address is told). The answer never says whether an
// address belongs to someone else: a taken address simply gets no code.
import crypto from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { errorMessages } from '../../domain/errors';
import type { Locale } from '../../domain/i18n';
import { m } from '../../domain/messages';
import type { SessionUser } from '../../domain/roles';
import type { ProfileInput } from '../../domain/schemas/auth';
import type { Deps } from '../context';
import { auditLog, emailChanges, users } from '../db/schema';
import { appError } from '../http/app-error';
import { translate } from '../i18n';
import { verifyPassword } from '../auth/passwords';
import { clearAttempts, LIMITS, takeAttempt, takeGuardedAttempt } from '../auth/rate-limit';
import { sessionUser } from '../auth/service';

export const EMAIL_CODE_TTL_MS = 60 * 60_000;
export const EMAIL_CODE_MAX_ATTEMPTS = 3;

const mails = {
  codeSubject: /*i18n*/ { id: 'Your Risiti email change code' },
  codeBody: /*i18n*/ {
    id: 'Hello {name},\n\nYour code to make {email} your Risiti sign-in email is {code}.\nIt is valid for 1 hour. If you did not ask for it, ignore this message.\n\nRisiti',
  },
  changedSubject: /*i18n*/ { id: 'Your Risiti sign-in email was changed' },
  changedBody: /*i18n*/ {
    id: 'Hello {name},\n\nThe sign-in email of your Risiti account was changed from this address to {email}.\nIf you did not do this, reset your password at once and tell your administrator.\n\nRisiti',
  },
};

/** What the profile form gets back: the user, and the new email waiting for its code, if any. */
export type ProfileUpdate = SessionUser & { pendingEmail: string | null };

const codeHash = (userId: string, code: string) =>
  crypto.createHash('sha256').update(`${userId}:${code}`).digest('hex');

const passwordCheckKey = (userId: string) => `password-check:user:${userId}`;

export async function updateProfile(
  deps: Deps,
  userId: string,
  input: ProfileInput,
): Promise<ProfileUpdate> {
  const now = deps.clock.now();
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw appError(404, 'not_found');
  const newEmail = input.email.toLowerCase() === user.email.toLowerCase() ? null : input.email;
  if (newEmail) {
    if (!input.currentPassword)
      throw appError(422, 'validation_failed', {
        fields: { currentPassword: m.currentPasswordRequired.id },
      });
    await takeGuardedAttempt(deps.db, passwordCheckKey(userId), LIMITS.passwordCheckPerUser, now);
    if (!(await verifyPassword(user.passwordHash, input.currentPassword)))
      throw appError(400, 'current_password_invalid', {
        fields: { currentPassword: errorMessages.current_password_invalid.id },
      });
    await clearAttempts(deps.db, passwordCheckKey(userId));
  }
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  const updated = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        mobile: input.mobile,
        language: input.language,
        updatedAt: now,
      })
      .where(eq(users.id, userId))
      .returning({ companyId: users.companyId });
    if (!row) throw appError(404, 'not_found');
    if (newEmail) {
      const pending = {
        newEmail,
        codeHash: codeHash(userId, code),
        expiresAt: new Date(now.getTime() + EMAIL_CODE_TTL_MS),
        attempts: 0,
        createdAt: now,
      };
      await tx
        .insert(emailChanges)
        .values({ userId, ...pending })
        .onConflictDoUpdate({ target: emailChanges.userId, set: pending });
    }
    await tx.insert(auditLog).values({
      companyId: row.companyId,
      userId,
      action: newEmail ? 'profile_updated_email_pending' : 'profile_updated',
      entity: 'user',
      entityId: userId,
      createdAt: now,
    });
    return sessionUser(tx, userId);
  });
  if (newEmail) {
    const locale: Locale = input.language;
    void sendCode(deps, userId, newEmail, code, user.firstName, locale).catch((error: unknown) =>
      deps.log.error('email change code not sent', { error: String(error) }),
    );
  }
  return { ...updated, pendingEmail: newEmail };
}

/** Mails the code unless the address is another account's (which the answer never says). */
async function sendCode(
  deps: Deps,
  userId: string,
  newEmail: string,
  code: string,
  name: string,
  locale: Locale,
): Promise<void> {
  const [taken] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, newEmail.toLowerCase()), ne(users.id, userId)));
  if (taken) return;
  await deps.mailer.send({
    to: newEmail,
    subject: translate(locale, mails.codeSubject),
    text: translate(locale, mails.codeBody, { name, email: newEmail, code }),
  });
}

/** Takes the code mailed to the new address; the email changes and the old address is told. */
export async function confirmEmailChange(
  deps: Deps,
  userId: string,
  code: string,
): Promise<SessionUser> {
  const now = deps.clock.now();
  // Counted per person, who is signed in: strangers asking for recovery codes from a shop's
  // shared address (carrier NAT) must not use up the codes of the people signed in behind it.
  await takeAttempt(deps.db, `otp:user:${userId}`, LIMITS.otpPerAddress, now);
  const outcome = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(emailChanges)
      .where(eq(emailChanges.userId, userId))
      .for('update');
    if (!row) return { error: 'otp_incorrect' as const };
    if (row.attempts >= EMAIL_CODE_MAX_ATTEMPTS) return { error: 'otp_attempts_exceeded' as const };
    if (row.expiresAt <= now) return { error: 'otp_expired' as const };
    const given = Buffer.from(codeHash(userId, code));
    if (!crypto.timingSafeEqual(given, Buffer.from(row.codeHash))) {
      const attempts = row.attempts + 1;
      await tx.update(emailChanges).set({ attempts }).where(eq(emailChanges.userId, userId));
      if (attempts >= EMAIL_CODE_MAX_ATTEMPTS) return { error: 'otp_attempts_exceeded' as const };
      return {
        error: attempts === 2 ? ('otp_incorrect_last' as const) : ('otp_incorrect' as const),
      };
    }
    // The code reached this person, so the address is theirs to be told about.
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(sql`lower(${users.email})`, row.newEmail.toLowerCase()), ne(users.id, userId)));
    await tx.delete(emailChanges).where(eq(emailChanges.userId, userId));
    if (taken) return { error: 'email_taken' as const };
    const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!before) return { error: 'otp_incorrect' as const };
    await tx.update(users).set({ email: row.newEmail, updatedAt: now }).where(eq(users.id, userId));
    await tx.insert(auditLog).values({
      companyId: before.companyId,
      userId,
      action: 'email_changed',
      entity: 'user',
      entityId: userId,
      createdAt: now,
    });
    return { before };
  });
  if (outcome.error || !outcome.before) {
    const error = outcome.error ?? 'otp_incorrect';
    if (error === 'otp_incorrect' || error === 'otp_incorrect_last')
      throw appError(400, error, { fields: { code: errorMessages[error].id } });
    if (error === 'email_taken')
      throw appError(409, error, { fields: { email: errorMessages.email_taken.id } });
    throw appError(error === 'otp_attempts_exceeded' ? 429 : 400, error);
  }
  const before = outcome.before;
  const user = await sessionUser(deps.db, userId);
  void deps.mailer
    .send({
      to: before.email,
      subject: translate(before.language ?? 'en', mails.changedSubject),
      text: translate(before.language ?? 'en', mails.changedBody, {
        name: before.firstName,
        email: user.email,
      }),
    })
    .catch((error: unknown) =>
      deps.log.error('email change notice not sent', { error: String(error) }),
    );
  return user;
}

export async function setLanguage(
  deps: Deps,
  userId: string,
  language: Locale,
): Promise<SessionUser> {
  await deps.db
    .update(users)
    .set({ language, updatedAt: deps.clock.now() })
    .where(eq(users.id, userId));
  return sessionUser(deps.db, userId);
}
