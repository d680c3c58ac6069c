// Sync while someone is signed in to a company: the engine runs from sign-in to sign-out,
// sends through the app's API client and is asked to go again as soon as the server answers
// after a silence. Loaded on demand, so IndexedDB stays out of the app's first load.
import { startSyncEngine, type SyncEngine } from '../../sync/engine';
import { syncNow, type SyncResult } from '../../sync/sync-now';
import { useConnection } from '../../stores/connection';
import { useSession, workingCompanyId } from '../../stores/session';
import { createApiSend } from './api-send';

let engine: SyncEngine | null = null;
const send = createApiSend();

const companyId = () => {
  const state = useSession.getState();
  return state.changePassword ? null : workingCompanyId(state);
};

/** Starts sync for the signed-in company; the returned function stops it (sign-out). */
export function startAppSync(): () => void {
  const started = startSyncEngine({ send, getCompanyId: companyId });
  engine = started;
  const unsubscribe = useConnection.subscribe((state, previous) => {
    if (state.status === 'online' && previous.status === 'offline') {
      started.request({ ignoreBackoff: true });
    }
  });
  return () => {
    unsubscribe();
    started.stop();
    if (engine === started) engine = null;
  };
}

/** "Sync now": try every waiting change at once, backoff or not. */
export function requestSync(): void {
  engine?.request({ ignoreBackoff: true });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One sync the caller can wait for (before signing out). Another tab or the service worker may
 * hold the sync lock: wait for it, up to `timeoutMs`.
 */
export async function syncAndWait(timeoutMs = 20_000): Promise<SyncResult | null> {
  const company = companyId();
  if (!company) return null;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await syncNow({ send, companyId: company, ignoreBackoff: true });
    if (result.status !== 'busy' || Date.now() > deadline) return result;
    await sleep(250);
  }
}
