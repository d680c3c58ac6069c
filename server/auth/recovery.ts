// Password recovery by one-time code (spec §4, §5 OTP): email → 6-digit code valid 1 hour,
// at most 3 attempts → new password. The answer to an unknown email looks like any other, so
// the screens do not reveal which addresses have accounts.
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { errorMessages } from '../../domain/errors';
import type { Locale } from '../../domain/i18n';
import type { Deps } from '../context';
import { passwordResets, users } from '../db/schema';
import { appError } from '../http/app-error';
import { translate } from '../i18n';
import { setPassword } from './service';
import { LIMITS, takeAttempt } from './rate-limit';

export const OTP_TTL_MS = 60 * 60_000;
export const OTP_MAX_ATTEMPTS = 3;

const mail = {
  subject: /*i18n*/ { id: 'Your Risiti password recovery code' },
  body: /*i18n*/ {
    id: 'Hello {name},\n\nYour code to reset your Risiti password is {code}.\nIt is valid for 1 hour. If you did not ask for it, ignore this message.\n\nRisiti',
  },
};

function codeHash(verification: string, code: string): string {
  return crypto.createHash('sha256').update(`${verification}:${code}`).digest('hex');
}

export async function requestRecovery(
  deps: Deps,
  email: string,
  address: string,
  requestLocale: Locale,
): Promise<{ verification: string }> {
  const now = deps.clock.now();
  const normalized = email.trim().toLowerCase();
  // Limits are keyed on the address and the email as typed, known or not, and the lookup and
  // the mail happen after the answer: status, body and time say nothing about the account.
  await takeAttempt(deps.db, `otp:addr:${address}`, LIMITS.otpPerAddress, now);
  await takeAttempt(deps.db, `recover:email:${normalized}`, LIMITS.recoveryPerAccount, now);
  const verification = crypto.randomBytes(24).toString('base64url');
  void sendRecoveryCode(deps, normalized, verification, requestLocale, now).catch((error) =>
    deps.log.error('recovery code not sent', { error: String(error) }),
  );
  return { verification };
}

async function sendRecoveryCode(
  deps: Deps,
  normalized: string,
  verification: string,
  requestLocale: Locale,
  now: Date,
): Promise<void> {
  const [user] = await deps.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, normalized));
  const known = user?.status === 'active' ? user : null;
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  // Without an account the recovery is kept too, under a hash no six digits match: its wrong
  // codes count to the same block and it expires at the same hour, so trying codes against it
  // tells nothing a real recovery would not.
  await deps.db.insert(passwordResets).values({
    userId: known?.id ?? null,
    verification,
    codeHash: known ? codeHash(verification, code) : crypto.randomBytes(32).toString('hex'),
    expiresAt: new Date(now.getTime() + OTP_TTL_MS),
    createdAt: now,
  });
  if (!known) return;
  const locale = known.language ?? requestLocale;
  await deps.mailer.send({
    to: known.email,
    subject: translate(locale, mail.subject),
    text: translate(locale, mail.body, { name: known.firstName, code }),
  });
}

export async function verifyOtp(
  deps: Deps,
  verification: string,
  code: string,
  address: string,
): Promise<void> {
  const now = deps.clock.now();
  await takeAttempt(deps.db, `otp:addr:${address}`, LIMITS.otpPerAddress, now);
  const outcome = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.verification, verification))
      .for('update');
    // An unknown verification behaves like a wrong code, so it reveals nothing.
    if (!row || row.usedAt) return 'otp_incorrect' as const;
    if (row.attempts >= OTP_MAX_ATTEMPTS) return 'otp_attempts_exceeded' as const;
    if (row.expiresAt <= now) return 'otp_expired' as const;
    if (row.verifiedAt) return 'ok' as const;
    const given = Buffer.from(codeHash(verification, code));
    const expected = Buffer.from(row.codeHash);
    if (crypto.timingSafeEqual(given, expected)) {
      await tx.update(passwordResets).set({ verifiedAt: now }).where(eq(passwordResets.id, row.id));
      return 'ok' as const;
    }
    const attempts = row.attempts + 1;
    await tx.update(passwordResets).set({ attempts }).where(eq(passwordResets.id, row.id));
    if (attempts >= OTP_MAX_ATTEMPTS) return 'otp_attempts_exceeded' as const;
    return attempts === 2 ? ('otp_incorrect_last' as const) : ('otp_incorrect' as const);
  });
  if (outcome === 'otp_incorrect' || outcome === 'otp_incorrect_last') {
    throw appError(400, outcome, { fields: { code: errorMessages[outcome].id } });
  }
  if (outcome !== 'ok') throw appError(outcome === 'otp_attempts_exceeded' ? 429 : 400, outcome);
}

export async function resetPassword(
  deps: Deps,
  verification: string,
  newPassword: string,
): Promise<void> {
  const now = deps.clock.now();
  const done = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.verification, verification))
      .for('update');
    if (!row?.userId || !row.verifiedAt || row.usedAt || row.expiresAt <= now) return false;
    await tx.update(passwordResets).set({ usedAt: now }).where(eq(passwordResets.id, row.id));
    await setPassword(deps, tx, row.userId, newPassword, 'password_reset');
    return true;
  });
  if (!done) throw appError(400, 'reset_failed');
}
