// Positions in a company's changes feed. A plain sequence would let a reader skip a change:
// transaction A takes 5, B takes 6 and commits first, a reader sees 6 and moves its cursor
// past 5, which A commits a moment later. Here every writer bumps the company's counter row,
// whose lock it holds until commit, so a company's numbers become visible in order: whoever
// can see n can see every smaller n of that company.
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../db/client';
import { changeCounters, tombstones } from '../db/schema';

/**
 * Reserves `count` consecutive positions for this transaction's writes and returns the first.
 * It locks the company's counter until the transaction ends, which also serialises the
 * company's writers (so their duplicate checks cannot race). Call it first in a transaction
 * that writes synced records, before taking any other lock that another transaction could
 * hold while waiting for this one (deadlock otherwise).
 */
export async function reserveChangeSeq(tx: Tx, companyId: string, count = 1): Promise<number> {
  const [row] = await tx
    .insert(changeCounters)
    .values({ companyId, lastSeq: count })
    .onConflictDoUpdate({
      target: changeCounters.companyId,
      set: { lastSeq: sql`${changeCounters.lastSeq} + ${count}` },
    })
    .returning({ lastSeq: changeCounters.lastSeq });
  return row!.lastSeq - count + 1;
}

/** The company's highest committed position (0 before its first change). */
export async function lastChangeSeq(db: DbOrTx, companyId: string): Promise<number> {
  const [row] = await db
    .select({ lastSeq: changeCounters.lastSeq })
    .from(changeCounters)
    .where(eq(changeCounters.companyId, companyId));
  return row?.lastSeq ?? 0;
}

export type SyncedEntity = 'customer' | 'product' | (string & {});

export async function recordTombstone(
  tx: Tx,
  entry: { entity: SyncedEntity; id: string; companyId: string; seq: number; at: Date },
): Promise<void> {
  await tx
    .insert(tombstones)
    .values({
      entity: entry.entity,
      id: entry.id,
      companyId: entry.companyId,
      seq: entry.seq,
      deletedAt: entry.at,
    })
    .onConflictDoNothing();
}

/** Whether the record was deleted in this company (so a late replay of its deletion is a no-op). */
export async function isTombstoned(
  db: DbOrTx,
  entity: SyncedEntity,
  id: string,
  companyId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: tombstones.id })
    .from(tombstones)
    .where(
      and(
        eq(tombstones.entity, entity),
        eq(tombstones.id, id),
        eq(tombstones.companyId, companyId),
      ),
    );
  return Boolean(row);
}
