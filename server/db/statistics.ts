// Keeps the query planner's statistics fresh. PostgreSQL's autovacuum does this on its own; the
// embedded PGlite has no autovacuum, and a table that was never analyzed is planned as if it were
// empty: a year of receipts then gets nested loops that compare every row with every other (a
// sales report of 10,000 invoices took 52 s instead of 0.2 s). Tables whose rows changed past
// autovacuum's default threshold (50 rows and 10 %) are analyzed at start, after bulk writes
// (imports, the sales projection catching up) and, on PGlite, every minute.
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

const EVERY_MS = 60_000;

/**
 * Analyzes what changed now, then every minute on PGlite (PostgreSQL's autovacuum does it there).
 * A failure is logged and tried again at the next round: stale statistics make queries slow,
 * never wrong.
 */
export function startStatisticsRefresh(deps: Pick<Deps, 'db' | 'dbKind' | 'log'>): {
  stop(): Promise<void>;
} {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const round = () => {
    running = refreshStatistics(deps.db).then(
      (names) => {
        if (names.length) deps.log.debug('Planner statistics refreshed', { tables: names });
      },
      (error: unknown) =>
        deps.log.error('Planner statistics not refreshed', { error: String(error) }),
    );
  };
  round();
  const timer =
    deps.dbKind === 'pglite'
      ? setInterval(() => {
          if (!stopped) round();
        }, EVERY_MS)
      : null;
  timer?.unref();
  return {
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
