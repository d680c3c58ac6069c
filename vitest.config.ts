import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config';

// Suites by part (DESIGN.md "Testing"). scripts/test.mjs runs them one by one and prints counts.
// Every suite but the browser's shares one module cache across its files (`isolate: false`), so
// the modules are loaded once per suite instead of once per file. In the server and fiscal
// suites each file builds its own app, database and clock from the helpers, and the server's
// modules keep no state but caches. The app's stores and local database live in modules: the
// web suite's setup (tests/web/setup.ts) starts each file signed out, on an empty database.
const serverProject = (name: string, env: Record<string, string>) => ({
  extends: true as const,
  test: {
    name,
    include: ['tests/server/**/*.test.ts'],
    environment: 'node',
    env,
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: 'domain',
            include: ['tests/domain/**/*.test.ts'],
            environment: 'node',
            isolate: false,
          },
        },
        {
          extends: true,
          test: {
            name: 'web',
            include: ['tests/web/**/*.test.{ts,tsx}'],
            environment: 'jsdom',
            setupFiles: ['tests/web/setup.ts'],
            isolate: false,
            // Whole screens render in jsdom; the first test of a file also loads the app. A
            // screen that takes 5 s alone took over 15 s beside the browser suite in CI.
            testTimeout: 30_000,
            // A file that talks to a real server starts one (an embedded database, migrated)
            // before its tests: seconds on a busy machine.
            hookTimeout: 60_000,
          },
        },
        serverProject('server', { TEST_DB: 'pglite' }),
        serverProject('server-pg', { TEST_DB: 'postgresql' }),
        {
          extends: true,
          test: {
            name: 'fiscal',
            include: ['tests/fiscal/**/*.test.ts'],
            environment: 'node',
            env: { TEST_DB: 'pglite' },
            isolate: false,
            testTimeout: 60_000,
            hookTimeout: 60_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'e2e',
            include: ['tests/e2e/**/*.test.ts'],
            environment: 'node',
            testTimeout: 120_000,
            hookTimeout: 180_000,
            fileParallelism: false,
            // A poll waits for what the page or its service worker does next; beside the other
            // suites on a two-core machine that can take seconds, not vitest's default one.
            expect: { poll: { timeout: 10_000 } },
          },
        },
      ],
    },
  }),
);
