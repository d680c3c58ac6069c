// Starting, refreshing and ending the session on this device.
import type { SessionUser } from '../../../domain/roles';
import { fetchMe, signOutRequest, type SignInResult } from '../../api/account';
import { adoptUserLanguage, LANGUAGE_UNSAVED_KEY } from '../../i18n/language';
import { useSession } from '../../stores/session';

export async function startSession(result: SignInResult): Promise<void> {
  await useSession.getState().signIn(result);
  await adoptUserLanguage(result.user);
}

/**
 * Forgets the session here at once, and asks the server to end the token family. Offline,
 * that request is lost: the tokens are gone from this device, and the family dies with them
 * when its refresh token expires.
 */
export async function signOut(): Promise<void> {
  const { refreshToken, clear } = useSession.getState();
  if (refreshToken) {
    signOutRequest(refreshToken).catch(() => {
      /* best effort, see above */
    });
  }
  localStorage.removeItem(LANGUAGE_UNSAVED_KEY);
  await clear('signed-out');
}

/**
 * Reloads the user from the server (company name, role, forced change) when it answers.
 * Unreachable is fine: the stored user keeps the app working offline.
 */
export async function refreshUser(): Promise<SessionUser | null> {
  if (!useSession.getState().user) return null;
  try {
    const user = await fetchMe();
    useSession.getState().setUser(user);
    await adoptUserLanguage(user);
    return user;
  } catch {
    // Unreachable, or the session ended (the client then cleared it and the guard follows).
    return null;
  }
}
