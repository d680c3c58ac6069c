import { notifications } from '@mantine/notifications';
import { t } from '@lingui/core/macro';
import type { ApiFailure } from '../api/errors';
import { useSession } from '../stores/session';

/** When each failure toast still on screen was shown. */
const failuresShown = new Map<string, number>();

/** A toast shown this shortly before a navigation belongs to it (a save, then its page). */
const NAVIGATION_GRACE_MS = 1000;

export function notifyFailure(failure: Pick<ApiFailure, 'message' | 'code'>): void {
  // The dialog asking to sign in again says it already.
  if (failure.code === 'refresh_invalid' && useSession.getState().expired) return;
  const id = `failure-${failure.code}`;
  failuresShown.set(id, Date.now());
  notifications.show({
    id,
    color: 'red',
    message: failure.message,
    autoClose: 8000,
    withBorder: true,
    closeButtonProps: { 'aria-label': t`Close` },
    onClose: () => failuresShown.delete(id),
  });
}

/**
 * Errors belong to the screen that caused them: once the user has moved on ("Invalid
 * credentials", then a correct sign-in), they would only cover the next page. A failure shown
 * as part of the navigation itself (the session ended, so to the login page) stays.
 */
export function clearStaleFailures(now = Date.now()): void {
  for (const [id, shownAt] of failuresShown) {
    if (now - shownAt < NAVIGATION_GRACE_MS) continue;
    notifications.hide(id);
    failuresShown.delete(id);
  }
}

export function notifySuccess(message: string): void {
  notifications.show({
    color: 'risiti',
    message,
    autoClose: 5000,
    withBorder: true,
    closeButtonProps: { 'aria-label': t`Close` },
  });
}
