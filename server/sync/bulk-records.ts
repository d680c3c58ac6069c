// Saves and deletes of a company's named records (customers, products) written together. A
// phone that edited a list offline sends a run of PUTs (create or update) and DELETEs of record
// ids; run one by one, each costs about ten statements (its key's claim and answer, the change
// position, the record, tombstone, duplicate and reference checks, the write, the audit row,
// begin and commit). Here a run costs one claim for all its keys and one transaction that reads
// what the run touches, then writes each kind's rows, tombstones, audit rows and answers with
// multi-row statements. Each entry keeps what its own call would have stored: its key and
// request hash, its own change position (a save that changes nothing takes one too, as its
// route does), its row, tombstone and audit row, and its answer byte for byte (201 with the
// record created, 200 with the record updated or already so, 204 for a delete).
//
// Only what is certain to succeed goes this way. The run ends, and the batch sends the entry
// through its route (which answers the refusal or the replay), at the first entry that:
// touches a record an earlier entry of the run touched; saves a record that was deleted, or
// one whose stored version is not the one the save names (If-Match);
// deletes a record that does not exist, or one a record still refers to; or takes a unique key
// (an identification, a product name) that another record holds or an earlier entry took.
// A key an earlier entry of the run gives up still counts as held: the route would accept it,
// so this only sends more to the route, never less.
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import * as v from 'valibot';
import { taggedVersion, type SyncBatchEntry } from '../../domain/sync-batch';
import type { Deps } from '../context';
import type { Tx } from '../db/client';
import { auditLog, tombstones } from '../db/schema';
import type { CompanyContext } from '../http/company';
import { withSchemaKeys } from '../http/validate';
import { reserveChangeSeq, type SyncedEntity } from './changes';
import {
  bulkBody,
  bulkEntryOf,
  claimAndWrite,
  insertRows,
  storeAnswers,
  type BulkEntry,
  type BulkRunner,
  type StoredAnswer,
} from './bulk-run';

type RecordTable = PgTable & { id: PgColumn; companyId: PgColumn };
interface RecordRow {
  id: string;
  version: number;
  createdAt: Date;
}

/** What a kind of record tells the run: where it lives, how its route reads and checks it. */
export interface RecordKind<Row extends RecordRow = RecordRow, Fields = unknown> {
  entity: SyncedEntity;
  table: RecordTable;
  /** The record's path; its first group is the id. */
  path: RegExp;
  /** The schema its route reads a PUT body with. */
  schema: v.GenericSchema<unknown, Fields>;
  /** Whether the stored row already has these fields (the route then writes nothing). */
  same(row: Row, fields: Fields): boolean;
  /** The row's columns for these fields, as the route writes them. */
  values(fields: Fields): Record<string, unknown>;
  /** The keys no two records of the company may share, for these fields. */
  uniqueKeys(fields: Fields): string[];
  /** The company's records holding any key of `fields`: each id with the keys it holds. */
  holders(
    tx: Tx,
    companyId: string,
    fields: Fields[],
  ): Promise<Array<{ id: string; keys: string[] }>>;
  /** Those of `ids` that another record still refers to (the database refuses their delete). */
  referenced(tx: Tx, companyId: string, ids: string[]): Promise<Set<string>>;
  /** The record as its route answers it. */
  toApi(row: Row): unknown;
}

type Candidate = BulkEntry & { kind: RecordKind } & (
    | {
        action: 'save';
        fields: unknown;
        /** The version the change was made on (If-Match), null for any. */
        expected: number | null;
      }
    | { action: 'delete' }
  );

/**
 * The version a save names by its only header, If-Match (null without headers), or undefined
 * when it carries anything else: its route then reads it.
 */
function expectedOf(entry: SyncBatchEntry): number | null | undefined {
  const names = Object.keys(entry.headers ?? {});
  if (names.length === 0) return null;
  if (names.length > 1 || names[0]!.toLowerCase() !== 'if-match') return undefined;
  return taggedVersion(entry.headers![names[0]!]) ?? undefined;
}

/** The entry as a save or delete of one of `kinds` that a run can take, or null. */
function candidateOf(
  kinds: readonly RecordKind[],
  entry: SyncBatchEntry,
  base: URL,
  companyId: string,
): Candidate | null {
  for (const kind of kinds) {
    if (entry.method === 'DELETE') {
      const call = bulkEntryOf(entry, base, companyId, 'DELETE', kind.path);
      if (call && entry.body === undefined) return { ...call, kind, action: 'delete' };
      continue;
    }
    const expected = expectedOf(entry);
    if (expected === undefined) return null;
    const call = bulkEntryOf({ ...entry, headers: undefined }, base, companyId, 'PUT', kind.path);
    if (!call) continue;
    const fields = bulkBody(entry, (input) => {
      const parsed = v.safeParse(kind.schema, withSchemaKeys(kind.schema, input));
      return parsed.success ? parsed.output : null;
    });
    return fields === null ? null : { ...call, entry, kind, action: 'save', fields, expected };
  }
  return null;
}

