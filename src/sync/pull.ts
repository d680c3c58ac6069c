// Brings the server's changes since the device's cursor into Dexie. The server is
// authoritative, with two exceptions: a record with changes still in the outbox keeps the
// user's version, because those changes will reach the server after this pull; and a record
// whose change the server refused as made on an older version keeps it until the user chooses.
import { db } from '../db/db';
import { changedElsewhere } from '../db/record-changes';
import { setConnectivity, classify } from './drain';
import { changesRecord, cursorKey, downloadingKey, entitySync, entities } from './entities';
import type { SyncSend } from './transport';

export interface ChangesPage {
  changes: Array<
    | { type: string; id: string; deleted: false; record: { version: number } }
    | { type: string; id: string; deleted: true }
  >;
  cursor: string;
  more: boolean;
  reset: boolean;
  /** Answered to a pull that asked to wait: receipts of the company are still on their way. */
  receiptsPending?: boolean;
}

export type PullResult =
  | { status: 'done'; applied: number; receiptsPending?: boolean }
  | { status: 'offline' }
  | { status: 'signed_out' }
  | { status: 'failed'; httpStatus: number };

export interface PullOptions {
  send: SyncSend;
  companyId: string;
  pageSize?: number;
  now?: () => number;
  /**
   * Let the server hold the first page up to this long while it has nothing new and receipts
   * of the company are on their way to TRA (the answer then says whether they still are).
   */
  waitMs?: number;
}

async function hasPending(type: string, id: string): Promise<boolean> {
  const entries = db.outbox.where('[entity+recordId]').equals([type, id]).filter(changesRecord);
  return (await entries.count()) > 0;
}

type Change = ChangesPage['changes'][number];

/**
 * Applies one page and moves the cursor in the same transaction, so the cursor never runs
 * ahead of the records it stands for. Reads and writes go in bulk (a first sync brings a
 * company's 10,000 customers in 20 pages).
 */
async function applyPage(companyId: string, page: ChangesPage): Promise<number> {
  const tables = Object.values(entities).map((entity) => entity.table());
  return db.transaction('rw', [db.outbox, db.meta, ...tables], async () => {
    if (page.reset) {
      // The server started over (restored from a backup): forget what it no longer vouches
      // for, except records with changes of the user's still to send.
      for (const [type, entity] of Object.entries(entities)) {
        const table = entity.table();
        const stale = await table
          .where('[companyId+syncState]')
          .equals([companyId, 'synced'])
          .primaryKeys();
        for (const id of stale) if (!(await hasPending(type, id))) await table.delete(id);
      }
    }
    // The page lists changes in feed order: a record's last change is its state.
    const latest = new Map<string, Map<string, Change>>();
    for (const change of page.changes) {
      if (!entitySync(change.type)) continue;
      const ofType = latest.get(change.type) ?? new Map<string, Change>();
      ofType.delete(change.id);
      ofType.set(change.id, change);
      latest.set(change.type, ofType);
    }
    const keys = [...latest].flatMap(([type, changes]) =>
      [...changes.keys()].map((id) => [type, id]),
    );
    const waiting = new Set(
      keys.length
        ? (
            await db.outbox.where('[entity+recordId]').anyOf(keys).filter(changesRecord).toArray()
          ).map((entry) => `${entry.entity}:${entry.recordId}`)
        : [],
    );
    let applied = 0;
    for (const [type, changes] of latest) {
      const entity = entitySync(type)!;
      const table = entity.table();
      const ids = [...changes.keys()].filter((id) => !waiting.has(`${type}:${id}`));
      const locals = await table.bulkGet(ids);
      const puts: ReturnType<typeof entity.toLocal>[] = [];
      const deletions: string[] = [];
      ids.forEach((id, index) => {
        const change = changes.get(id)!;
        const local = locals[index];
        // Ids are unique within a company only: another company's record on this device under
        // the same id is neither replaced nor removed by this company's changes.
        if (local && local.companyId !== companyId) return;
        if (change.deleted) {
          deletions.push(id);
        } else {
          if (local && local.version > change.record.version) return;
          if (local && changedElsewhere(local)) {
            // The user is choosing between their version and the server's: the newer one
            // becomes the one they choose against.
            puts.push({ ...local, syncError: { ...local.syncError!, current: change.record } });
          } else puts.push(entity.toLocal(change.record, companyId, local));
        }
        applied++;
      });
      if (deletions.length) await table.bulkDelete(deletions);
      if (puts.length) await table.bulkPut(puts);
    }
    await db.meta.put({ key: cursorKey(companyId), value: page.cursor });
    return applied;
  });
}

/**
 * Pulls until the feed has nothing more. While pages remain (another phone imported thousands of
 * customers, say), the device is marked as still downloading, so the shell and the lists do not
 * say everything is here; the mark goes when the pull ends, however it ends.
 */
export async function pullChanges(options: PullOptions): Promise<PullResult> {
  let marked = false;
  try {
    return await pullPages(options, async () => {
      if (marked) return;
      marked = true;
      await db.meta.put({ key: downloadingKey(options.companyId), value: true });
    });
  } finally {
    if (marked) await db.meta.delete(downloadingKey(options.companyId));
  }
}

async function pullPages(options: PullOptions, markMore: () => Promise<void>): Promise<PullResult> {
  const { send, companyId } = options;
  const now = options.now ?? Date.now;
  const pageSize = options.pageSize ?? 500;
  let applied = 0;
  let wait = options.waitMs;
  let receiptsPending: boolean | undefined;
  for (;;) {
    const cursor = ((await db.meta.get(cursorKey(companyId)))?.value as string | undefined) ?? '0';
    let response;
    try {
      response = await send({
        method: 'GET',
        path: `/v1/accounting/changes?since=${encodeURIComponent(cursor)}&limit=${pageSize}&companyId=${encodeURIComponent(companyId)}${wait === undefined ? '' : `&wait=${wait}`}`,
        headers: {},
      });
    } catch {
      await setConnectivity(false, now());
      return { status: 'offline' };
    }
    await setConnectivity(true, now());
    const outcome = classify(response);
    if (outcome === 'session') return { status: 'signed_out' };
    if ((response.body as { code?: string } | null)?.code === 'cursor_invalid' && cursor !== '0') {
      // A cursor the server cannot read (damaged storage): start again from the beginning.
      await db.meta.delete(cursorKey(companyId));
      continue;
    }
    if (outcome !== 'success') return { status: 'failed', httpStatus: response.status };
    const page = response.body as ChangesPage;
    applied += await applyPage(companyId, page);
    if (wait !== undefined) receiptsPending = page.receiptsPending === true;
    if (!page.more) {
      return {
        status: 'done',
        applied,
        ...(receiptsPending === undefined ? {} : { receiptsPending }),
      };
    }
    await markMore();
    // Only the first page waits; the rest of the feed is there already.
    wait = undefined;
  }
}
