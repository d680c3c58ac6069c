// Opens the database: embedded PGlite in DATA_DIR by default, PostgreSQL when a URL is given.
// Both speak the same SQL and share one Drizzle schema and one set of migrations.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { createDbTurns, hasDbPriority } from './scheduler';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; same query surface as Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgresql';
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres://… for PostgreSQL; otherwise PGlite. */
  url?: string | undefined;
  /** PGlite data directory; omitted means in memory (tests). */
  dataDir?: string | undefined;
  /**
   * PGlite's shared buffers (default `PGLITE_SHARED_BUFFERS_MB`). They are most of what an open
   * embedded database holds: a small store opened with 16 MB holds about 170 MB, not 280.
   */
  sharedBuffersMb?: number;
  /**
   * When the embedded database is created now, a copy of the new, empty folder is left here
   * too (unless something is there already): another store then starts from it instead of
   * creating its own, which takes seconds of CPU.
   */
  freshCopyTo?: string | undefined;
  /**
   * An in-memory embedded database starts as this dump (PGlite's `dumpDataDir`) instead of
   * being created: under a second where creating one takes seconds.
   */
  startFrom?: Blob | undefined;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.url) {
    const pools = [10, PRIORITY_CONNECTIONS].map((max) => {
      const pool = new pg.Pool({ connectionString: options.url, max });
      pool.on('error', (error) => {
        console.error('PostgreSQL pool error:', error.message);
      });
      return pool;
    }) as [pg.Pool, pg.Pool];
    const db = drizzlePg(new PriorityRoutedPool(...pools) as unknown as pg.Pool, {
      schema,
    }) as unknown as Db;
    let closed: Promise<void> | undefined;
    return {
      db,
      kind: 'postgresql',
      close: () => (closed ??= Promise.all(pools.map((pool) => pool.end())).then(() => undefined)),
    };
  }
  let client: PGlite;
  if (options.dataDir) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    const created = await createDataDirApart(options.dataDir);
    if (created && options.freshCopyTo) copyFresh(options.dataDir, options.freshCopyTo);
    // The embedded database runs without PostgreSQL's background processes: nothing checkpoints
    // on its own, so the write-ahead log is kept to 64 MB here and checkpointed by the server's
    // housekeeping (server/db/statistics.ts) instead of growing with every write.
    client = new PGlite(options.dataDir, {
      startParams: [
        ...PGlite.defaultStartParams,
        '-c',
        `max_wal_size=${PGLITE_MAX_WAL_MB}MB`,
        '-c',
        'min_wal_size=32MB',
        '-c',
        `shared_buffers=${options.sharedBuffersMb ?? PGLITE_SHARED_BUFFERS_MB}MB`,
      ],
    });
  } else {
    client = new PGlite(options.startFrom ? { loadDataDir: options.startFrom } : {});
  }
  await client.waitReady;
  for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = asText;
  const db = drizzlePglite({ client: takingTurns(client), schema }) as unknown as Db;
  let closed: Promise<void> | undefined;
  return { db, kind: 'pglite', close: () => (closed ??= client.close()) };
}

const PRIORITY_CONNECTIONS = 3;

/**
 * PostgreSQL as Drizzle sees it: work marked with `withDbPriority` (the fiscal worker) takes
 * connections of its own. With one pool, the API requests in progress held all its connections
 * and the worker's statements queued behind theirs: during 20 s of 64 clients saving and
 * submitting, 126 of 1,101 receipts reached TRA, the rest only once the load stopped. Drizzle
 * takes any object whose class is named like a pool for one.
 */
class PriorityRoutedPool {
  constructor(
    private readonly normal: pg.Pool,
    private readonly priority: pg.Pool,
  ) {}

  private pick(): pg.Pool {
    return hasDbPriority() ? this.priority : this.normal;
  }

  query(...args: unknown[]): unknown {
    const pool = this.pick();
    return (pool.query as (...a: unknown[]) => unknown).apply(pool, args);
  }

  connect(): Promise<pg.PoolClient> {
    return this.pick().connect();
  }
}

/**
 * The types Drizzle reads as PostgreSQL's text (dates, timestamps, intervals and arrays of them
 * and of numeric): it asks for that with parsers of its own on every statement, and PGlite then
 * merges them into a copy of its whole table of some 300 parsers, statement after statement
 * (0.12 ms each). They are set once on the database instead, and the statements' own dropped.
 */
const DRIZZLE_TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];
const asText = (value: string) => value;

