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

export type SyncResult =
  { status: 'busy' } | { status: 'done'; drain: DrainResult; pull: PullResult | null };

export async function syncNow(options: SyncOptions): Promise<SyncResult> {
  const now = options.now ?? Date.now;
  const result = await withSyncLock(async () => {
    const drain = await drainOutbox(options);
    // Pull even when an entry waits out a backoff: the server is reachable and has news.
    const pull =
      drain.status === 'offline' || drain.status === 'signed_out'
        ? null
        : await pullChanges(options);
    if (drain.status === 'done' && pull?.status === 'done') {
      await db.meta.put({ key: lastSyncKey(options.companyId), value: now() });
    }
    return { status: 'done' as const, drain, pull };
  });
  return result === 'busy' ? { status: 'busy' } : result;
}
