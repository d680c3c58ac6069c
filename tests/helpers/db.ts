// A fresh, migrated database for one test file: in-memory PGlite by default, or a new
// PostgreSQL database (dropped afterwards) when the suite runs with TEST_DB=postgresql.
import crypto from 'node:crypto';
import pg from 'pg';
import { migrateDatabase, openDatabase, type Database } from '../../server/db/client';

export interface TestDatabase extends Database {
  /** The PostgreSQL URL of this database; undefined for PGlite. */
  url?: string;
  drop(): Promise<void>;
}

export function testDbKind(): 'pglite' | 'postgresql' {
  return process.env.TEST_DB === 'postgresql' ? 'postgresql' : 'pglite';
}

export async function createTestDatabase(
  kind: 'pglite' | 'postgresql' = testDbKind(),
  options: { migrate?: boolean } = {},
): Promise<TestDatabase> {
  const migrate = options.migrate ?? true;
  if (kind === 'pglite') {
    const database = await openDatabase({});
    if (migrate) await migrateDatabase(database);
    return { ...database, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgresql needs TEST_DATABASE_URL');
  const name = `risiti_t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  if (migrate) await migrateDatabase(database);
  return {
    ...database,
    url: url.toString(),
    async drop() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
