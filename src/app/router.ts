// The app's router: file routes (src/routes), the session in the typed router context, the
// navigation guard in the root route and anchor scrolling.
import { createRouter, parseSearchWith, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen';
import { useSession } from '../stores/session';
import { watchFirstPage } from './first-page';
import { installAnchorScrolling } from './scroll';

export interface RouterContext {
  session: typeof useSession;
}

/**
 * Search values read as JSON, as the router does by default, except a whole number too long for
 * a JavaScript number, which stays as written: a QuickBooks company id (16 digits and more) read
 * as a number lost its last digits, and the return was taken for Xero's.
 */
const parseSearch = parseSearchWith((text) => {
  const value: unknown = JSON.parse(text);
  return typeof value === 'number' && !Number.isSafeInteger(value) && /^-?\d+$/.test(text.trim())
    ? text
    : value;
});

export function createAppRouter(options: { history?: RouterHistory } = {}) {
  const router = createRouter({
    routeTree,
    context: { session: useSession } satisfies RouterContext,
    parseSearch,
    defaultPreload: 'intent',
    defaultHashScrollIntoView: false,
    ...(options.history ? { history: options.history } : {}),
  });
  installAnchorScrolling(router);
  watchFirstPage(router);
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
