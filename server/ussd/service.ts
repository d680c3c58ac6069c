// Who is dialling and what they may see: the USSD caller is an active owner or operator of an
// active company whose profile mobile is the calling number and whose PIN matches. Every failure
// to identify reads the same, so the channel never tells whether a number is registered.
import crypto from 'node:crypto';
import { and, count, desc, eq, inArray, isNotNull, sum } from 'drizzle-orm';
import { eatDate } from '../../domain/dates';
import { cents, type Cents } from '../../domain/money';
import {
  USSD_PIN_PATTERN,
  USSD_SHORT_CODE,
  ussdPinMessages,
  type UssdAccess,
} from '../../domain/ussd';
import type { Locale } from '../../domain/i18n';
import type { Deps } from '../context';
import { auditLog, companies, invoices, organizations, users } from '../db/schema';
import { AppError, appError } from '../http/app-error';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../auth/passwords';
import {
  clearAttempts,
  LIMITS,
  returnAttempt,
  takeAttempt,
  takeGuardedAttempt,
} from '../auth/rate-limit';
import { errorMessages } from '../../domain/errors';

const SELLERS = ['company_owner', 'operator'] as const;

export interface UssdUser {
  id: string;
  companyId: string;
  language: Locale;
}

/** Who is asking: a gateway's caller by number, or a signed-in user trying the menus. */
export type UssdCaller = { kind: 'phone'; phone9: string } | { kind: 'user'; userId: string };

const pinKey = (caller: UssdCaller) =>
  caller.kind === 'phone' ? `ussd-pin:phone:${caller.phone9}` : `ussd-pin:user:${caller.userId}`;

async function sellers(deps: Deps, caller: UssdCaller) {
  return deps.db
    .select({
      id: users.id,
      companyId: users.companyId,
      language: users.language,
      pinHash: users.ussdPinHash,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .innerJoin(organizations, eq(organizations.id, companies.organizationId))
    .where(
      and(
        caller.kind === 'phone' ? eq(users.mobile, caller.phone9) : eq(users.id, caller.userId),
        eq(users.status, 'active'),
        inArray(users.role, SELLERS),
        isNotNull(users.ussdPinHash),
        eq(companies.active, true),
        eq(organizations.active, true),
      ),
    );
}

export type Identified =
  | { ok: true; user: UssdUser }
  | { ok: false; reason: 'unknown' }
  | { ok: false; reason: 'limited'; minutes: number };

/**
 * Checks the PIN typed in this session. Each check takes one attempt from the caller's window
 * before the hash is compared (parallel guesses cannot pass the limit together); a right PIN
 * gives its attempt back, so a session's later screens, which check it again, cost nothing.
 */
export async function identify(deps: Deps, caller: UssdCaller, pin: string): Promise<Identified> {
  const key = pinKey(caller);
  try {
    await takeAttempt(deps.db, key, LIMITS.ussdPinPerCaller, deps.clock.now());
  } catch (error) {
    if (error instanceof AppError && error.code === 'rate_limited') {
      return { ok: false, reason: 'limited', minutes: Number(error.options.values?.minutes ?? 15) };
    }
    throw error;
  }
  const candidates = USSD_PIN_PATTERN.test(pin) ? await sellers(deps, caller) : [];
  const matches = [];
  for (const candidate of candidates) {
    if (candidate.companyId && (await verifyPassword(candidate.pinHash!, pin))) {
      matches.push({ ...candidate, companyId: candidate.companyId });
    }
  }
  // Two people on one number with one PIN (set before PINs were kept apart) cannot be told
  // apart: a sale booked under either could be the other's, so neither is let in.
  const [match] = matches;
  if (match && matches.length === 1) {
    await returnAttempt(deps.db, key);
    return {
      ok: true,
      user: { id: match.id, companyId: match.companyId, language: match.language },
    };
  }
  // An unknown number spends the same effort as a wrong PIN.
  if (!candidates.length) await verifyAgainstDummy(pin);
  return { ok: false, reason: 'unknown' };
}

/** Whether the signed-in user may try the menus: an owner or operator with a PIN set. */
export async function canTry(deps: Deps, userId: string): Promise<boolean> {
  return (await sellers(deps, { kind: 'user', userId })).length > 0;
}

const passwordCheckKey = (userId: string) => `password-check:user:${userId}`;

export async function ussdAccess(deps: Deps, userId: string): Promise<UssdAccess> {
  const [user] = await deps.db
    .select({
      mobile: users.mobile,
      pin: users.ussdPinHash,
      role: users.role,
      companyId: users.companyId,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw appError(404, 'not_found');
  return {
    shortCode: USSD_SHORT_CODE,
    mobile: user.mobile,
    pinSet: user.pin !== null,
    eligible: (SELLERS as readonly string[]).includes(user.role) && user.companyId !== null,
  };
}

/** Sets or changes the USSD PIN after checking the account's current password. */
export async function setUssdPin(
  deps: Deps,
  userId: string,
  input: { currentPassword: string; pin: string },
): Promise<UssdAccess> {
  const now = deps.clock.now();
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw appError(404, 'not_found');
  if (!(SELLERS as readonly string[]).includes(user.role) || !user.companyId) {
    throw appError(403, 'forbidden');
  }
  await takeGuardedAttempt(deps.db, passwordCheckKey(userId), LIMITS.passwordCheckPerUser, now);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw appError(400, 'current_password_invalid', {
      fields: { currentPassword: errorMessages.current_password_invalid.id },
    });
  }
  await clearAttempts(deps.db, passwordCheckKey(userId));
  // The phone's caller is known by number and PIN together: people sharing a number (a shop's
  // one phone) each need their own PIN, or a sale could be booked under the wrong person.
  if (user.mobile) {
    await takeAttempt(deps.db, `ussd-pin-set:user:${userId}`, LIMITS.ussdPinSetPerUser, now);
    const sharing = await sellers(deps, { kind: 'phone', phone9: user.mobile });
    for (const other of sharing) {
      if (other.id !== userId && (await verifyPassword(other.pinHash!, input.pin))) {
        throw new AppError(422, 'validation_failed', errorMessages.validation_failed, {
          fields: { pin: ussdPinMessages.pinShared.id },
        });
      }
    }
  }
  const pinHash = await hashPassword(input.pin);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ ussdPinHash: pinHash, updatedAt: now })
      .where(eq(users.id, userId));
    await tx.insert(auditLog).values({
      companyId: user.companyId,
      userId,
      action: user.ussdPinHash ? 'ussd_pin_changed' : 'ussd_pin_set',
      entity: 'user',
      entityId: userId,
      createdAt: now,
    });
  });
  // A new PIN starts with a clean slate of attempts, on the phone as in the app.
  if (user.mobile) await clearAttempts(deps.db, `ussd-pin:phone:${user.mobile}`);
  await clearAttempts(deps.db, `ussd-pin:user:${userId}`);
  return ussdAccess(deps, userId);
}