type QueryOptions = Parameters<PGlite['query']>[2];
const withoutParsers = (options: QueryOptions): QueryOptions =>
  options?.parsers ? { ...options, parsers: undefined } : options;

/**
 * The embedded database as Drizzle sees it, each statement or transaction in its turn
 * (scheduler.ts): one at a time, as PGlite runs them anyway, the fiscal worker's ahead of
 * waiting requests. A transaction's own statements run inside its turn.
 */
function takingTurns(client: PGlite): PGlite {
  const turns = createDbTurns(1);
  const facade = {
    query: ((query: string, params?: unknown[], options?: QueryOptions) =>
      turns.run(() => client.query(query, params, withoutParsers(options)))) as PGlite['query'],
    exec: ((...args: Parameters<PGlite['exec']>) =>
      turns.run(() => client.exec(...args))) as PGlite['exec'],
    transaction: ((callback: Parameters<PGlite['transaction']>[0]) =>
      turns.run(() =>
        client.transaction((tx) => {
          // The transaction as PGlite made it (its `closed` included), statements without parsers.
          const facadeTx = Object.create(tx) as typeof tx;
          facadeTx.query = ((query: string, params?: unknown[], options?: QueryOptions) =>
            tx.query(query, params, withoutParsers(options))) as typeof tx.query;
          return callback(facadeTx);
        }),
      )) as PGlite['transaction'],
  };
  return facade as unknown as PGlite;
}

/**
 * Creates a new embedded database (initdb) in a child process that then ends. Creating one
 * takes the WebAssembly memory of PGlite to about 600 MB, and WebAssembly memory never shrinks:
 * done in the server's own thread, a first start would hold that for as long as the server
 * runs. In a worker thread, the process kept about 120 MB of what the thread had used (a
 * server after its first start held 491 MB idle, against 370 MB after a restart); a process
 * of its own gives all of it back. Opened afterwards, the same database starts near 150 MB.
 */
async function createDataDirApart(dataDir: string): Promise<boolean> {
  // Stands beside the folder while a database is being created in it: a start stopped then
  // leaves it, and the next start knows the files in the folder are a creation to begin again.
  const creating = `${dataDir}.creating`;
  const interrupted = fs.existsSync(creating);
  if (!interrupted && fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return false;
  // A disk mounted on the folder brings its own `lost+found`, and a desktop its hidden files.
  const present = fs
    .readdirSync(dataDir)
    .filter((entry) => entry !== 'lost+found' && !entry.startsWith('.'));
  if (present.length > 0 && !interrupted) {
    throw new Error(
      `The folder ${dataDir} holds files but no database: move them away, or set DATA_DIR to another folder.`,
    );
  }
  for (const entry of present) fs.rmSync(path.join(dataDir, entry), { recursive: true });
  fs.writeFileSync(creating, '');
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const { PGlite } = require(${JSON.stringify(pglite)});
      const db = new PGlite(${JSON.stringify(dataDir)});
      db.waitReady.then(() => db.close());`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`Creating the database ended with ${code}: ${errors.trim()}`)),
    );
  });
  fs.rmSync(creating);
  return true;
}

/** A closed, new database folder copied whole; renamed into place once complete. */
function copyFresh(dataDir: string, to: string): void {
  if (fs.existsSync(to)) return;
  const partial = `${to}.copying`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.cpSync(dataDir, partial, { recursive: true });
  fs.renameSync(partial, to);
}

/** The embedded database's write-ahead log is kept near this size (see createDatabase). */
export const PGLITE_MAX_WAL_MB = 64;

/**
 * The embedded database's shared buffers. PGlite holds them in its WebAssembly memory for as
 * long as it runs, used or not: PostgreSQL's default of 128 MB made an idle server hold 450 MB,
 * 64 MB holds 360–390 MB (`bench/server-memory.bench.ts`). The files they cache stay in the
 * system's file cache too; the invoice list with 10,000 invoices and saving and submitting at
 * 8 and 64 clients measured the same either way (`invoice-list-load`, `api-load`).
 */
export const PGLITE_SHARED_BUFFERS_MB = 64;

export function migrationsFolder(): string {
  // In the bundled server the migrations are copied next to the bundle.
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'migrations'), path.resolve('server/db/migrations')];
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`Database migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}

export async function migrateDatabase(
  database: Database,
  migrationsDir = migrationsFolder(),
): Promise<void> {
  if (database.kind === 'postgresql') {
    await migratePg(database.db as never, { migrationsFolder: migrationsDir });
  } else {
    await migratePglite(database.db as never, { migrationsFolder: migrationsDir });
  }
}
