import { useLiveQuery } from 'dexie-react-hooks';
import { readSyncState, type SyncState } from './sync-state';

/** The sync state for the app shell, live; undefined while loading or when signed out. */
export function useSyncState(companyId: string | null): SyncState | undefined {
  return useLiveQuery(() => (companyId ? readSyncState(companyId) : undefined), [companyId]);
}
