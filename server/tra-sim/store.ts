// The simulator's ledger on the embedded database lives in DATA_DIR/tra-sim, apart from the
// server's (thread.ts). Installations from before kept it in the server's database: the first
// start moves it, so VFDs registered then keep their certificates, counters and receipts.
import fs from 'node:fs';
import { asc, count, getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { migrateDatabase, openDatabase } from '../db/client';
import {
  traSimKeys,
  traSimReceipts,
  traSimTaxpayers,
  traSimTokens,
  traSimZReports,
} from '../db/schema';
import type { Logger } from '../logger';

const PAGE = 500;

/** Each table with the column that orders its pages. */
const TABLES = [
  [traSimKeys, traSimKeys.id],
  [traSimTaxpayers, traSimTaxpayers.serial],
  [traSimTokens, traSimTokens.token],
  [traSimReceipts, traSimReceipts.id],
  [traSimZReports, traSimZReports.id],
] as const;

async function copyTable(from: Db, to: Db, table: PgTable, order: (typeof TABLES)[number][1]) {
  let copied = 0;
  for (let offset = 0; ; offset += PAGE) {
    const rows = await from.select().from(table).orderBy(asc(order)).limit(PAGE).offset(offset);
    if (rows.length) await to.insert(table).values(rows);
    copied += rows.length;
    if (rows.length < PAGE) return copied;
  }
}

/**
 * Moves the ledger out of the server's embedded database into `dir` when `dir` does not exist
 * yet and the server's database holds one. The copy is made in a folder beside `dir` and
 * renamed into place once complete, so an interrupted move is made again at the next start;
 * only then are the server's copies deleted.
 */
export async function moveSimulatorLedger(db: Db, dir: string, log: Logger): Promise<void> {
  if (!fs.existsSync(dir)) {
    const [held] = await db.select({ n: count() }).from(traSimTaxpayers);
    if (!held?.n) return;
    const partial = `${dir}.moving`;
    fs.rmSync(partial, { recursive: true, force: true });
    const store = await openDatabase({ dataDir: partial });
    try {
      await migrateDatabase(store);
      const counts: Record<string, number> = {};
      for (const [table, order] of TABLES)
        counts[getTableName(table)] = await copyTable(db, store.db, table, order);
      log.info('The TRA simulator ledger moved to its own database', { dir, ...counts });
    } finally {
      await store.close();
    }
    fs.renameSync(partial, dir);
  }
  await db.transaction(async (tx) => {
    for (const [table] of TABLES) await tx.delete(table);
  });
}
