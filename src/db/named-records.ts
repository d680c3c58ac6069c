// Deletion, "keep it after all", and changes made on a version another device replaced, for the
// records a user names (customers, products): the same steps for each, so both tables keep the
// outbox rules in exactly one place.
import type { Table } from 'dexie';
import type { ErrorCode } from '../../domain/errors';
import { versionTag } from '../../domain/sync-batch';
import {
  db,
  type LocalFields,
  type OutboxEntry,
  type RecordSyncError,
  type SyncedEntity,
} from './db';
import { addToOutbox, notifyOutboxChange } from './outbox';

type NamedRecord = LocalFields & { id: string; version: number; name: string };
export type NamedTable = Table<NamedRecord, string>;

/**
 * Hides the record at once and queues its deletion, in one transaction. Nothing happens for a
 * record of another company or one already being deleted.
 */
export async function queueDeletion(
  table: NamedTable,
  entity: SyncedEntity,
  companyId: string,
  id: string,
  path: string,
): Promise<void> {
  const queued = await db.transaction('rw', table, db.outbox, async () => {
    const existing = await table.get(id);
    if (!existing || existing.companyId !== companyId || existing.deleted) return false;
    await table.update(id, { deleted: 1, syncState: 'pending', syncError: null });
    await addToOutbox({
      companyId,
      entity,
      recordId: id,
      action: 'delete',
      label: existing.name,
      method: 'DELETE',
      path,
      body: null,
    });
    return true;
  });
  if (queued) notifyOutboxChange();
}

/**
 * The server refused a deletion (with `refusal`) and the user keeps the record: it is as the
 * server has it, so it is simply marked synced again. Nothing is sent.
 */
export async function keepRefusedDeletion(
  table: NamedTable,
  entity: SyncedEntity,
  refusal: ErrorCode,
  companyId: string,
  id: string,
): Promise<void> {
  await db.transaction('rw', table, db.outbox, async () => {
    const record = await table.get(id);
    if (!record || record.companyId !== companyId) return;
    if (record.syncError?.code !== refusal) return;
    const waiting = await db.outbox.where('[entity+recordId]').equals([entity, id]).count();
    if (waiting || record.version === 0) return;
    await table.update(id, { syncState: 'synced', syncError: null });
  });
}

/**
 * The headers of a change to `existing`: If-Match of the version the user changed, so the
 * server refuses the change if another device changed the record meanwhile (412
 * `record_changed`). None for a record the server does not have yet, nor behind another change
 * of the record still queued: that change carries the version, and this one follows it.
 * Must run inside the transaction that queues the change.
 */
export async function changeHeaders(
  entity: SyncedEntity,
  existing: { id: string; version: number } | undefined,
): Promise<{ headers?: Record<string, string> }> {
  if (!existing || existing.version === 0) return {};
  const queued = await db.outbox
    .where('[entity+recordId]')
    .equals([entity, existing.id])
    .filter((entry) => entry.action === 'save' || entry.action === 'delete')
    .count();
  return queued ? {} : { headers: { 'If-Match': versionTag(existing.version) } };
}

/** The record as the server holds it, when the server refused a change made on an older one. */
export function changedElsewhere<T>(record: LocalFields): T | null {
  const error = record.syncError;
  return record.syncState === 'failed' &&
    error?.code === 'record_changed' &&
    typeof error.current === 'object' &&
    error.current !== null
    ? (error.current as T)
    : null;
}

/**
 * The server refused a change made on an older version: the record keeps the user's fields,
 * with the server's version beside them (in the refusal), until the user chooses. Later
 * changes of the record still queued were made on the same older version and go with it.
 */
export async function refusedAsChanged(
  entry: OutboxEntry,
  error: RecordSyncError,
): Promise<object | undefined> {
  if (error.code !== 'record_changed' || !error.current) return undefined;
  await db.outbox
    .where('[entity+recordId]')
    .equals([entry.entity, entry.recordId])
    .filter((queued) => queued.action === 'save')
    .delete();
  return { syncState: 'failed', syncError: error, deleted: 0 };
}

/**
 * The user chose between their version of a record and the one another device saved. Theirs:
 * the record becomes the server's, nothing is sent. Mine: the user's fields are sent again,
 * made on the server's version, so they replace it unless it changed once more.
 */
export async function settleChange<Server extends { version: number }>(
  table: NamedTable,
  entity: SyncedEntity,
  companyId: string,
  id: string,
  choice: 'mine' | 'theirs',
  options: {
    path: string;
    /** The server's record as the device stores it, synced. */
    toLocal(server: Server): NamedRecord;
    /** The fields a save sends, from the local record. */
    fieldsOf(record: NamedRecord): object;
  },
): Promise<void> {
  const queued = await db.transaction('rw', table, db.outbox, async () => {
    const record = await table.get(id);
    if (!record || record.companyId !== companyId) return false;
    const server = changedElsewhere<Server>(record);
    if (!server) return false;
    if (choice === 'theirs') {
      await table.put(options.toLocal(server));
      return false;
    }
    await table.update(id, { version: server.version, syncState: 'pending', syncError: null });
    await addToOutbox({
      companyId,
      entity,
      recordId: id,
      action: 'save',
      label: record.name,
      method: 'PUT',
      path: options.path,
      headers: { 'If-Match': versionTag(server.version) },
      body: { type: 'json', json: options.fieldsOf(record) },
    });
    return true;
  });
  if (queued) notifyOutboxChange();
}
