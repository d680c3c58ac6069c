// Fixed-window attempt counters kept in the database, so every server process behind a load
// balancer sees the same counts.
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
  loginPerAccount: { max: 5, windowMs: 15 * 60_000 },
  /** Shops on one mobile network often share an address (carrier NAT), so this is generous. */
  loginPerAddress: { max: 50, windowMs: 15 * 60_000 },
  recoveryPerAccount: { max: 5, windowMs: 60 * 60_000 },
  otpPerAddress: { max: 20, windowMs: 15 * 60_000 },
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

/** Throws 429 with the wait in minutes when the key has used up its window. */
export async function assertUnderLimit(
  db: DbOrTx,
  key: string,
  limit: Limit,
  now: Date,
): Promise<void> {
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
  if (!row) return;
  const windowEnds = row.windowStart.getTime() + limit.windowMs;
  if (windowEnds <= now.getTime() || row.count < limit.max) return;
  const seconds = Math.ceil((windowEnds - now.getTime()) / 1000);
  throw appError(429, 'rate_limited', {
    values: { minutes: Math.max(1, Math.ceil(seconds / 60)) },
    headers: { 'Retry-After': String(seconds) },
  });
}

export async function clearAttempts(db: DbOrTx, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}
