// Attempt counters kept in the database, so every server process behind a load balancer sees
// the same counts. Each attempt is taken with one INSERT … ON CONFLICT DO UPDATE … RETURNING
// before the costly check, so parallel requests cannot all pass the limit between a read and
// a write.
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rateLimits } from '../db/schema';
import { appError } from '../http/app-error';

export interface Limit {
  /** Attempts allowed per window. */
  max: number;
  windowMs: number;
}

export const LIMITS = {
  /** One account from one address: the owner elsewhere is never locked out by a stranger. */
  loginPerPair: { max: 5, windowMs: 24 * 60 * 60_000 },
  /** Shops on one mobile network often share an address (carrier NAT), so this is generous. */
  loginPerAddress: { max: 50, windowMs: 15 * 60_000 },
  recoveryPerAccount: { max: 5, windowMs: 60 * 60_000 },
  otpPerAddress: { max: 20, windowMs: 15 * 60_000 },
  invoiceMailPerUser: { max: 30, windowMs: 60 * 60_000 },
  invoiceMailPerRecipient: { max: 5, windowMs: 60 * 60_000 },
  /** Checks of the current password by a signed-in user (a stolen session guessing it). */
  passwordCheckPerUser: { max: 5, windowMs: 24 * 60 * 60_000 },
  /** Wrong USSD PINs per calling number (or per user trying the menus in the app). */
  ussdPinPerCaller: { max: 5, windowMs: 15 * 60_000 },
  /**
   * USSD PINs set per user, right or refused: a PIN someone else on the same number uses is
   * refused, and this keeps that answer from being a way to find their PIN by trying them all.
   */
  ussdPinSetPerUser: { max: 5, windowMs: 24 * 60 * 60_000 },
} satisfies Record<string, Limit>;

/** Records one attempt against the key and returns how many the current window now holds. */
export async function recordAttempt(
  db: DbOrTx,
  key: string,
  limit: Limit,
  now: Date,
): Promise<number> {
  const cutoff = new Date(now.getTime() - limit.windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        windowStart: sql`case when ${rateLimits.windowStart} <= ${cutoff.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
        count: sql`case when ${rateLimits.windowStart} <= ${cutoff.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
      },
    })
    .returning({ count: rateLimits.count });
  return row?.count ?? 1;
}

export async function clearAttempts(db: DbOrTx, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

function rateLimited(retryMs: number): Error {
  const seconds = Math.max(1, Math.ceil(retryMs / 1000));
  return appError(429, 'rate_limited', {
    values: { minutes: Math.max(1, Math.ceil(seconds / 60)) },
    headers: { 'Retry-After': String(seconds) },
  });
}

/**
 * Takes one attempt from the key's window, or throws 429 when the window is used up. The
 * check and the count are one statement: of any number of parallel requests, at most `max`
 * get through.
 */
export async function takeAttempt(db: DbOrTx, key: string, limit: Limit, now: Date): Promise<void> {
  const nowTs = sql`${now.toISOString()}::timestamptz`;
  const expired = sql`${rateLimits.windowStart} <= ${new Date(now.getTime() - limit.windowMs).toISOString()}::timestamptz`;
  const rows = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        windowStart: sql`case when ${expired} then ${nowTs} else ${rateLimits.windowStart} end`,
        count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
      },
      setWhere: sql`${expired} or ${rateLimits.count} < ${limit.max}`,
    })
    .returning({ count: rateLimits.count });
  if (rows.length > 0) return;
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
  throw rateLimited(
    (row ? row.windowStart.getTime() + limit.windowMs : now.getTime()) - now.getTime(),
  );
}

/** Gives back an attempt taken by takeAttempt, for a request that turned out to be the owner's. */
export async function returnAttempt(db: DbOrTx, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

/** The block after the nth failure beyond the free ones: 1, 2, 4, 8, then 15 minutes. */
export const MAX_BLOCK_MINUTES = 15;

/**
 * Takes one attempt for a key that blocks after `max` failures. The attempt is counted as a
 * failure up front (clearAttempts forgets them after a success). The attempt that uses the
 * last free failure, and each one after a block ends, starts a block that doubles from one
 * minute up to 15; requests arriving during a block are refused unchecked, so parallel
 * guesses gain nothing.
 */
export async function takeGuardedAttempt(
  db: DbOrTx,
  key: string,
  limit: Limit,
  now: Date,
): Promise<void> {
  const nowTs = sql`${now.toISOString()}::timestamptz`;
  const expired = sql`${rateLimits.windowStart} <= ${new Date(now.getTime() - limit.windowMs).toISOString()}::timestamptz`;
  const nextCount = sql`(case when ${expired} then 1 else ${rateLimits.count} + 1 end)`;
  const firstBlock = limit.max <= 1 ? sql`${nowTs} + interval '1 minute'` : null;
  const rows = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1, blockedUntil: firstBlock })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        windowStart: nowTs,
        count: nextCount,
        blockedUntil: sql`case when ${nextCount} >= ${limit.max} then ${nowTs} + least(power(2, ${nextCount} - ${limit.max}), ${MAX_BLOCK_MINUTES}) * interval '1 minute' else null end`,
      },
      setWhere: sql`${rateLimits.blockedUntil} is null or ${rateLimits.blockedUntil} <= ${nowTs}`,
    })
    .returning({ count: rateLimits.count });
  if (rows.length > 0) return;
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
  throw rateLimited((row?.blockedUntil?.getTime() ?? now.getTime()) - now.getTime());
}