/**
 * A runner for saves and deletes of `kinds`, mixed in any order: answers as many entries as it
 * can from the batch's position on, or none when fewer than two are of these kinds.
 */
export function bulkRecordChanges(kinds: readonly RecordKind[]): BulkRunner {
  return async (deps, ctx, entries, base) => {
    const candidates: Candidate[] = [];
    for (const entry of entries) {
      const candidate = candidateOf(kinds, entry, base, ctx.companyId);
      if (!candidate) break;
      candidates.push(candidate);
    }
    if (candidates.length < 2) return [];
    return claimAndWrite(deps, ctx.companyId, candidates, (run, now) =>
      writeRun(deps, ctx, run, now),
    );
  };
}

/** What the run does for one entry, once its checks passed. */
type Step =
  | { c: Candidate; write: 'insert' | 'update'; fields: unknown; existing?: RecordRow }
  | { c: Candidate; write: 'none'; existing: RecordRow }
  | { c: Candidate; write: 'delete' | 'gone' };

/** What the company holds of the run's records, read once per kind. */
interface KindState {
  existing: Map<string, RecordRow>;
  deleted: Set<string>;
  referenced: Set<string>;
  /** Each unique key held by a stored record, with the record's id. */
  holders: Map<string, string>;
  /** The unique keys earlier entries of the run took. */
  taken: Set<string>;
}

async function readState(
  tx: Tx,
  companyId: string,
  kind: RecordKind,
  run: Candidate[],
): Promise<KindState> {
  const { table } = kind;
  const ids = [...new Set(run.map((c) => c.id))];
  const rows = (await tx
    .select()
    .from(table)
    .where(and(eq(table.companyId, companyId), inArray(table.id, ids)))) as unknown as RecordRow[];
  const existing = new Map(rows.map((row) => [row.id, row]));
  const deleted = new Set(
    (
      await tx
        .select({ id: tombstones.id })
        .from(tombstones)
        .where(
          and(
            eq(tombstones.companyId, companyId),
            eq(tombstones.entity, kind.entity),
            inArray(tombstones.id, ids),
          ),
        )
    ).map((row) => row.id),
  );
  const deletes = run.filter((c) => c.action === 'delete' && existing.has(c.id)).map((c) => c.id);
  const referenced = deletes.length
    ? await kind.referenced(tx, companyId, deletes)
    : new Set<string>();
  const saved = run.flatMap((c) => (c.action === 'save' ? [c.fields] : []));
  const holders = new Map<string, string>();
  if (saved.some((fields) => kind.uniqueKeys(fields).length > 0)) {
    for (const holder of await kind.holders(tx, companyId, saved)) {
      for (const key of holder.keys) holders.set(key, holder.id);
    }
  }
  return { existing, deleted, referenced, holders, taken: new Set() };
}

/** The steps of the run's longest prefix that is certain to succeed. */
function plan(run: Candidate[], states: Map<RecordKind, KindState>): Step[] {
  const steps: Step[] = [];
  const touched = new Set<string>();
  for (const c of run) {
    const state = states.get(c.kind)!;
    const record = `${c.kind.entity}:${c.id}`;
    if (touched.has(record)) break;
    const existing = state.existing.get(c.id);
    if (c.action === 'delete') {
      if (existing) {
        if (state.referenced.has(c.id)) break;
        steps.push({ c, write: 'delete' });
      } else if (state.deleted.has(c.id)) {
        steps.push({ c, write: 'gone' });
      } else break;
    } else {
      if (!existing && state.deleted.has(c.id)) break;
      if (existing && c.kind.same(existing, c.fields)) {
        steps.push({ c, write: 'none', existing });
      } else {
        // Made on another version than the stored one: the route answers the refusal.
        if (c.expected !== null && existing?.version !== c.expected) break;
        const keys = c.kind.uniqueKeys(c.fields);
        const clash = keys.some((key) => {
          const holder = state.holders.get(key);
          return state.taken.has(key) || (holder !== undefined && holder !== c.id);
        });
        if (clash) break;
        for (const key of keys) state.taken.add(key);
        steps.push({
          c,
          write: existing ? 'update' : 'insert',
          fields: c.fields,
          ...(existing ? { existing } : {}),
        });
      }
    }
    touched.add(record);
  }
  return steps;
}

