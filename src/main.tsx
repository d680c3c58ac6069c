import './app/first-paint-styles';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { I18nProvider } from '@lingui/react';
import { RouterProvider } from '@tanstack/react-router';
import { activateLocale, i18n, initialLocale, LANGUAGE_KEY } from './i18n/i18n';
import { firstPageShown } from './app/first-page';
import { createAppRouter } from './app/router';
import { cssVariablesResolver, theme } from './app/theme';
import { useSession } from './stores/session';

// A signed-in user's language is the account's; otherwise this device's last choice.
await activateLocale(
  initialLocale(useSession.getState().user?.language ?? localStorage.getItem(LANGUAGE_KEY)),
);

const router = createAppRouter();
const AppNotifications = lazy(() => firstPageShown.then(() => import('./app/AppNotifications')));

// A public page's first paint from the build (scripts/prerender.mjs) stays until the live page
// can replace it whole: its route's code loaded, so no loader shows in between.
const root = document.getElementById('root')!;
if (root.hasChildNodes()) await router.load();
root.removeAttribute('inert');

createRoot(root).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <Suspense fallback={null}>
          <AppNotifications />
        </Suspense>
        <RouterProvider router={router} />
      </MantineProvider>
    </I18nProvider>
  </StrictMode>,
);
