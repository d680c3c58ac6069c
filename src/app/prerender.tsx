// The build's first paint for the public and sign-in pages (scripts/prerender.mjs): each page
// rendered to HTML in English and in Swahili, written into its copy of index.html
// (src/app/page-preloads.ts). On a phone's slow line the page then shows as soon as its HTML and
// sheets arrive, seconds before its scripts have run; src/main.tsx then hydrates it. Nothing
// here runs in the browser.
import { renderToString } from 'react-dom/server';
import { createMemoryHistory } from '@tanstack/react-router';
import type { Locale } from '../../domain/i18n';
import { catalogParts } from '../i18n/catalog-parts';
import { activateLocale, type CatalogPart } from '../i18n/i18n';
import { AppRoot } from './AppRoot';
import { createAppRouter } from './router';

/**
 * The page's HTML, or null for a page that shows the server's data: its loader's, or the record
 * its address names (`/r/$publicId`, the copy every receipt's address gets).
 */
export async function prerender(path: string, locale: Locale): Promise<string | null> {
  await activateLocale(locale);
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  const [routes] = router.getMatchedRoutes(path);
  if (path.includes('/$') || routes.some((route) => route.options.loader)) return null;
  await router.load();
  const { location, matches } = router.state;
  if (location.pathname !== path || matches.some((match) => match.status !== 'success')) {
    throw new Error(`${path} did not render as itself (${location.pathname})`);
  }
  return renderToString(<AppRoot router={router} />);
}

/** The parts of the catalog the page's start loads in a language that has them. */
export function catalogPartsOf(path: string): CatalogPart[] {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  const [routes] = router.getMatchedRoutes(path);
  return catalogParts(routes.map((route) => route.id));
}