/** The checks, rows, tombstones, audit rows and stored answers of a run, in one transaction. */
async function writeRun(
  deps: Deps,
  ctx: CompanyContext,
  run: Candidate[],
  now: Date,
): Promise<StoredAnswer[]> {
  const { companyId, userId } = ctx;
  return deps.db.transaction(async (tx) => {
    // The company's write lock first, as every writer takes it, before reading what exists.
    await reserveChangeSeq(tx, companyId, 0);
    const kinds = [...new Set(run.map((c) => c.kind))];
    const states = new Map<RecordKind, KindState>();
    for (const kind of kinds) {
      states.set(
        kind,
        await readState(
          tx,
          companyId,
          kind,
          run.filter((c) => c.kind === kind),
        ),
      );
    }
    const steps = plan(run, states);
    if (steps.length === 0) return [];
    // One position per entry, in the run's order, as each route would have taken its own.
    const firstSeq = await reserveChangeSeq(tx, companyId, steps.length);
    const seqOf = new Map(steps.map((step, index) => [step, firstSeq + index]));

    const written = new Map<Step, RecordRow>();
    for (const kind of kinds) {
      const saves = steps.filter(
        (s): s is Extract<Step, { write: 'insert' | 'update' }> =>
          s.c.kind === kind && (s.write === 'insert' || s.write === 'update'),
      );
      if (saves.length) {
        const rows = await upsert(tx, kind, companyId, now, saves, seqOf);
        const byId = new Map(rows.map((row) => [row.id, row]));
        for (const step of saves) written.set(step, byId.get(step.c.id)!);
      }
      const deletes = steps.filter((s) => s.c.kind === kind && s.write === 'delete');
      if (deletes.length) {
        const { table } = kind;
        await tx.delete(table).where(
          and(
            eq(table.companyId, companyId),
            inArray(
              table.id,
              deletes.map((s) => s.c.id),
            ),
          ),
        );
      }
    }
    const deletes = steps.filter((s) => s.write === 'delete');
    if (deletes.length) {
      await insertRows(
        tx,
        tombstones,
        deletes.map((s) => ({
          entity: s.c.kind.entity,
          id: s.c.id,
          companyId,
          seq: seqOf.get(s)!,
          deletedAt: now,
        })),
        sql`on conflict do nothing`,
      );
    }
    const audited = steps.filter((s) => s.write !== 'none' && s.write !== 'gone');
    if (audited.length) {
      await insertRows(
        tx,
        auditLog,
        audited.map((s) => {
          const { entity } = s.c.kind;
          const row = written.get(s);
          return {
            companyId,
            userId,
            action: `${entity}_${s.write === 'insert' ? 'created' : s.write === 'update' ? 'updated' : 'deleted'}`,
            entity,
            entityId: s.c.id,
            data: row ? { version: row.version } : null,
            createdAt: now,
          };
        }),
      );
    }
    // Each key's answer, stored with the rows it answers for.
    return storeAnswers(
      tx,
      companyId,
      steps.map((s): StoredAnswer => {
        const key = s.c.entry.key;
        switch (s.write) {
          case 'insert':
            return { key, status: 201, body: s.c.kind.toApi(written.get(s)!) };
          case 'update':
            return { key, status: 200, body: s.c.kind.toApi(written.get(s)!) };
          case 'none':
            return { key, status: 200, body: s.c.kind.toApi(s.existing) };
          default:
            return { key, status: 204, body: null };
        }
      }),
    );
  });
}

/**
 * New and changed records of one kind in one statement; returns the rows as written (the route
 * answers with the row it wrote, which holds exactly these values).
 */
async function upsert(
  tx: Tx,
  kind: RecordKind,
  companyId: string,
  now: Date,
  saves: Array<Extract<Step, { write: 'insert' | 'update' }>>,
  seqOf: Map<Step, number>,
): Promise<RecordRow[]> {
  const rows = saves.map((s) => ({
    id: s.c.id,
    companyId,
    ...kind.values(s.fields),
    version: (s.existing?.version ?? 0) + 1,
    seq: seqOf.get(s)!,
    createdAt: s.existing?.createdAt ?? now,
    updatedAt: now,
  }));
  // An update keeps its id, company and creation time and takes everything else from the row.
  const columns = getTableColumns(kind.table) as Record<string, PgColumn>;
  const set = Object.keys(rows[0]!)
    .filter((name) => !['id', 'companyId', 'createdAt'].includes(name))
    .map((name) => `"${columns[name]!.name}" = excluded."${columns[name]!.name}"`)
    .join(', ');
  await insertRows(
    tx,
    kind.table,
    rows,
    sql.raw(`on conflict (company_id, id) do update set ${set}`),
  );
  return rows;
}
