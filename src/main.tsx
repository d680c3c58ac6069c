import './app/first-paint-styles';
import { lazy, startTransition, StrictMode, Suspense, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { I18nProvider } from '@lingui/react';
import { RouterProvider } from '@tanstack/react-router';
import { activateLocale, i18n, initialLocale, LANGUAGE_KEY } from './i18n/i18n';
import { applyDeferredStyles } from './app/deferred-styles';
import { firstPageShown } from './app/first-page';
import { createAppRouter } from './app/router';
import { cssVariablesResolver, theme } from './app/theme';
import { useSession } from './stores/session';

applyDeferredStyles();

// A signed-in user's language is the account's; otherwise this device's last choice.
await activateLocale(
  initialLocale(useSession.getState().user?.language ?? localStorage.getItem(LANGUAGE_KEY)),
);

const router = createAppRouter();
const AppNotifications = lazy(() => firstPageShown.then(() => import('./app/AppNotifications')));

// The page's code is loaded before the first render, so the app renders once, whole: a public
// page's first paint from the build (scripts/prerender.mjs) stays until the live page replaces
// it, and a signed-in page shows no loader in between.
const root = document.getElementById('root')!;
// A failure (a chunk that did not load) is the router's to show, on its error screen.
await router.load().catch(() => undefined);

/** The prerendered page is inert until the live one has replaced it, so nothing typed is lost. */
function Live() {
  useLayoutEffect(() => root.removeAttribute('inert'), []);
  return null;
}

// Rendered as a transition, so React yields to the browser every few milliseconds instead of
// holding the main thread for the whole first render (a slow phone's input waited on it).
const reactRoot = createRoot(root);
startTransition(() =>
  reactRoot.render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          <Suspense fallback={null}>
            <AppNotifications />
          </Suspense>
          <RouterProvider router={router} />
          <Live />
        </MantineProvider>
      </I18nProvider>
    </StrictMode>,
  ),
);
