// A fresh, migrated database for one test file: in-memory PGlite by default, or a new
// PostgreSQL database (dropped afterwards) when the suite runs with TEST_DB=postgresql.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import {
  migrateDatabase,
  migrationsFolder,
  openDatabase,
  type Database,
} from '../../server/db/client';

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
    const database = await openDatabase(migrate ? { startFrom: await migratedPglite() } : {});
    return { ...database, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgresql needs TEST_DATABASE_URL');
  const template = migrate ? await migratedPostgresTemplate(adminUrl) : 'template1';
  const name = `risiti_t_${crypto.randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const url = databaseUrl(adminUrl, name);
  const database = await openDatabase({ url });
  return {
    ...database,
    url,
    async drop() {
      await database.close();
      await withAdmin(adminUrl, (admin) =>
        admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  };
}

/**
 * Creating and migrating a database for every test file costs seconds of CPU on the embedded
 * database and most of a second on PostgreSQL; the suites start each one from a migrated, empty
 * copy instead, made once for a given set of migrations and kept: a dump file in the temporary
 * folder for PGlite, a template database on PostgreSQL. Same migrations, same copy.
 */
function migrationsKey(folder: string): string {
  const hash = crypto.createHash('sha256');
  const pglite = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  hash.update(fs.readFileSync(path.join(pglite, '..', 'package.json')));
  hash.update(JSON.stringify(PGlite.defaultStartParams));
  for (const file of fs.readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort()) {
    const full = path.join(folder, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

async function migratedPglite(): Promise<Blob> {
  const folder = migrationsFolder();
  const dumpFile = path.join(os.tmpdir(), `risiti-test-db-${migrationsKey(folder)}.tar`);
  if (!fs.existsSync(dumpFile)) {
    const client = new PGlite();
    await migratePglite(drizzle({ client }), { migrationsFolder: folder });
    const dump = await client.dumpDataDir('none');
    await client.close();
    // Written aside and renamed: a test process never reads half a dump.
    const partial = `${dumpFile}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, dumpFile);
    for (const old of fs.readdirSync(os.tmpdir())) {
      if (
        /^risiti-test-db-[0-9a-f]{16}\.tar$/.test(old) &&
        path.join(os.tmpdir(), old) !== dumpFile
      ) {
        fs.rmSync(path.join(os.tmpdir(), old), { force: true });
      }
    }
  }
  return new Blob([fs.readFileSync(dumpFile)]);
}

const TEMPLATE_PREFIX = 'risiti_template_';

/** The migrated template's name; made under a lock, older ones dropped, by the first to need it. */
async function migratedPostgresTemplate(adminUrl: string): Promise<string> {
  const template = TEMPLATE_PREFIX + migrationsKey(migrationsFolder());
  await withAdmin(adminUrl, async (admin) => {
    await admin.query(`SELECT pg_advisory_lock(hashtext('${TEMPLATE_PREFIX}'))`);
    try {
      const { rows } = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE '${TEMPLATE_PREFIX}%' ORDER BY oid DESC`,
      );
      if (rows.some((row) => row.datname === template)) return;
      // The newest finished one may be another checkout's, in use by its run at this moment: it
      // is kept. Older ones, and any left half built by a run that was stopped, are dropped.
      const kept = rows.find((row) => !row.datname.endsWith('_new'));
      for (const row of rows) {
        if (row !== kept) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
      }
      const building = `${template}_new`;
      await admin.query(`CREATE DATABASE ${building}`);
      const database = await openDatabase({ url: databaseUrl(adminUrl, building) });
      try {
        await migrateDatabase(database);
      } finally {
        await database.close();
      }
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${template}`);
    } finally {
      await admin.query(`SELECT pg_advisory_unlock(hashtext('${TEMPLATE_PREFIX}'))`);
    }
  });
  return template;
}

async function withAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
