// `npm test`: every check the project has, in order, stopping at the first failure, and a
// count of tests per suite at the end. Suites: domain, web, server (PGlite), server-pg (when
// TEST_DATABASE_URL is set), fiscal, the built app's first-load size budget, e2e (system
// Chromium; skipped loudly without one).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findChromium } from './chromium.mjs';

const only = process.argv.slice(2);
const results = [];
const started = Date.now();

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}: ${command} ${args.join(' ')}`);
  const t0 = Date.now();
  const child = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (child.status !== 0) {
    console.error(`\n✗ ${label} failed after ${seconds}s`);
    summary();
    process.exit(child.status ?? 1);
  }
  console.log(`✓ ${label} (${seconds}s)`);
}

function suite(name, env = {}) {
  if (only.length && !only.includes(name)) return;
  const report = path.join(os.tmpdir(), `risiti-vitest-${name}-${process.pid}.json`);
  run(
    `suite ${name}`,
    'npx',
    [
      'vitest',
      'run',
      '--project',
      name,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    env,
  );
  const json = JSON.parse(fs.readFileSync(report, 'utf8'));
  results.push({
    name,
    passed: json.numPassedTests,
    failed: json.numFailedTests,
    skipped: json.numPendingTests + json.numTodoTests,
    total: json.numTotalTests,
  });
  fs.rmSync(report, { force: true });
}

function summary() {
  if (!results.length) return;
  console.log('\nTests per suite:');
  for (const r of results) {
    console.log(
      `  ${r.name.padEnd(10)} ${String(r.total).padStart(4)} ran: ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`,
    );
  }
  const total = results.reduce((n, r) => n + r.total, 0);
  console.log(
    `  ${'all'.padEnd(10)} ${String(total).padStart(4)} in ${((Date.now() - started) / 1000).toFixed(0)}s`,
  );
}

const wants = (step) => !only.length || only.includes(step);

if (wants('static')) {
  run('generate catalogs and routes', 'npm', ['run', 'gen', '--silent']);
  run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
  run('typecheck service worker', 'npx', ['tsc', '-p', 'tsconfig.sw.json', '--noEmit']);
  run('lint', 'npx', ['eslint', '.', '--max-warnings', '0']);
  run('format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']);
  run('Swahili catalog', 'node', ['scripts/check-catalogs.mjs']);
  run('compile catalogs', 'npx', ['lingui', 'compile', '--typescript', '--strict']);
}

suite('domain');
suite('web');
suite('server', { TEST_DB: 'pglite' });
if (process.env.TEST_DATABASE_URL) suite('server-pg', { TEST_DB: 'postgresql' });
else if (!only.length || only.includes('server-pg'))
  console.warn(
    '\n! TEST_DATABASE_URL is not set: the PostgreSQL run of the server suite is skipped.',
  );
suite('fiscal');

if (!only.length || only.includes('e2e') || only.includes('budget')) {
  run('build the app', 'npm', ['run', 'build', '--silent']);
  run('first-load size budget', 'npx', ['tsx', 'bench/first-load.bench.ts']);
}

if (!only.length || only.includes('e2e')) {
  const chromium = findChromium();
  if (!chromium) {
    console.warn(
      '\n' +
        '!'.repeat(72) +
        '\n! No Chromium found (set CHROMIUM_PATH or apt-get install chromium):\n! the browser tests are SKIPPED.\n' +
        '!'.repeat(72),
    );
  } else {
    suite('e2e', { CHROMIUM_PATH: chromium });
  }
}

summary();
