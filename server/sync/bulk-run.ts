// What every run of a sync batch written together shares, whatever the kind of change: reading an
// entry as the call it stands for, claiming the run's Idempotency-Keys in one statement on the
// middleware's terms, giving back the claims a run did not answer, and storing each answer with
// the rows it answers for. Each kind (bulk-customers.ts, …) decides which entries it can take
// and writes them; a run answers only successes, every entry with what its own route would
// have stored, byte for byte.
import crypto from 'node:crypto';
import { and, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import * as v from 'valibot';
import { uuidSchema } from '../../domain/schemas/record';
import type { SyncBatchAnswer, SyncBatchEntry } from '../../domain/sync-batch';
import type { Deps } from '../context';
import type { Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import type { CompanyContext } from '../http/company';
import { checkInput } from '../http/validate';

const DAY = 24 * 3600_000;
/** As the Idempotency-Key middleware keeps an answer and leases a first request. */
const KEY_TTL_MS = 7 * DAY;
const KEY_LEASE_MS = 60_000;

/**
 * A way to answer a run of entries together from `entries`' start: answers for as many of them
 * as it took, in order, every one a success; none when the first entry is not its kind.
 */
export type BulkRunner = (
  deps: Deps,
  ctx: CompanyContext,
  entries: readonly SyncBatchEntry[],
  base: URL,
) => Promise<SyncBatchAnswer[]>;

/** An entry a bulk path may take: its record id and the middleware's request hash. */
export interface BulkEntry {
  entry: SyncBatchEntry;
  id: string;
  hash: string;
}

/** An answer as it is stored for its key and sent back in the batch's answers. */
export interface StoredAnswer {
  key: string;
  status: number;
  body: unknown;
}

/**
 * The entry as a plain call of `method` on `pattern` (whose first group is a record id) for
 * the company, with no headers of its own: its id and request hash, or null (its route runs it).
 */
export function bulkEntryOf(
  entry: SyncBatchEntry,
  base: URL,
  companyId: string,
  method: SyncBatchEntry['method'],
  pattern: RegExp,
): BulkEntry | null {
  if (entry.method !== method) return null;
  if (entry.headers && Object.keys(entry.headers).length > 0) return null;
  const url = new URL(entry.path, base);
  const id = pattern.exec(url.pathname)?.[1];
  if (!id || !v.is(uuidSchema, id)) return null;
  const query = [...url.searchParams.entries()];
  if (query.length !== 1 || query[0]![0] !== 'companyId' || query[0]![1] !== companyId) {
    return null;
  }
  // The Idempotency-Key middleware's request hash for the same call.
  const hash = crypto.createHash('sha256').update(`${method} ${url.pathname}${url.search}\n`);
  if (entry.body !== undefined) hash.update(new TextEncoder().encode(entry.body));
  return { entry, id, hash: hash.digest('hex') };
}

/** The entry's JSON body read by `schema` as its route reads it, or null. */
export function bulkBody<T>(entry: SyncBatchEntry, read: (input: unknown) => T | null): T | null {
  if (entry.body === undefined) return null;
  try {
    const input: unknown = JSON.parse(entry.body);
    checkInput(input);
    return read(input);
  } catch {
    return null;
  }
}

/**
 * Inserts `rows` (objects keyed by the table's property names, all with the same keys) in one
 * statement with one parameter: the rows as JSON, read back by jsonb_to_recordset. A multi-row
 * VALUES list carries a parameter per cell, and building, sending and parsing thousands of them
 * costs more than the insert itself. `tail` follows the insert (ON CONFLICT, RETURNING); what
 * it returns comes back as the database's raw rows.
 */
export async function insertRows(
  db: Deps['db'] | Tx,
  table: PgTable,
  rows: readonly Record<string, unknown>[],
  tail: SQL = sql``,
): Promise<Record<string, unknown>[]> {
  if (rows.length === 0) return [];
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const names = Object.keys(rows[0]!);
  const list = sql.raw(names.map((name) => `"${columns[name]!.name}"`).join(', '));
  const types = sql.raw(
    names.map((name) => `"${columns[name]!.name}" ${columns[name]!.getSQLType()}`).join(', '),
  );
  const json = JSON.stringify(
    rows.map((row) => Object.fromEntries(names.map((name) => [columns[name]!.name, row[name]]))),
  );
  const result = await db.execute(
    sql`insert into ${table} (${list}) select ${list} from jsonb_to_recordset(${json}::jsonb) as x(${types}) ${tail}`,
  );
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
}

/**
 * Claims the keys of `candidates` in one statement, then lets `write` answer the longest run of
 * them whose keys were free (a key already known — a replay, or the same key twice — is left to
 * its route). `write` answers a prefix of the run it is given; the claims it did not answer are
 * given back, for their own calls to take.
 */
export async function claimAndWrite<C extends BulkEntry>(
  deps: Deps,
  companyId: string,
  all: readonly C[],
  write: (run: C[], now: Date) => Promise<StoredAnswer[]>,
): Promise<SyncBatchAnswer[]> {
  // Up to the first key sent twice: one statement cannot claim a key twice.
  const keysSeen = new Set<string>();
  const candidates: C[] = [];
  for (const candidate of all) {
    if (keysSeen.has(candidate.entry.key)) break;
    keysSeen.add(candidate.entry.key);
    candidates.push(candidate);
  }
  if (candidates.length === 0) return [];
  const now = deps.clock.now();
  const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  const lease = new Date(now.getTime() + KEY_LEASE_MS);
  const expires = new Date(now.getTime() + KEY_TTL_MS);
  // Every key claimed in one statement, on the middleware's terms: free, expired, or a first
  // request of the same content that died without an answer.
  const claimedRows = await insertRows(
    deps.db,
    idempotencyKeys,
    candidates.map((c) => ({
      scope: companyId,
      key: c.entry.key,
      requestHash: c.hash,
      lockedUntil: lease,
      expiresAt: expires,
      createdAt: now,
    })),
    sql`on conflict (scope, key) do update set request_hash = excluded.request_hash,
          status = null, response_body = null, response_type = null,
          locked_until = excluded.locked_until, expires_at = excluded.expires_at,
          created_at = excluded.created_at
        where ${idempotencyKeys.expiresAt} < ${at(now)}
          or (${idempotencyKeys.status} is null and ${idempotencyKeys.lockedUntil} < ${at(now)}
              and ${idempotencyKeys.requestHash} = excluded.request_hash)
        returning key`,
  );
  const claimed = new Set(claimedRows.map((row) => row.key as string));
  let run = 0;
  while (run < candidates.length && claimed.has(candidates[run]!.entry.key)) run++;

  let answers: StoredAnswer[] = [];
  try {
    if (run >= 1) answers = await write(candidates.slice(0, run), now);
  } finally {
    const unused = candidates
      .slice(answers.length)
      .map((c) => c.entry.key)
      .filter((key) => claimed.has(key));
    if (unused.length) {
      await deps.db
        .delete(idempotencyKeys)
        .where(and(eq(idempotencyKeys.scope, companyId), inArray(idempotencyKeys.key, unused)));
    }
  }
  return answers;
}

/**
 * Stores each answer for its key, in the transaction that writes the rows it answers for, as
 * the middleware stores a route's answer (JSON, or nothing for a 204); returns the answers as
 * the batch sends them.
 */
export async function storeAnswers(
  tx: Tx,
  companyId: string,
  answers: readonly StoredAnswer[],
): Promise<StoredAnswer[]> {
  if (answers.length === 0) return [];
  const stored = answers.map((a) =>
    a.status === 204
      ? { key: a.key, status: a.status, body: null, type: null }
      : { key: a.key, status: a.status, body: JSON.stringify(a.body), type: 'application/json' },
  );
  await tx.execute(
    sql`update ${idempotencyKeys} as k
        set status = v.status, response_body = v.body, response_type = v.type
        from jsonb_to_recordset(${JSON.stringify(stored)}::jsonb)
          as v(key text, status integer, body text, type text)
        where k.scope = ${companyId} and k.key = v.key`,
  );
  return answers.map(({ key, status, body }) => ({ key, status, body }));
}
