// GET /v1/accounting/changes: every synced record of a company changed after a cursor, and the
// next cursor. Each synced table is a source below (invoices and expenses add theirs); all of
// them draw positions from the company's one counter (changes.ts), so positions are unique
// across tables and a merged, ordered page never skips one.
import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { customers, invoices, products, tombstones } from '../db/schema';
import { toCustomer } from '../customers/service';
import { fromJoined, selectInvoices } from '../invoices/records';
import { expenseFeedSources } from '../expenses/feed';
import { toProduct } from '../products/service';
import { lastChangeSeq, type SyncedEntity } from './changes';

export type Change =
  | { type: SyncedEntity; id: string; seq: number; deleted: false; record: unknown }
  | { type: SyncedEntity; id: string; seq: number; deleted: true };

export interface FeedSource {
  type: SyncedEntity;
  /** Up to `limit` records of the company with after < seq <= upTo, by seq. */
  read(
    db: DbOrTx,
    companyId: string,
    after: number,
    upTo: number,
    limit: number,
  ): Promise<Change[]>;
}

export const feedSources: FeedSource[] = [
  {
    type: 'customer',
    async read(db, companyId, after, upTo, limit) {
      const rows = await db
        .select()
        .from(customers)
        .where(
          and(
            eq(customers.companyId, companyId),
            gt(customers.seq, after),
            lte(customers.seq, upTo),
          ),
        )
        .orderBy(asc(customers.seq))
        .limit(limit);
      return rows.map((row) => ({
        type: 'customer',
        id: row.id,
        seq: row.seq,
        deleted: false,
        record: toCustomer(row),
      }));
    },
  },
  {
    type: 'product',
    async read(db, companyId, after, upTo, limit) {
      const rows = await db
        .select()
        .from(products)
        .where(
          and(eq(products.companyId, companyId), gt(products.seq, after), lte(products.seq, upTo)),
        )
        .orderBy(asc(products.seq))
        .limit(limit);
      return rows.map((row) => ({
        type: 'product',
        id: row.id,
        seq: row.seq,
        deleted: false,
        record: toProduct(row),
      }));
    },
  },
  {
    type: 'invoice',
    async read(db, companyId, after, upTo, limit) {
      const rows = await selectInvoices(db)
        .where(
          and(eq(invoices.companyId, companyId), gt(invoices.seq, after), lte(invoices.seq, upTo)),
        )
        .orderBy(asc(invoices.seq))
        .limit(limit);
      return rows.map((row) => ({
        type: 'invoice',
        id: row.invoice.id,
        seq: row.invoice.seq,
        deleted: false,
        record: fromJoined(row),
      }));
    },
  },
  ...expenseFeedSources,
];

async function readTombstones(
  db: DbOrTx,
  companyId: string,
  after: number,
  upTo: number,
  limit: number,
): Promise<Change[]> {
  const rows = await db
    .select()
    .from(tombstones)
    .where(
      and(
        eq(tombstones.companyId, companyId),
        gt(tombstones.seq, after),
        lte(tombstones.seq, upTo),
      ),
    )
    .orderBy(asc(tombstones.seq))
    .limit(limit);
  return rows.map((row) => ({ type: row.entity, id: row.id, seq: row.seq, deleted: true }));
}

export interface ChangesPage {
  changes: Change[];
  /** Give it back as ?since= to continue. */
  cursor: string;
  /** More changes wait after this page: ask again at once. */
  more: boolean;
  /**
   * The cursor was ahead of the server (its database was restored from a backup): this page
   * starts from the beginning, and the device should forget records it does not get again.
   */
  reset: boolean;
}

export const DEFAULT_PAGE = 500;
export const MAX_PAGE = 1000;

/**
 * Reads the company's counter first and only returns positions up to it. Every position up to
 * that value belonged to a transaction that had committed when it was read, so the per-table
 * queries that follow (each its own snapshot) cannot miss one of them; anything newer is left
 * for the next call.
 */
export async function readChanges(
  db: DbOrTx,
  companyId: string,
  since: number,
  limit: number,
): Promise<ChangesPage> {
  const upTo = await lastChangeSeq(db, companyId);
  const reset = since > upTo;
  const after = reset ? 0 : since;
  const batches = await Promise.all([
    ...feedSources.map((source) => source.read(db, companyId, after, upTo, limit + 1)),
    readTombstones(db, companyId, after, upTo, limit + 1),
  ]);
  const merged = batches.flat().sort((a, b) => a.seq - b.seq);
  const more = merged.length > limit;
  const changes = merged.slice(0, limit);
  const cursor = more ? changes[changes.length - 1]!.seq : upTo;
  return { changes, cursor: String(cursor), more, reset };
}
