// App-wide effects: follow the session (signed out in another tab, refresh refused, forced
// password change) by re-running the guard, or ask to log in again over a form holding typing;
// take away the errors of a screen left behind; watch for the server; sync the company's records
// while someone works in it; install the app for offline work and offer its updates (not on a
// customer's receipt page).
import { lazy, Suspense, useEffect } from 'react';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { visitorErrorMessages } from '../../../domain/visitor-errors';
import { BrowserOnly } from '../../app/BrowserOnly';
import { firstPageShown } from '../../app/first-page';
import { pageInstallsApp } from '../../app/installs-app';
import { clearStaleFailures, notifyFailure } from '../../app/notify';
import { i18n } from '../../i18n/i18n';
import { useSession, workingCompanyId } from '../../stores/session';
import { useServerWatch } from '../../app/useServerWatch';

// Registering the service worker and offering updates wait until the first page is shown.
const UpdatePrompt = lazy(() =>
  firstPageShown
    .then(() => import('../../pwa/UpdatePrompt'))
    .then((module) => ({ default: module.UpdatePrompt })),
);

// Loaded only when a session ends under a form that holds typing (src/app/unsaved-work.ts).
const SignInAgainDialog = lazy(() => import('../../features/session/SignInAgainDialog'));

export function RootEffects() {
  const router = useRouter();
  useEffect(
    () =>
      useSession.subscribe((state, previous) => {
        const ended = previous.user !== null && state.user === null;
        // Say why, unless the user signed out here or in another tab.
        if (ended && state.endedBy && state.endedBy !== 'signed-out') {
          const code = (
            {
              refused: 'refresh_invalid',
              disabled: 'account_disabled',
              'company-inactive': 'company_inactive',
            } as const
          )[state.endedBy];
          notifyFailure({ code, message: i18n._(visitorErrorMessages[code]) });
        }
        const mustChange = state.changePassword && !previous.changePassword;
        const roleChanged = state.user?.role !== previous.user?.role && state.user !== null;
        const companyChanged = workingCompanyId(state) !== workingCompanyId(previous);
        if (ended || mustChange || roleChanged || companyChanged) void router.invalidate();
      }),
    [router],
  );
  useEffect(
    () =>
      router.subscribe('onBeforeNavigate', (event) => {
        if (event.pathChanged) clearStaleFailures();
      }),
    [router],
  );
  useServerWatch();
  useCompanySync();
  const installsApp = useRouterState({ select: pageInstallsApp });
  const expired = useSession((state) => state.expired);
  return (
    <>
      {installsApp && (
        <Suspense fallback={null}>
          <BrowserOnly>
            <UpdatePrompt />
          </BrowserOnly>
        </Suspense>
      )}
      {expired && (
        <Suspense fallback={null}>
          <SignInAgainDialog />
        </Suspense>
      )}
    </>
  );
}

/** Runs the sync engine from sign-in to sign-out (not while a password change is forced). */
function useCompanySync(): void {
  const companyId = useSession((state) => (state.changePassword ? null : workingCompanyId(state)));
  useEffect(() => {
    if (!companyId) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('../../features/sync/app-sync').then((sync) => {
      if (!cancelled) stop = sync.startAppSync();
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [companyId]);
}
