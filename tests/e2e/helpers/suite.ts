// What most browser test files start with: the built server and Chromium, started together
// before the file's tests and stopped after them.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { startServer, type E2EServer } from './server';

export interface Suite {
  readonly server: E2EServer;
  readonly browser: Browser;
}

/** Call at the top of a test file; read `server` and `browser` from the tests. */
export function serverAndBrowser(): Suite {
  const suite = {} as { server: E2EServer; browser: Browser };
  beforeAll(async () => {
    [suite.server, suite.browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.dispose();
  });
  return suite;
}
