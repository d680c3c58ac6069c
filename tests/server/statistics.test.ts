// The planner's statistics are kept fresh by the server itself: PGlite has no autovacuum, and a
// table planned as if empty turns a year's report into nested loops over every row. On PGlite
// the server also vacuums dead rows and checkpoints, so its files stay in bounds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrateDatabase, openDatabase, PGLITE_MAX_WAL_MB } from '../../server/db/client';
import {
  checkpointIfLogGrew,
  refreshStatistics,
  startStatisticsRefresh,
  vacuumDeadRows,
} from '../../server/db/statistics';
import { createLogger } from '../../server/logger';
import { organizations } from '../../server/db/schema';
import { createTestDatabase, testDbKind, type TestDatabase } from '../helpers/db';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

async function plannedRows(table: string): Promise<number> {
  const result = (await database.db.execute(
    sql`select reltuples from pg_class where relname = ${table}`,
  )) as unknown as { rows: Array<{ reltuples: number | string }> };
  return Number(result.rows[0]!.reltuples);
}

describe('planner statistics', () => {
  it('analyzes a table once its rows changed past the threshold, and then leaves it alone', async () => {
    await database.db.insert(organizations).values(
      Array.from({ length: 300 }, (_, i) => ({
        name: `Org ${i}`,
        ownerName: 'Owner Name',
        ownerPhone: '712345678',
        ownerEmail: `owner-${i}@example.co.tz`,
      })),
    );
    // PostgreSQL publishes a transaction's row counts to pg_stat_* shortly after it commits (and
    // its autovacuum may analyze first): wait until the planner knows the table's size.
    await expect
      .poll(
        async () => {
          await refreshStatistics(database.db);
          return plannedRows('organizations');
        },
        { timeout: 20_000, interval: 200 },
      )
      .toBeGreaterThanOrEqual(300);

    expect(await refreshStatistics(database.db)).not.toContain('organizations');
  });

  it('are refreshed every minute while the server runs, on either database', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const refresh = startStatisticsRefresh({
      db: database.db,
      dbKind: testDbKind(),
      log: createLogger('error'),
    });
    try {
      const before = await plannedRows('organizations');
      await database.db.insert(organizations).values(
        Array.from({ length: 500 }, (_, i) => ({
          name: `Later org ${i}`,
          ownerName: 'Owner Name',
          ownerPhone: '712345678',
          ownerEmail: `later-${i}@example.co.tz`,
        })),
      );
      // Nothing else analyzes here (the test database's autovacuum may be off): each minute's
      // round, until PostgreSQL has published the new rows' count.
      await expect
        .poll(
          async () => {
            vi.advanceTimersByTime(60_000);
            await new Promise((resolve) => setTimeout(resolve, 100));
            return plannedRows('organizations');
          },
          { timeout: 20_000, interval: 200 },
        )
        .toBeGreaterThanOrEqual(before + 500);
    } finally {
      await refresh.stop();
      vi.useRealTimers();
      await database.db.delete(organizations).where(sql`name like 'Later org %'`);
    }
  });
});

async function deadRows(table: string): Promise<number> {
  const result = (await database.db.execute(
    sql`select n_dead_tup from pg_stat_user_tables where relname = ${table}`,
  )) as unknown as { rows: Array<{ n_dead_tup: number | string }> };
  return Number(result.rows[0]!.n_dead_tup);
}

describe('dead rows', () => {
  it('vacuums a table once many of its rows were deleted, and then leaves it alone', async () => {
    await database.db.delete(organizations).where(sql`name like 'Org 1%'`);
    await database.db.update(organizations).set({ ownerName: 'New Owner' });
    await expect
      .poll(
        async () => {
          await vacuumDeadRows(database.db);
          return deadRows('organizations');
        },
        { timeout: 20_000, interval: 200 },
      )
      .toBe(0);
    expect(await vacuumDeadRows(database.db)).not.toContain('organizations');
    expect(await database.db.$count(organizations, eq(organizations.ownerName, 'New Owner'))).toBe(
      189,
    );
  });
});

function megabytes(folder: string): number {
  let bytes = 0;
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    bytes += entry.isDirectory() ? megabytes(file) * 1024 * 1024 : fs.statSync(file).size;
  }
  return bytes / 1024 / 1024;
}

describe.runIf(testDbKind() === 'pglite')('the embedded database on disk', () => {
  it(
    'keeps its write-ahead log near its bound however much is written',
    { timeout: 180_000 },
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'risiti-wal-'));
      const embedded = await openDatabase({ dataDir });
      try {
        await migrateDatabase(embedded);
        const position = async () => {
          const result = (await embedded.db.execute(
            sql`select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::float8 as bytes`,
          )) as unknown as { rows: Array<{ bytes: number }> };
          return Number(result.rows[0]!.bytes) / 1024 / 1024;
        };
        const start = await position();
        let checkedAt = await checkpointIfLogGrew(embedded.db, null);
        // Twice the bound of log or more: wide rows written, rewritten and deleted, round by round.
        while ((await position()) - start < 2 * PGLITE_MAX_WAL_MB + 16) {
          await embedded.db.execute(
            sql`insert into organizations (name, owner_name, owner_phone, owner_email)
              select 'Org ' || g || repeat('x', 1500), 'Owner', '712345678', 'o' || g || '@example.co.tz'
              from generate_series(1, 5000) g`,
          );
          await embedded.db.execute(sql`delete from organizations`);
          checkedAt = await checkpointIfLogGrew(embedded.db, checkedAt);
        }
        const log = megabytes(path.join(dataDir, 'pg_wal'));
        expect(log).toBeLessThanOrEqual(PGLITE_MAX_WAL_MB + 32);
      } finally {
        await embedded.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