/**
 * The invoice id of a session's sale: the same session always names the same invoice, so a
 * gateway that repeats the final request finds the sale it already made instead of a second one.
 */
export function sessionUuid(user: UssdUser, sessionId: string, part: string): string {
  const bytes = crypto
    .createHash('sha256')
    .update(`ussd\n${user.companyId}\n${user.id}\n${sessionId}\n${part}`)
    .digest()
    .subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const RECEIPTED = ['submitted', 'issued'] as const;

/** The user's own fiscal receipts of today (EAT): how many and their total. */
export async function todaysSales(
  deps: Deps,
  user: UssdUser,
): Promise<{ date: string; count: number; total: Cents }> {
  const date = eatDate(deps.clock.now());
  const [row] = await deps.db
    .select({ n: count(), total: sum(invoices.totalIncludingTax) })
    .from(invoices)
    .where(
      and(
        eq(invoices.companyId, user.companyId),
        eq(invoices.operatorId, user.id),
        inArray(invoices.status, RECEIPTED),
        eq(invoices.date, date),
      ),
    );
  return { date, count: row?.n ?? 0, total: cents(Number(row?.total ?? 0)) };
}

/** The user's latest fiscal receipt, if any. */
export async function lastReceipt(deps: Deps, user: UssdUser) {
  const [row] = await deps.db
    .select({
      receiptNumber: invoices.receiptNumber,
      verificationCode: invoices.verificationCode,
      total: invoices.totalIncludingTax,
      date: invoices.date,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.companyId, user.companyId),
        eq(invoices.operatorId, user.id),
        inArray(invoices.status, RECEIPTED),
      ),
    )
    .orderBy(desc(invoices.submittedAt), desc(invoices.receiptNumber))
    .limit(1);
  return row ? { ...row, total: cents(Number(row.total)) } : null;
}
