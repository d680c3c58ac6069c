// Keeps the query planner's statistics fresh, and the embedded database's files in bounds.
// PostgreSQL's autovacuum and checkpointer do this on their own; the embedded PGlite runs without
// them. A table that was never analyzed is planned as if it were empty: a year of receipts then
// gets nested loops that compare every row with every other (a sales report of 10,000 invoices
// took 52 s instead of 0.2 s). Tables whose rows changed past autovacuum's default threshold (50
// rows and 10 %) are analyzed at start, after bulk writes (imports, the sales projection catching
// up) and every minute. On PGlite the same round also vacuums tables with dead rows
// past autovacuum's threshold (50 rows and 20 %), and checkpoints once 16 MB of log were written,
// so the write-ahead log stays near its 64 MB bound instead of growing with every write (353 MB
// of log for 16,000 invoices before).
import { sql } from 'drizzle-orm';
import type { Deps } from '../context';
import type { DbOrTx } from './client';

/** Analyzes the tables that changed enough since their last analysis; returns their names. */
export async function refreshStatistics(db: DbOrTx): Promise<string[]> {
  const result = (await db.execute(
    sql`select schemaname, relname from pg_stat_user_tables
        where n_mod_since_analyze > 50 + 0.1 * n_live_tup
           or (n_live_tup > 0 and last_analyze is null and last_autoanalyze is null)
        order by schemaname, relname`,
  )) as unknown as { rows: Array<{ schemaname: string; relname: string }> };
  for (const row of result.rows)
    await db.execute(sql`analyze ${sql.identifier(row.schemaname)}.${sql.identifier(row.relname)}`);
  return result.rows.map((row) => row.relname);
}

/** Vacuums the tables whose dead rows passed autovacuum's default threshold; returns them. */
export async function vacuumDeadRows(db: DbOrTx): Promise<string[]> {
  const result = (await db.execute(
    sql`select schemaname, relname from pg_stat_user_tables
        where n_dead_tup > 50 + 0.2 * n_live_tup
        order by schemaname, relname`,
  )) as unknown as { rows: Array<{ schemaname: string; relname: string }> };
  for (const row of result.rows)
    await db.execute(sql`vacuum ${sql.identifier(row.schemaname)}.${sql.identifier(row.relname)}`);
  return result.rows.map((row) => row.relname);
}

const CHECKPOINT_AFTER_BYTES = 16 * 1024 * 1024;

/** The log position now, in bytes since the start of the log. */
async function logPosition(db: DbOrTx): Promise<bigint> {
  const result = (await db.execute(
    sql`select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text as position`,
  )) as unknown as { rows: Array<{ position: string }> };
  return BigInt(result.rows[0]?.position ?? '0');
}

/**
 * Checkpoints when at least 16 MB of log were written since `since` (a position from an earlier
 * call); returns the position it checked at, to pass next time.
 */
export async function checkpointIfLogGrew(db: DbOrTx, since: bigint | null): Promise<bigint> {
  const now = await logPosition(db);
  if (since === null || now - since < BigInt(CHECKPOINT_AFTER_BYTES)) return since ?? now;
  await db.execute(sql`checkpoint`);
  return now;
}

const EVERY_MS = 60_000;

/**
 * Analyzes what changed now, then every minute; on PGlite the round also vacuums and
 * checkpoints (PostgreSQL's own processes do that there). On PostgreSQL the minute's check is
 * one read of its table statistics and finds nothing while autovacuum keeps up; where
 * autovacuum is off or behind, the invoice list's first page was planned as if the receipts
 * table were empty (70 ms instead of 3, on 10,000 invoices). A failure is logged and tried again
 * at the next round: stale statistics or a longer log make the database slower or bigger, never
 * wrong.
 */
export function startStatisticsRefresh(deps: Pick<Deps, 'db' | 'dbKind' | 'log'>): {
  stop(): Promise<void>;
} {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  let checkedAt: bigint | null = null;
  const housekeeping = async () => {
    const analyzed = await refreshStatistics(deps.db);
    if (analyzed.length) deps.log.debug('Planner statistics refreshed', { tables: analyzed });
    if (deps.dbKind !== 'pglite') return;
    const vacuumed = await vacuumDeadRows(deps.db);
    if (vacuumed.length) deps.log.debug('Dead rows vacuumed', { tables: vacuumed });
    checkedAt = await checkpointIfLogGrew(deps.db, checkedAt);
  };
  const round = () => {
    running = housekeeping().catch((error: unknown) =>
      deps.log.error('Database housekeeping not done', { error: String(error) }),
    );
  };
  round();
  const timer = setInterval(() => {
    if (!stopped) round();
  }, EVERY_MS);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
