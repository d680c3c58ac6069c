// On PostgreSQL the fiscal worker's statements (marked with withDbPriority) have connections of
// their own: with every connection of the requests' pool taken, they still run.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withDbPriority } from '../../server/db/scheduler';
import { createTestDatabase, testDbKind, type TestDatabase } from '../helpers/db';

describe.runIf(testDbKind() === 'postgresql')('the fiscal worker’s connections', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('answer while requests hold every other connection', async () => {
    const { db } = database;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let holding = 0;
    let allHeld!: () => void;
    const held = new Promise<void>((resolve) => (allHeld = resolve));
    // The requests' pool has 10 connections: 12 transactions take all of them, 2 wait.
    const requests = Array.from({ length: 12 }, () =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        if (++holding === 10) allHeld();
        await gate;
      }),
    );
    await held;
    const answer = (await withDbPriority(
      async () =>
        await db.execute(
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database()`,
        ),
    )) as unknown as { rows: Array<{ n: number }> };
    expect(answer.rows[0]!.n).toBeGreaterThanOrEqual(11);
    expect(holding).toBe(10);
    release();
    await Promise.all(requests);
    expect(holding).toBe(12);
  });
});
