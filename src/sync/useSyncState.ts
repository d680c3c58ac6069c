import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../db/db';
import { useConnection } from '../stores/connection';
import { CONNECTIVITY_KEY, downloadingKey, lastSyncKey, type Connectivity } from './entities';
import { readSyncState, type SyncState } from './sync-state';

/** The sync state for the app shell, live; undefined while loading or when signed out. */
export function useSyncState(companyId: string | null): SyncState | undefined {
  return useLiveQuery(() => (companyId ? readSyncState(companyId) : undefined), [companyId]);
}

/**
 * Whether the company's records are still arriving: no sync has finished on this device, or a
 * pull has pages left, and the server is not known to be out of reach. Lists hold only the
 * pages downloaded so far until then. Undefined while loading.
 */
export function useStillDownloading(companyId: string | null): boolean | undefined {
  const offline = useConnection((state) => state.status === 'offline');
  const pending = useLiveQuery(async () => {
    if (!companyId) return false;
    const synced = (await db.meta.get(lastSyncKey(companyId))) !== undefined;
    if (synced && (await db.meta.get(downloadingKey(companyId))) === undefined) return false;
    const connectivity = (await db.meta.get(CONNECTIVITY_KEY))?.value as Connectivity | undefined;
    return connectivity?.online !== false;
  }, [companyId]);
  return pending === undefined ? undefined : pending && !offline;
}
