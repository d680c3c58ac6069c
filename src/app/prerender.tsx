// Build time only (scripts/prerender.mjs): renders a public page to HTML, in English and signed
// out, as a first visit sees it. The server sends that HTML for the page's address, so the
// phone paints the page before any script has arrived; src/main.tsx then hydrates it.
import { renderToString } from 'react-dom/server';
import { createMemoryHistory } from '@tanstack/react-router';
import { activateLocale } from '../i18n/i18n';
import { App } from './App';
import { createAppRouter } from './router';

export async function render(pathname: string): Promise<string> {
  await activateLocale('en');
  // Rendered as the browser renders it (same Suspense boundaries), or hydration would not match.
  const router = createAppRouter({
    history: createMemoryHistory({ initialEntries: [pathname] }),
    isServer: false,
  });
  await router.load();
  return renderToString(<App router={router} />);
}
