// The whole app in jsdom at a given address, as main.tsx mounts it, with the catalogs loaded
// (or only the parts given, as a visitor's start loads them).
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { Locale } from '../../../domain/i18n';
import { createAppRouter } from '../../../src/app/router';
import { theme } from '../../../src/app/theme';
import { activateLocale, i18n, type CatalogPart } from '../../../src/i18n/i18n';

export async function renderApp(path: string, locale: Locale = 'en', parts?: CatalogPart[]) {
  await activateLocale(locale, parts);
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  const view = render(
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme}>
        <Notifications />
        <RouterProvider router={router} />
      </MantineProvider>
    </I18nProvider>,
  );
  await router.load();
  return { router, ...view };
}
