// The language switch. The choice is kept on the device (localStorage) and on the account,
// so it follows the user to another phone. A choice not yet saved on the account (made
// offline, or on the login page before signing in) waits under LANGUAGE_UNSAVED_KEY and is
// sent when the server answers; signing out forgets it, so the next person gets their own.
import type { Locale } from '../../domain/i18n';
import { isLocale } from '../../domain/i18n';
import type { SessionUser } from '../../domain/roles';
import { saveLanguage } from '../api/account';
import { useSession } from '../stores/session';
import { activateLocale, currentLocale, LANGUAGE_KEY } from './i18n';

export const LANGUAGE_UNSAVED_KEY = 'language-unsaved';

export async function switchLanguage(locale: Locale): Promise<void> {
  await activateLocale(locale);
  localStorage.setItem(LANGUAGE_KEY, locale);
  localStorage.setItem(LANGUAGE_UNSAVED_KEY, locale);
  const { user, setUser } = useSession.getState();
  if (!user) return;
  setUser({ ...user, language: locale });
  await saveUnsavedLanguage();
}

/** Sends a language chosen while the server was unreachable; quiet if it still is. */
export async function saveUnsavedLanguage(): Promise<void> {
  const pending = localStorage.getItem(LANGUAGE_UNSAVED_KEY);
  if (!isLocale(pending) || !useSession.getState().user) return;
  try {
    const user = await saveLanguage(pending);
    if (localStorage.getItem(LANGUAGE_UNSAVED_KEY) === pending) {
      localStorage.removeItem(LANGUAGE_UNSAVED_KEY);
    }
    useSession.getState().setUser(user);
  } catch {
    /* kept for the next time the server answers */
  }
}

/** After sign-in or a profile reload: the account's language, unless a newer choice waits. */
export async function adoptUserLanguage(user: SessionUser): Promise<void> {
  if (localStorage.getItem(LANGUAGE_UNSAVED_KEY)) {
    await saveUnsavedLanguage();
    return;
  }
  if (user.language !== currentLocale()) await activateLocale(user.language);
  localStorage.setItem(LANGUAGE_KEY, user.language);
}
