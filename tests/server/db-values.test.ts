// What the server reads back from either database: dates, timestamps, intervals and their arrays
// as PostgreSQL's text, as Drizzle expects them (the embedded database sets that once, not per
// statement: server/db/client.ts), in and out of a transaction; numbers and JSON as values.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../helpers/db';

const QUERY = sql`select
  '2026-11-26 10:00:00+03'::timestamptz = '2026-11-26 07:00:00+00'::timestamptz as same_instant,
  '2026-11-26 10:00:00+03'::timestamptz as at,
  '2026-11-26 10:00:00'::timestamp as local_at,
  '2026-11-26'::date as day,
  '1 day 02:00:00'::interval as span,
  array['2026-11-26'::date, '2026-11-27'::date] as days,
  array['2026-11-26 10:00:00'::timestamp] as local_ats,
  array[1.50::numeric] as amounts,
  42 as count,
  '{"total": 1180}'::jsonb as body`;

type Row = Record<string, unknown>;

describe('values read from the database', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  const expectAsDrizzleReads = (row: Row) => {
    expect(row.same_instant).toBe(true);
    expect(typeof row.at).toBe('string');
    expect(row.at).toMatch(/^2026-11-26 \d\d:00:00[+-]\d\d/);
    expect(row.local_at).toBe('2026-11-26 10:00:00');
    expect(row.day).toBe('2026-11-26');
    expect(row.span).toBe('1 day 02:00:00');
    expect(row.days).toBe('{2026-11-26,2026-11-27}');
    expect(row.local_ats).toBe('{"2026-11-26 10:00:00"}');
    expect(row.amounts).toBe('{1.50}');
    expect(row.count).toBe(42);
    expect(row.body).toEqual({ total: 1180 });
  };

  it('reads dates and intervals as text and numbers and JSON as values', async () => {
    const result = (await database.db.execute(QUERY)) as unknown as { rows: Row[] };
    expectAsDrizzleReads(result.rows[0]!);
  });

  it('reads them the same way inside a transaction', async () => {
    const rows = await database.db.transaction(async (tx) => {
      const result = (await tx.execute(QUERY)) as unknown as { rows: Row[] };
      return result.rows;
    });
    expectAsDrizzleReads(rows[0]!);
  });
});
