// One sync: send the outbox, then pull what changed, holding the sync lock so the page, other
// tabs and the service worker never run two at once.
import { db } from '../db/db';
import { drainOutbox, type DrainResult } from './drain';
import { lastSyncKey } from './entities';
import { withSyncLock } from './lock';
import { pullChanges, type PullResult } from './pull';
import type { SyncSend } from './transport';

export interface SyncOptions {
  send: SyncSend;
  companyId: string;
  /** The network just came back or the app became visible: do not wait out a backoff. */
  ignoreBackoff?: boolean;
  now?: () => number;
  /** Send changes in batch calls (the default); false sends each on its own call. */
  batch?: boolean;
}

/** How long a pull may be held by the server while receipts are on their way to TRA. */
export const ISSUE_PULL_WAIT_MS = 2_000;
/** How long, after sending, a sync keeps asking for the receipts of its invoices. */
export const ISSUE_FOLLOW_MS = 20_000;

/**
 * After a sync that submitted invoices, they are numbered but issued only as TRA
 * accepts them, one by one. Rather than leave the phone to learn that at its next poll, the
 * sync asks again at once with pulls the server holds until something changes, for as long as
 * the phone shows submitted invoices and the server has receipts pending. It stops as soon as
 * a new change waits in the outbox (the next sync sends it), a pull is not answered, or after
 * ISSUE_FOLLOW_MS; the held pulls are short, so a sync asked for meanwhile waits little.
 */
async function followReceipts(options: SyncOptions, now: () => number): Promise<void> {
  const until = now() + ISSUE_FOLLOW_MS;
  while (now() < until) {
    if ((await db.outbox.count()) > 0) return;
    const submitted = await db.invoices
      .where('[companyId+status+sortKey]')
      .between([options.companyId, 'submitted', ''], [options.companyId, 'submitted', '\uffff'])
      .count();
    if (submitted === 0) return;
    const pull = await pullChanges({ ...options, waitMs: ISSUE_PULL_WAIT_MS });
    if (pull.status !== 'done' || !pull.receiptsPending) return;
  }
}

export type SyncResult =
  { status: 'busy' } | { status: 'done'; drain: DrainResult; pull: PullResult | null };

export async function syncNow(options: SyncOptions): Promise<SyncResult> {
  const now = options.now ?? Date.now;
  const result = await withSyncLock(async () => {
    // Only a sync that sends invoices to submit waits for their receipts: an expense or a
    // customer sent must not keep the sync lock while other receipts of the company are on
    // their way to TRA.
    const submits = await db.outbox
      .filter(
        (entry) =>
          entry.companyId === options.companyId &&
          entry.entity === 'invoice' &&
          entry.action === 'submit',
      )
      .count();
    const drain = await drainOutbox(options);
    // Pull even when an entry waits out a backoff: the server is reachable and has news.
    const pull =
      drain.status === 'offline' || drain.status === 'signed_out'
        ? null
        : await pullChanges(options);
    if (drain.status === 'done' && pull?.status === 'done') {
      await db.meta.put({ key: lastSyncKey(options.companyId), value: now() });
      if (drain.sent > 0 && submits > 0) await followReceipts(options, now);
    }
    return { status: 'done' as const, drain, pull };
  });
  return result === 'busy' ? { status: 'busy' } : result;
}
