// The planner's statistics are kept fresh by the server itself: PGlite has no autovacuum, and a
// table planned as if empty turns a year's report into nested loops over every row.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshStatistics } from '../../server/db/statistics';
import { organizations } from '../../server/db/schema';
import { createTestDatabase, type TestDatabase } from '../helpers/db';

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
});
