// The app's router: file routes (src/routes), the session in the typed router context, the
// navigation guard in the root route and anchor scrolling.
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen';
import { useSession } from '../stores/session';
import { watchFirstPage } from './first-page';
import { installAnchorScrolling } from './scroll';

export interface RouterContext {
  session: typeof useSession;
}

export function createAppRouter(options: { history?: RouterHistory } = {}) {
  const router = createRouter({
    routeTree,
    context: { session: useSession } satisfies RouterContext,
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
