// The service worker's part of sync: on a Background Sync event it drains the outbox and
// pulls, under the same lock as the page. It needs a way to call the API as the signed-in user;
// the service worker's session code provides it (tokens mirrored in the 'risiti-session'
// IndexedDB database) through provideServiceWorkerSync.
import { whenSyncIdle } from './lock';
import { OUTBOX_SYNC_TAG } from './service-worker-tag';
import { syncNow } from './sync-now';
import type { SyncSend } from './transport';

export interface ServiceWorkerSyncSession {
  send: SyncSend;
  /** The signed-in user's company, or null when nobody is signed in. */
  companyId(): Promise<string | null>;
}

let session: ServiceWorkerSyncSession | null = null;

export function provideServiceWorkerSync(provider: ServiceWorkerSyncSession): void {
  session = provider;
}

interface SyncEventLike extends Event {
  tag: string;
  waitUntil(promise: Promise<unknown>): void;
}

/**
 * Rejects when entries remain that could not be sent, so the browser fires the event again
 * later with its own backoff. When a page is syncing, waits for it and goes again: the page
 * may be closed before it is done, and this event would not come back.
 */
export async function syncFromServiceWorker(): Promise<void> {
  const companyId = await session?.companyId();
  if (!session || !companyId) return;
  for (let attempt = 0; attempt < 3; attempt++) {
    const result = await syncNow({ send: session.send, companyId, ignoreBackoff: true });
    if (result.status === 'busy') {
      await whenSyncIdle(async () => undefined);
      continue;
    }
    if (result.drain.status === 'offline' || result.drain.status === 'waiting') {
      throw new Error('Outbox not empty yet');
    }
    return;
  }
  throw new Error('Another sync kept the outbox busy');
}

/** The 'sync' event listener: self.addEventListener('sync', onOutboxSync). */
export function onOutboxSync(event: Event): void {
  const sync = event as SyncEventLike;
  if (sync.tag !== OUTBOX_SYNC_TAG) return;
  sync.waitUntil(syncFromServiceWorker());
}
