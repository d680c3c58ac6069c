// Which parts of the catalog (src/i18n/i18n.ts) a page's texts are in, from the routes it
// matched: the sign-in pages need only the first part, which the start loads; the public pages
// and the customer's receipt page add theirs; every other page (the signed-in app, its printed
// receipts) needs the signed-in one.
import type { CatalogPart } from './i18n';

export function catalogParts(routeIds: readonly string[]): CatalogPart[] {
  const pages = routeIds.filter((id) => id !== '__root__');
  if (pages.every((id) => id.startsWith('/_auth'))) return ['first'];
  if (pages.every((id) => id.startsWith('/_public'))) return ['first', 'public'];
  if (pages.every((id) => id === '/r/$publicId')) return ['first', 'receipt'];
  return ['first', 'later'];
}
