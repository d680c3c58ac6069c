// The whole app as one tree, for the browser (src/main.tsx) and for the build's first paint of
// the public and sign-in pages (src/app/prerender.tsx). Both render exactly this, so the browser
// can hydrate a prerendered page (take over the HTML it already shows) instead of rendering it
// anew: React's ids and the HTML match only when the trees do.
import { lazy, StrictMode, Suspense, useLayoutEffect } from 'react';
import { MantineProvider } from '@mantine/core';
import { I18nProvider } from '@lingui/react';
import { useNotifications } from '@mantine/notifications';
import { RouterProvider, useRouterState } from '@tanstack/react-router';
import { i18n } from '../i18n/i18n';
import { BrowserOnly } from './BrowserOnly';
import { firstPageShown } from './first-page';
import { pageInstallsApp } from './installs-app';
import type { createAppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

// Neither shows on a first visit: loaded once the first page is on screen.
const AppNotifications = lazy(() => firstPageShown.then(() => import('./AppNotifications')));

/**
 * The toasts' container. A customer's receipt page shows no toast of its own: there it is
 * loaded only if one is asked for (it then appears), which spares the customer's line its
 * chunks (22.8 KiB in six files, with the parts of Mantine it shares).
 */
function Toasts({ router }: { router: ReturnType<typeof createAppRouter> }) {
  const installsApp = useRouterState({ router, select: pageInstallsApp });
  const { notifications, queue } = useNotifications();
  if (!installsApp && notifications.length === 0 && queue.length === 0) return null;
  return <AppNotifications />;
}

/** Calls `onLive` once the live app is on screen (its first commit). */
function Live({ onLive }: { onLive?: () => void }) {
  useLayoutEffect(() => onLive?.(), [onLive]);
  return null;
}

export function AppRoot({
  router,
  onLive,
}: {
  router: ReturnType<typeof createAppRouter>;
  onLive?: () => void;
}) {
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          <Suspense fallback={null}>
            <BrowserOnly>
              <Toasts router={router} />
            </BrowserOnly>
          </Suspense>
          <RouterProvider router={router} />
          <Live onLive={onLive} />
        </MantineProvider>
      </I18nProvider>
    </StrictMode>
  );
}
