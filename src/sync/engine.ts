// Starts sync in the page: on start, when the network or the app comes back, after every
// local change, at the time a backing-off entry may be retried, and on a timer (Background
// Sync is not in every browser). Triggers only ask for a sync; the outbox rows are the truth.
import { onOutboxChange } from '../db/outbox';
import { requestPersistentStorage } from '../db/persist';
import { whenSyncIdle } from './lock';
import { OUTBOX_SYNC_TAG } from './service-worker-tag';
import { syncNow, type SyncResult } from './sync-now';
import type { SyncSend } from './transport';

export interface SyncEngineOptions {
  send: SyncSend;
  /** The signed-in user's company; null when signed out (nothing is sent). */
  getCompanyId(): string | null;
  intervalMs?: number;
}

export interface SyncEngine {
  /** Asks for a sync now (e.g. a "sync now" button, or after signing in). */
  request(options?: { ignoreBackoff?: boolean }): void;
  stop(): void;
}

interface EventTargetLike {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

const page = globalThis as unknown as EventTargetLike & {
  document?: EventTargetLike & { visibilityState: string };
  navigator?: {
    serviceWorker?: { ready: Promise<{ sync?: { register(tag: string): Promise<void> } }> };
  };
};

/** Asks the service worker to sync when the browser sees a connection (Chromium has it). */
async function registerBackgroundSync(): Promise<void> {
  try {
    const registration = await page.navigator?.serviceWorker?.ready;
    await registration?.sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // No Background Sync (Firefox, Safari) or no permission: the page's own triggers remain.
  }
}

export function startSyncEngine(options: SyncEngineOptions): SyncEngine {
  const intervalMs = options.intervalMs ?? 30_000;
  let stopped = false;
  let running = false;
  let again: { ignoreBackoff: boolean } | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let soonTimer: ReturnType<typeof setTimeout> | undefined;

  const scheduleRetry = (result: SyncResult) => {
    if (result.status !== 'done') return;
    const { drain } = result;
    if (drain.status !== 'offline' && drain.status !== 'waiting') return;
    clearTimeout(retryTimer);
    const delay = Math.max(0, drain.retryAt - Date.now());
    retryTimer = setTimeout(() => run({ ignoreBackoff: false }), Math.min(delay, intervalMs));
  };

  /** Has the sync in progress go round once more when it is done. */
  const askAgain = (ignoreBackoff: boolean) => {
    again = { ignoreBackoff: ignoreBackoff || (again?.ignoreBackoff ?? false) };
  };

  const run = async ({ ignoreBackoff }: { ignoreBackoff: boolean }) => {
    const companyId = options.getCompanyId();
    if (stopped || !companyId) return;
    if (running) {
      askAgain(ignoreBackoff);
      return;
    }
    running = true;
    try {
      const result = await syncNow({ send: options.send, companyId, ignoreBackoff });
      if (result.status === 'busy') {
        // Another tab, the service worker or a sync someone waits for holds the lock, and may
        // have read the outbox before the change that asked for this sync was written: go
        // again once it is done, rather than leave that change to the timer.
        askAgain(ignoreBackoff);
        await whenSyncIdle(async () => undefined);
      }
      scheduleRetry(result);
    } catch (error) {
      console.error('Sync failed', error);
    } finally {
      running = false;
    }
    if (again && !stopped) {
      const next = again;
      again = null;
      void run(next);
    }
  };

  const now = () => void run({ ignoreBackoff: true });
  const onVisible = () => {
    if (page.document?.visibilityState === 'visible') now();
  };
  const onLocalChange = () => {
    void registerBackgroundSync();
    clearTimeout(soonTimer);
    // A burst of saves (an import, quick edits) becomes one sync.
    soonTimer = setTimeout(() => void run({ ignoreBackoff: false }), 200);
  };

  page.addEventListener('online', now);
  page.document?.addEventListener('visibilitychange', onVisible);
  const unsubscribe = onOutboxChange(onLocalChange);
  const timer = setInterval(() => void run({ ignoreBackoff: false }), intervalMs);
  void requestPersistentStorage();
  now();

  return {
    request: (opts) => void run({ ignoreBackoff: opts?.ignoreBackoff ?? true }),
    stop() {
      stopped = true;
      page.removeEventListener('online', now);
      page.document?.removeEventListener('visibilitychange', onVisible);
      unsubscribe();
      clearInterval(timer);
      clearTimeout(retryTimer);
      clearTimeout(soonTimer);
    },
  };
}
