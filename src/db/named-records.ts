// Deletion and "keep it after all" for the records a user names (customers, products): the
// same steps for each, so both tables keep the outbox rules in exactly one place.
import type { Table } from 'dexie';
import type { ErrorCode } from '../../domain/errors';
import { db, type LocalFields, type SyncedEntity } from './db';
import { addToOutbox, notifyOutboxChange } from './outbox';

export type NamedRecord = LocalFields & { id: string; version: number; name: string };
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
