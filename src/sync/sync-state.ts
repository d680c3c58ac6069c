// The sync state the app shell shows: everything synced, N changes waiting, offline, or
// changes the server refused. Derived from the outbox, the records and the last answer, so
// every tab and the service worker agree.
import type { OutboxEntry, RecordSyncError, SyncedEntity } from '../db/db';
import { db } from '../db/db';
import {
  CONNECTIVITY_KEY,
  downloadingKey,
  entities,
  lastSyncKey,
  type Connectivity,
} from './entities';

/**
 * A record with calls still to send: what the user did to it (saved, then submitted, say) is
 * one waiting change, however many calls the outbox holds for it.
 */
export interface WaitingChange {
  seq: number;
  entity: SyncedEntity;
  recordId: string;
  /** The calls queued for the record, oldest first. */
  actions: OutboxEntry['action'][];
  label: string;
  createdAt: number;
  attempts: number;
  /** Why the last attempt of its oldest call failed ('offline' or the server's message). */
  lastError: string | null;
  nextAttemptAt: number;
}

export interface FailedChange {
  entity: SyncedEntity;
  recordId: string;
  label: string;
  error: RecordSyncError;
}

/** The list of waiting changes holds the oldest records; `waitingCount` counts them all. */
export const WAITING_LIST_LIMIT = 100;

interface Lists {
  waiting: WaitingChange[];
  waitingCount: number;
  failed: FailedChange[];
}

export type SyncState =
  | {
      status: 'synced';
      lastSyncAt: number | null;
      /** The company's records are still arriving: no sync has finished yet, or pages remain. */
      downloading: boolean;
    }
  | ({ status: 'waiting' } & Lists)
  | ({ status: 'offline'; since: number } & Lists)
  | ({ status: 'error' } & Lists);

/**
 * Offline wins (the user should know nothing is moving), then refused changes (they need the
 * user), then waiting ones.
 */
export async function readSyncState(companyId: string): Promise<SyncState> {
  const tables = Object.values(entities).map((entity) => entity.table());
  return db.transaction('r', [db.outbox, db.meta, ...tables], async () => {
    // An import stored offline can queue 10,000 changes and this runs after each one is sent:
    // the records are counted from index keys alone, and only the oldest calls are read.
    const waitingCount = (
      await db.outbox
        .where('[companyId+entity+recordId]')
        .between([companyId], [companyId, '\uffff'])
        .uniqueKeys()
    ).length;
    const byRecord = new Map<string, WaitingChange>();
    await db.outbox
      .where('companyId')
      .equals(companyId)
      .until(() => byRecord.size > WAITING_LIST_LIMIT)
      .each((entry) => {
        const key = `${entry.entity}:${entry.recordId}`;
        const known = byRecord.get(key);
        if (known) known.actions.push(entry.action);
        else
          byRecord.set(key, {
            seq: entry.seq!,
            entity: entry.entity,
            recordId: entry.recordId,
            actions: [entry.action],
            label: entry.label,
            createdAt: entry.createdAt,
            attempts: entry.attempts,
            lastError: entry.lastError,
            nextAttemptAt: entry.nextAttemptAt,
          });
      });
    const waiting = [...byRecord.values()].slice(0, WAITING_LIST_LIMIT);
    const failed: FailedChange[] = [];
    for (const [entity, sync] of Object.entries(entities) as [
      SyncedEntity,
      (typeof entities)[SyncedEntity],
    ][]) {
      const records = await sync
        .table()
        .where('[companyId+syncState]')
        .equals([companyId, 'failed'])
        .toArray();
      for (const record of records) {
        if (!record.syncError) continue;
        const label = (record as { name?: string }).name ?? sync.label?.(record) ?? record.id;
        failed.push({ entity, recordId: record.id, label, error: record.syncError });
      }
    }
    failed.sort((a, b) => a.error.at - b.error.at);
    const connectivity = (await db.meta.get(CONNECTIVITY_KEY))?.value as Connectivity | undefined;
    const lists = { waiting, waitingCount, failed };
    if (connectivity?.online === false)
      return { status: 'offline', since: connectivity.at, ...lists };
    if (failed.length) return { status: 'error', ...lists };
    if (waitingCount) return { status: 'waiting', ...lists };
    const lastSyncAt = ((await db.meta.get(lastSyncKey(companyId)))?.value as number) ?? null;
    const downloading =
      lastSyncAt === null || (await db.meta.get(downloadingKey(companyId))) !== undefined;
    return { status: 'synced', lastSyncAt, downloading };
  });
}
