// One sender per VFD across every server process: a lease row claimed with a single
// conditional upsert (free, expired, or already ours), renewed before each send, released at
// the end. The fence number changes on every claim, so a holder that stalled past its expiry
// cannot renew a lease someone else has taken since. No transaction is held while sending.
import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { vfdLeases } from '../db/schema';

export interface Lease {
  companyId: string;
  holder: string;
  fence: number;
}

export async function claimLease(
  db: DbOrTx,
  companyId: string,
  holder: string,
  now: Date,
  ttlMs: number,
): Promise<Lease | null> {
  const expiresAt = new Date(now.getTime() + ttlMs);
  const rows = await db
    .insert(vfdLeases)
    .values({ companyId, holder, fence: 1, expiresAt })
    .onConflictDoUpdate({
      target: vfdLeases.companyId,
      set: { holder, expiresAt, fence: sql`${vfdLeases.fence} + 1` },
      setWhere: sql`${vfdLeases.expiresAt} <= ${now.toISOString()}::timestamptz or ${vfdLeases.holder} = ${holder}`,
    })
    .returning({ fence: vfdLeases.fence });
  const row = rows[0];
  return row ? { companyId, holder, fence: row.fence } : null;
}

/** Extends the lease; false when it was lost (expired and taken by another holder). */
export async function renewLease(
  db: DbOrTx,
  lease: Lease,
  now: Date,
  ttlMs: number,
): Promise<boolean> {
  const rows = await db
    .update(vfdLeases)
    .set({ expiresAt: new Date(now.getTime() + ttlMs) })
    .where(
      and(
        eq(vfdLeases.companyId, lease.companyId),
        eq(vfdLeases.holder, lease.holder),
        eq(vfdLeases.fence, lease.fence),
        gt(vfdLeases.expiresAt, now),
      ),
    )
    .returning({ fence: vfdLeases.fence });
  return rows.length === 1;
}

export async function releaseLease(db: DbOrTx, lease: Lease): Promise<void> {
  await db
    .update(vfdLeases)
    .set({ expiresAt: new Date(0) })
    .where(
      and(
        eq(vfdLeases.companyId, lease.companyId),
        eq(vfdLeases.holder, lease.holder),
        eq(vfdLeases.fence, lease.fence),
      ),
    );
}
