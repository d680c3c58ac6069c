// The expense module's records in the changes feed (server/sync/feed.ts): expenses, their
// files, vendors and categories, each read by its company's feed positions.
import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { expenseAttachments, expenseCategories, expenses, vendors } from '../db/schema';
import type { FeedSource } from '../sync/feed';
import { toAttachment, toCategory, toExpense, toVendor } from './records';

type FeedTable = PgTable & { id: PgColumn; companyId: PgColumn; seq: PgColumn };

function source<Row extends { id: string; seq: number }>(
  type: string,
  table: FeedTable,
  toRecord: (row: Row) => unknown,
): FeedSource {
  return {
    type,
    async read(db: DbOrTx, companyId, after, upTo, limit) {
      const rows = (await db
        .select()
        .from(table)
        .where(and(eq(table.companyId, companyId), gt(table.seq, after), lte(table.seq, upTo)))
        .orderBy(asc(table.seq))
        .limit(limit)) as Row[];
      return rows.map((row) => ({
        type,
        id: row.id,
        seq: row.seq,
        deleted: false as const,
        record: toRecord(row),
      }));
    },
  };
}

export const expenseFeedSources: FeedSource[] = [
  source('expense_category', expenseCategories, toCategory),
  source('vendor', vendors, toVendor),
  source('expense', expenses, toExpense),
  source('expense_attachment', expenseAttachments, toAttachment),
];
