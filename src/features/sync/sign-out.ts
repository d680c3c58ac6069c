// Signing out of a company device: the session ends, then the local records go, so the next
// person to sign in on this phone starts from what the server has. Callers ask first when
// unsyncedChanges() reports anything, because those changes exist nowhere else.
import { clearLocalData, unsyncedChanges, type UnsyncedChanges } from '../../db/local-data';
import { whenSyncIdle } from '../../sync/lock';
import { signOut } from '../account/session';

export async function changesSignOutWouldLose(): Promise<UnsyncedChanges> {
  return unsyncedChanges();
}

export async function signOutAndForget(): Promise<void> {
  await signOut();
  // A sync already under way finishes (its calls now fail as signed out) before the data goes.
  await whenSyncIdle(clearLocalData);
}
