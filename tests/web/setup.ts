import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeAll } from 'vitest';
import { useConnection } from '../../src/stores/connection';
import { resetLocalDatabase } from './helpers/local-db';

// findBy… and waitFor wait for what a user would see; a loaded machine can take seconds to
// render it, and a condition that holds returns at once however long the limit.
configure({ asyncUtilTimeout: 10_000 });

// What Mantine and the router expect from a browser and jsdom lacks. Files that run in the node
// environment (the data layer against the real server) have no window at all.
if (typeof window !== 'undefined') installBrowserGaps();

function installBrowserGaps() {
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  if (!('ResizeObserver' in window)) {
    (window as any).ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
  window.scrollTo = (() => undefined) as typeof window.scrollTo;
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      value: {
        ready: Promise.resolve(),
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      },
    });
  }
  Element.prototype.scrollIntoView = () => undefined;
}

// The files share one module cache (vitest.config.ts): each starts as a page opened for the
// first time would, signed out, with an empty local database, whatever the file before left.
// The node files (the data layer against a real server) have no session store to reset.
beforeAll(async () => {
  await resetLocalDatabase();
  if (typeof window === 'undefined') return;
  const { useSession } = await import('../../src/stores/session');
  await useSession.getState().clear();
  useSession.setState({ endedBy: null, expired: false });
});

afterEach(() => {
  // Each test starts not knowing whether the server answers, as the app does when it opens: a
  // test that ended offline does not leave the next one's buttons disabled.
  useConnection.setState({ status: 'unknown', lastAnswerAt: null });
  if (typeof window === 'undefined') return;
  cleanup();
  notifications.clean();
  localStorage.clear();
});
