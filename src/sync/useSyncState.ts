import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../db/db';
import { lastSyncKey } from './entities';
import { readSyncState, type SyncState } from './sync-state';

/** The sync state for the app shell, live; undefined while loading or when signed out. */
export function useSyncState(companyId: string | null): SyncState | undefined {
  return useLiveQuery(() => (companyId ? readSyncState(companyId) : undefined), [companyId]);
}

/**
 * Whether a sync of the company has ever finished on this device: until then its lists hold
 * only the pages downloaded so far. Undefined while loading.
 */
export function useFirstSyncDone(companyId: string | null): boolean | undefined {
  return useLiveQuery(
    async () => (companyId ? (await db.meta.get(lastSyncKey(companyId))) !== undefined : false),
    [companyId],
  );
}
