// The whole app as one element: rendered in the browser by src/main.tsx and, for the public
// pages a first visit opens, into static HTML at build time by src/app/prerender.tsx.
import { StrictMode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { I18nProvider } from '@lingui/react';
import { RouterProvider } from '@tanstack/react-router';
import { i18n } from '../i18n/i18n';
import type { createAppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
          {/* At the bottom: toasts never cover a page's title or the header. */}
          <Notifications position="bottom-center" limit={3} />
          <RouterProvider router={router} />
        </MantineProvider>
      </I18nProvider>
    </StrictMode>
  );
}
