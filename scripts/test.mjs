// `npm test`: every check the project has, stopping at the first failure, and a count of tests
// per suite at the end. Suites: domain, web, server (PGlite), server-pg (when TEST_DATABASE_URL
// is set), fiscal, the built app's first-load size budget, e2e (system Chromium; skipped loudly
// without one).
//
// The checks run in two lanes side by side, since the machine has two cores and the server
// suites wait on their databases while the browser waits on pages:
//   lane 1: build, first-load budget, e2e
//   lane 2: static checks, domain, web
// then each lane takes the next of server, server-pg and fiscal still waiting (longest
// first), so neither core idles while the other lane still has suites to run. The browser
// suite is by far the longest step: it starts first, and the rest fills the other lane around
// it.
// Each step's output is printed whole when it ends, so the lanes do not interleave.
// `npm test -- <step…>` runs only those steps (static, domain, web, server, server-pg, fiscal,
// budget, e2e), in one lane.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findChromium } from './chromium.mjs';

const only = process.argv.slice(2);
const wants = (step) => !only.length || only.includes(step);
const results = [];
const started = Date.now();
const children = new Set();
let failed = false;

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

/** Runs one step to its end; its output is kept and printed whole. Fails the run on error. */
function run(label, command, args, env = {}) {
  if (failed) return Promise.reject(new Error('stopped'));
  console.log(`▶ ${label} (started at ${((Date.now() - started) / 1000).toFixed(0)}s)`);
  const t0 = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, FORCE_COLOR: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    children.add(child);
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      children.delete(child);
      const seconds = ((Date.now() - t0) / 1000).toFixed(1);
      const text = Buffer.concat(output).toString();
      if (failed && signal) return reject(new Error('stopped'));
      console.log(`\n──── ${label}: ${command} ${args.join(' ')}\n${text.trimEnd()}`);
      if (code !== 0) {
        console.error(`\n✗ ${label} failed after ${seconds}s`);
        return reject(new Error(label));
      }
      console.log(`✓ ${label} (${seconds}s)`);
      resolve();
    });
  });
}

async function suite(name, env = {}) {
  const report = path.join(os.tmpdir(), `risiti-vitest-${name}-${process.pid}.json`);
  await run(
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

async function staticChecks() {
  await run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
  await run('typecheck service worker', 'npx', ['tsc', '-p', 'tsconfig.sw.json', '--noEmit']);
  await run('lint', 'npx', ['eslint', '.', '--max-warnings', '0']);
  await run('format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']);
  await run('Swahili catalog', 'node', ['scripts/check-catalogs.mjs']);
}

async function browserSteps() {
  if (wants('e2e') || wants('budget')) {
    // `npm run build` without its generation step: lane 2 is reading the generated files.
    await run('build the app', 'npm', ['run', 'build:app', '--silent']);
    await run('first-load size budget', 'npx', ['tsx', 'bench/first-load.bench.ts']);
  }
  if (!wants('e2e')) return;
  const chromium = findChromium();
  if (!chromium) {
    console.warn(
      '\n' +
        '!'.repeat(72) +
        '\n! No Chromium found (set CHROMIUM_PATH or apt-get install chromium):\n! the browser tests are SKIPPED.\n' +
        '!'.repeat(72),
    );
    return;
  }
  await suite('e2e', { CHROMIUM_PATH: chromium });
}

/** Suites either lane runs once its own steps are done, first come first served. */
const either = [];
if (wants('server')) either.push(() => suite('server', { TEST_DB: 'pglite' }));
if (process.env.TEST_DATABASE_URL) {
  if (wants('server-pg')) either.push(() => suite('server-pg', { TEST_DB: 'postgresql' }));
} else if (wants('server-pg')) {
  console.warn(
    '\n! TEST_DATABASE_URL is not set: the PostgreSQL run of the server suite is skipped.',
  );
}
if (wants('fiscal')) either.push(() => suite('fiscal'));

async function takeEither() {
  for (let next = either.shift(); next; next = either.shift()) await next();
}

async function lane1() {
  await browserSteps();
  await takeEither();
}

async function lane2() {
  if (wants('static')) await staticChecks();
  if (wants('domain')) await suite('domain');
  if (wants('web')) await suite('web');
  await takeEither();
}

function stopAll() {
  failed = true;
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
}

process.on('SIGINT', () => {
  stopAll();
  process.exit(130);
});

const lane = (steps) =>
  steps().catch((error) => {
    stopAll();
    throw error;
  });

// Every other step imports the generated catalogs and routes: they come first, alone, and so
// does the strict compile that checks every message has a translation (it writes the files the
// other steps read).
await run('generate catalogs and routes', 'npm', ['run', 'gen', '--silent']).catch(() => {
  process.exit(1);
});
if (wants('static')) {
  await run('compile catalogs', 'npx', ['lingui', 'compile', '--typescript', '--strict']).catch(
    () => process.exit(1),
  );
}
const outcome = await Promise.allSettled([lane(lane1), lane(lane2)]);
summary();
if (outcome.some((o) => o.status === 'rejected')) process.exit(1);
