// Changes of a customer, product or expense when another device changed it too. A save names
// the version the user changed (If-Match) and keeps that version's fields as its base; when the
// server refuses it because the record has moved on, each field is taken from the side that
// changed it (a three-way merge against the base). Only a field both sides changed, differently,
// needs the user: until they choose, the record keeps this phone's fields with the server's
// beside them, so nothing typed on either device is overwritten without someone deciding.
import type { Table } from 'dexie';
import { versionTag } from '../../domain/sync-batch';
import {
  db,
  type LocalFields,
  type OutboxEntry,
  type RecordSyncError,
  type SyncedEntity,
} from './db';
import { addToOutbox, notifyOutboxChange } from './outbox';

export type Fields = Record<string, unknown>;

/** A record whose changes carry the version they were made on. */
export type ChangedRecord = LocalFields & { id: string; version: number };
export type ChangedTable = Table<ChangedRecord, string>;

/** What a kind of record tells the merge. */
export interface ChangeRules<Server extends { version: number } = { version: number }> {
  entity: SyncedEntity;
  table(): ChangedTable;
  path(id: string): string;
  /**
   * The fields a save sends, in groups that change together and are merged as one (an
   * identification's type and number; an expense's items, amount type and payments).
   */
  groups: readonly (readonly string[])[];
  /** The record with these fields (and its search keys and totals to match). */
  withFields(record: ChangedRecord, fields: Fields): ChangedRecord;
  /** The server's record as the device stores it, synced. */
  toLocal(server: Server, companyId: string): ChangedRecord;
  /** What the list of changes waiting calls the record. */
  label(record: ChangedRecord): string;
}

export function fieldsOf(rules: ChangeRules, record: object): Fields {
  const source = record as Fields;
  return Object.fromEntries(rules.groups.flat().map((key) => [key, source[key] ?? null]));
}

/**
 * Whether two values of a field are the same: lists and objects (an expense's items, its
 * seller) by their content, whatever the order of their keys; missing and null alike.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  const left = a ?? null;
  const right = b ?? null;
  if (left === right) return true;
  if (typeof left !== 'object' || typeof right !== 'object' || !left || !right) return false;
  if (Array.isArray(left) || Array.isArray(right)) {
    return (
      Array.isArray(left) &&
      Array.isArray(right) &&
      left.length === right.length &&
      left.every((item, index) => sameValue(item, right[index]))
    );
  }
  const l = left as Fields;
  const r = right as Fields;
  return [...new Set([...Object.keys(l), ...Object.keys(r)])].every((key) =>
    sameValue(l[key], r[key]),
  );
}

const sameIn = (keys: readonly string[], a: Fields, b: Fields) =>
  keys.every((key) => sameValue(a[key], b[key]));

export interface Merge {
  fields: Fields;
  /** The fields both sides changed, differently (each key of a conflicting group). */
  conflicts: string[];
}

/**
 * Each group from the side that changed it since `base`; a group both changed differently is
 * taken from `prefer` and named in `conflicts`. Without a base every difference is a conflict.
 */
export function mergeChanges(
  rules: Pick<ChangeRules, 'groups'>,
  base: Fields | undefined,
  mine: Fields,
  theirs: Fields,
  prefer: 'mine' | 'theirs',
): Merge {
  const fields: Fields = {};
  const conflicts: string[] = [];
  for (const keys of rules.groups) {
    let from: Fields;
    if (sameIn(keys, mine, theirs)) from = mine;
    else if (base && sameIn(keys, mine, base)) from = theirs;
    else if (base && sameIn(keys, theirs, base)) from = mine;
    else {
      from = prefer === 'mine' ? mine : theirs;
      conflicts.push(...keys);
    }
    for (const key of keys) fields[key] = from[key] ?? null;
  }
  return { fields, conflicts };
}

/**
 * The headers and base of a save of `existing`: If-Match of the version the user changed, so
 * the server refuses the save if another device changed the record meanwhile. None for a record
 * the server does not have yet, nor behind another change of the record still queued: that one
 * carries the version, and this one follows it. Must run inside the transaction that queues it.
 */
export async function changeOf(
  rules: ChangeRules,
  existing: ChangedRecord | undefined,
): Promise<Pick<OutboxEntry, 'headers' | 'base'>> {
  if (!existing || existing.version === 0) return {};
  const queued = await db.outbox
    .where('[entity+recordId]')
    .equals([rules.entity, existing.id])
    .filter((entry) => entry.action === 'save' || entry.action === 'delete')
    .count();
  if (queued) return {};
  // The record's fields are that version's while it is synced; a change refused as made on an
  // older version keeps the base it was made on.
  const base =
    existing.syncState === 'synced'
      ? fieldsOf(rules, existing)
      : (changedElsewhere(existing)?.base ?? undefined);
  return { headers: { 'If-Match': versionTag(existing.version) }, ...(base ? { base } : {}) };
}

/** The server's record and the refused change's base, while the user has to choose. */
export function changedElsewhere<Server>(
  record: Pick<LocalFields, 'syncState' | 'syncError'>,
): { theirs: Server; base: Fields | undefined } | null {
  const error = record.syncError;
  return record.syncState === 'failed' &&
    error?.code === 'record_changed' &&
    typeof error.current === 'object' &&
    error.current !== null
    ? { theirs: error.current as Server, base: error.base }
    : null;
}

/**
 * What the record's page shows while the user has to choose: the server's record, and the
 * fields both sides changed (every differing field when the base is not known).
 */
export function conflictOf<Server extends { version: number }>(
  rules: ChangeRules<Server>,
  record: ChangedRecord,
): { theirs: Server; fields: string[] } | null {
  const changed = changedElsewhere<Server>(record);
  if (!changed) return null;
  const { conflicts } = mergeChanges(
    rules,
    changed.base,
    fieldsOf(rules as ChangeRules, record),
    fieldsOf(rules as ChangeRules, changed.theirs),
    'mine',
  );
  return { theirs: changed.theirs, fields: conflicts };
}

/** Queues the save of `fields` over the server's version `server` (inside a transaction). */
async function queueOver(
  rules: ChangeRules,
  record: ChangedRecord,
  server: ChangedRecord,
  fields: Fields,
): Promise<ChangedRecord> {
  const changed = rules.withFields(record, fields);
  await addToOutbox({
    companyId: record.companyId,
    entity: rules.entity,
    recordId: record.id,
    action: 'save',
    label: rules.label(changed),
    method: 'PUT',
    path: rules.path(record.id),
    headers: { 'If-Match': versionTag(server.version) },
    base: fieldsOf(rules, server),
    body: { type: 'json', json: fields },
  });
  return { ...changed, version: server.version, syncState: 'pending', syncError: null };
}

/**
 * The record once `fields` are decided over the server's record: the server's, synced, when
 * they are its own; otherwise this phone's, queued over its version.
 */
async function settleOn(
  rules: ChangeRules,
  record: ChangedRecord,
  theirs: { version: number },
  fields: Fields,
): Promise<ChangedRecord> {
  const server = rules.toLocal(theirs, record.companyId);
  if (sameIn(rules.groups.flat(), fields, server as unknown as Fields)) return server;
  return queueOver(rules, record, server, fields);
}

/**
 * The server refused a save as made on an older version (`refused` of the sync entities). The
 * record's later saves still queued go with it: they were made on the same version and the
 * record holds their fields. Fields each side changed alone are merged and sent at once; if
 * both changed one, the record waits for the user's choice with the server's record beside it.
 */
export async function refusedAsChanged(
  rules: ChangeRules,
  entry: OutboxEntry,
  error: RecordSyncError,
  local: ChangedRecord,
): Promise<object | undefined> {
  if (error.code !== 'record_changed' || typeof error.current !== 'object' || !error.current) {
    return undefined;
  }
  await db.outbox
    .where('[entity+recordId]')
    .equals([entry.entity, entry.recordId])
    .filter((queued) => queued.action === 'save')
    .delete();
  // A deletion queued after it decides what becomes of the record.
  if (local.deleted) return {};
  const theirs = error.current as { version: number };
  const merge = mergeChanges(
    rules,
    entry.base,
    fieldsOf(rules, local),
    fieldsOf(rules, theirs),
    'mine',
  );
  // The record's other changes still queued (an expense marked processed after the edit) went
  // after the refused change: they go after the merge, or wait for the user's choice.
  const later = await db.outbox
    .where('[entity+recordId]')
    .equals([entry.entity, entry.recordId])
    .toArray();
  await db.outbox.bulkDelete(later.map((queued) => queued.seq!));
  const held = later.map(({ seq: _seq, ...queued }) => queued);
  if (merge.conflicts.length === 0) {
    const settled = await settleOn(rules, local, theirs, merge.fields);
    await requeueHeld(held);
    return settled;
  }
  return {
    syncState: 'failed',
    syncError: {
      ...error,
      ...(entry.base ? { base: entry.base } : {}),
      ...(held.length ? { held } : {}),
    },
    deleted: 0,
  };
}

/**
 * Queues again the changes held while the user had to choose (after what the choice queued):
 * inside the transaction that settles the record.
 */
export async function requeueHeld(held: Omit<OutboxEntry, 'seq'>[] | undefined): Promise<void> {
  if (held?.length) await db.outbox.bulkAdd(held);
}

/**
 * The user chose, for the fields both devices changed, this phone's values or the other's;
 * every other field stays as whichever side changed it. The result is sent over the server's
 * version, or simply stored when it is the server's record.
 */
export async function settleChange(
  rules: ChangeRules,
  companyId: string,
  id: string,
  choice: 'mine' | 'theirs',
): Promise<void> {
  const table = rules.table();
  const queued = await db.transaction('rw', table, db.outbox, async () => {
    const record = await table.get(id);
    if (!record || record.companyId !== companyId) return false;
    const changed = changedElsewhere<{ version: number }>(record);
    if (!changed) return false;
    const { fields } = mergeChanges(
      rules,
      changed.base,
      fieldsOf(rules, record),
      fieldsOf(rules, changed.theirs),
      choice,
    );
    const settled = await settleOn(rules, record, changed.theirs, fields);
    const held = record.syncError?.held ?? [];
    await table.put(held.length ? { ...settled, syncState: 'pending' } : settled);
    await requeueHeld(held);
    return settled.syncState === 'pending' || held.length > 0;
  });
  if (queued) notifyOutboxChange();
}
