// Lighthouse (mobile: a mid-range phone, simulated slow 4G) on the built app and the real
// server, three runs per page, printed as medians: performance score, first and largest
// contentful paint, total blocking time, layout shift, accessibility score, and the
// accessibility audits that failed, with Lighthouse's benchmark index of the machine: the
// simulated phone is this machine's CPU slowed four times (LIGHTHOUSE_CPU below), so a faster
// machine blocks less. `/` and `/login` are first visits (empty cache and storage);
// `/dashboard` is the signed-in operator coming back (session, cache and service worker kept),
// which is how a shop opens it every morning. The first visits are also run with the
// throttling applied to Chromium (Lighthouse's `devtools` method: the network and CPU really
// slowed) beside Lighthouse's default estimate from an unthrottled load: the estimate models
// HTTP/1.1's six connections with a cold TCP window each, so it charges preloads a cost the
// slowed browser does not show. They are run twice: over plain HTTP/1.1, and over HTTPS with
// HTTP/2, as a deployment serves them (the server's own TLS_CERT_FILE, here a certificate made
// for the run; LIGHTHOUSE_HTTPS=0 leaves it out). Needs `npm run build`.
// Numbers are printed, never asserted.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';
import { chromium } from 'playwright-core';
import { certificateFiles } from '../tests/helpers/certificate';
import { chromiumPath } from '../tests/e2e/helpers/browser';
import { startServer } from '../tests/e2e/helpers/server';
import { activateSeededUser, signIn } from '../tests/e2e/helpers/session';
import { freePort, line } from './support';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** Which pages to audit (LIGHTHOUSE_PAGES=/dashboard, say): all three by default. */
const PAGES = (process.env.LIGHTHOUSE_PAGES ?? '/,/login,/dashboard').split(',');

interface Sample {
  performance: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  accessibility: number;
  /** Lighthouse's measure of this machine's CPU speed: numbers from machines far apart differ. */
  benchmarkIndex: number;
  failed: string[];
  /** The elements each failed audit names, for LIGHTHOUSE_DETAILS=1. */
  details: string[];
  /** Why Lighthouse could not measure the page in this run (its runtime error), if it could not. */
  error?: string;
}

/**
 * The CPU slowdown for the simulated phone (LIGHTHOUSE_CPU=6, say): Lighthouse's default is 4,
 * set for the machines it is usually run on. `calibrated` takes the multiplier Lighthouse's
 * throttling calculator gives this machine's benchmark index for a mid-range phone, so runs on
 * faster and slower machines compare.
 */
const CPU = process.env.LIGHTHOUSE_CPU;

/**
 * Lighthouse's calculator: 1× at benchmark index 800 (a slower machine cannot stand for the
 * phone), 3× at 1300, then one more for each 233 above it.
 */
function calibratedSlowdown(benchmarkIndex: number): number {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 1 + (benchmarkIndex - 800) / 250;
  return 1;
}

/** The slowdown in force: the default until `calibrated` has measured the machine. */
let cpuSlowdownMultiplier: number | undefined =
  CPU && CPU !== 'calibrated' ? Number(CPU) : undefined;
if (cpuSlowdownMultiplier !== undefined && !(cpuSlowdownMultiplier >= 1)) {
  console.error(`LIGHTHOUSE_CPU is a slowdown of 1 or more, or "calibrated": not "${CPU}".`);
  process.exit(1);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

async function startChromium(port: number) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'risiti-lighthouse-'));
  const child = spawn(
    chromiumPath(),
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // The HTTPS server's certificate is made for the run.
      '--ignore-certificate-errors',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    // Its own process group: stopping it stops its helper processes too.
    { stdio: 'ignore', detached: true },
  );
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (response.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error('Chromium did not open its debugging port');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
      // A helper process may still be writing to the profile for a moment; a profile left
      // behind in the temporary folder is not worth failing a finished run for.
      try {
        fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
      } catch (error) {
        console.warn(`The browser profile ${profile} was not removed: ${String(error)}`);
      }
    },
  };
}

async function audit(
  url: string,
  port: number,
  keepStorage: boolean,
  throttlingMethod: 'simulate' | 'devtools' = 'simulate',
): Promise<Sample> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    disableStorageReset: keepStorage,
    throttlingMethod,
    ...(cpuSlowdownMultiplier === undefined
      ? {}
      : { throttling: { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier } }),
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const accessibilityAudits = lhr.categories.accessibility?.auditRefs ?? [];
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    ...(lhr.runtimeError || !Number.isFinite(value('largest-contentful-paint'))
      ? {
          error:
            lhr.runtimeError?.code ??
            lhr.audits['largest-contentful-paint']?.errorMessage ??
            'no largest contentful paint',
        }
      : {}),
    failed: accessibilityAudits
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
      .map((ref) => ref.id),
    details: [
      ...accessibilityAudits
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
        .flatMap((ref) => {
          const items =
            (lhr.audits[ref.id]?.details as { items?: Array<{ node?: { snippet?: string } }> })
              ?.items ?? [];
          return items.map((item) => `${ref.id}: ${item.node?.snippet ?? '?'}`);
        }),
      // Where the blocking time comes from: the main thread's long tasks and each script's cost.
      ...(
        (
          lhr.audits['long-tasks']?.details as {
            items?: Array<{ url?: string; startTime?: number; duration?: number }>;
          }
        )?.items ?? []
      ).map(
        (task) =>
          `long task at ${Math.round(task.startTime ?? 0)} ms: ${Math.round(task.duration ?? 0)} ms, ${task.url ?? '?'}`,
      ),
      ...(
        (
          lhr.audits['bootup-time']?.details as {
            items?: Array<{ url?: string; scripting?: number; scriptParseCompile?: number }>;
          }
        )?.items ?? []
      ).map(
        (script) =>
          `script ${script.url ?? '?'}: ${Math.round(script.scripting ?? 0)} ms running, ${Math.round(script.scriptParseCompile ?? 0)} ms compiling`,
      ),
      // The main thread's work by kind: scripts, style and layout, parsing HTML and CSS.
      ...(
        (
          lhr.audits['mainthread-work-breakdown']?.details as {
            items?: Array<{ groupLabel?: string; duration?: number }>;
          }
        )?.items ?? []
      ).map(
        (group) => `main thread ${group.groupLabel ?? '?'}: ${Math.round(group.duration ?? 0)} ms`,
      ),
    ],
  };
}

function report(label: string, all: Sample[]) {
  // A run Lighthouse could not measure is named, and left out of the medians.
  const samples = all.filter((s) => !s.error);
  for (const s of all.filter((s) => s.error)) line(label, `a run not measured: ${s.error}`);
  if (!samples.length) return;
  const pick = (key: keyof Omit<Sample, 'failed' | 'details' | 'error'>) =>
    median(samples.map((s) => s[key]));
  const failed = [...new Set(samples.flatMap((s) => s.failed))];
  line(
    label,
    `performance ${pick('performance')}, FCP ${(pick('fcp') / 1000).toFixed(1)} s, ` +
      `LCP ${(pick('lcp') / 1000).toFixed(1)} s, TBT ${pick('tbt').toFixed(0)} ms, ` +
      `CLS ${pick('cls').toFixed(3)}, accessibility ${pick('accessibility')}, ` +
      `machine ${pick('benchmarkIndex').toFixed(0)}` +
      (failed.length ? ` (failing: ${failed.join(', ')})` : ''),
  );
  if (process.env.LIGHTHOUSE_DETAILS) {
    console.log(`    each run: TBT ${samples.map((s) => s.tbt.toFixed(0)).join(', ')} ms`);
    for (const detail of new Set(samples.flatMap((s) => s.details))) console.log(`    ${detail}`);
  }
}

/** The same built server over HTTPS (HTTP/2 and HTTP/1.1), with a certificate made for the run. */
async function startHttpsServer() {
  const certificate = certificateFiles();
  const https = await startServer({
    TLS_CERT_FILE: certificate.certFile,
    TLS_KEY_FILE: certificate.keyFile,
  });
  return {
    url: https.url,
    async dispose() {
      await https.dispose();
      certificate.remove();
    },
  };
}

const server = await startServer();
const secure = process.env.LIGHTHOUSE_HTTPS === '0' ? null : await startHttpsServer();
const port = await freePort();
const browser = await startChromium(port);
try {
  if (CPU === 'calibrated') {
    const { benchmarkIndex } = await audit(`${server.url}/login`, port, false);
    cpuSlowdownMultiplier = Math.round(calibratedSlowdown(benchmarkIndex) * 10) / 10;
    console.log(
      `machine's benchmark index ${benchmarkIndex.toFixed(0)}: CPU slowed ${cpuSlowdownMultiplier}×`,
    );
  }
  console.log(
    `Lighthouse ${RUNS}× per page, mobile (slow 4G, CPU slowed ` +
      `${cpuSlowdownMultiplier ?? constants.throttling.mobileSlow4G.cpuSlowdownMultiplier}×), median`,
  );
  const origins = [
    { base: server.url, protocol: 'HTTP/1.1' },
    ...(secure ? [{ base: secure.url, protocol: 'HTTPS, HTTP/2' }] : []),
  ];
  for (const page of ['/', '/login'].filter((p) => PAGES.includes(p))) {
    for (const { base, protocol } of origins) {
      for (const method of ['simulate', 'devtools'] as const) {
        const samples: Sample[] = [];
        for (let run = 0; run < RUNS; run++) {
          samples.push(await audit(base + page, port, false, method));
        }
        const how = method === 'simulate' ? 'estimated' : 'applied';
        report(`${page} (first visit, ${protocol}, ${how})`, samples);
      }
    }
  }

  if (PAGES.includes('/dashboard')) {
    // Sign the operator in once in this browser; the runs keep its session.
    const password = await activateSeededUser(server, 'operator1');
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    const context = cdp.contexts()[0]!;
    const tab = await context.newPage();
    await signIn(tab, 'operator1', password, `${server.url}/login`);
    await tab.waitForURL('**/dashboard');
    await tab.waitForLoadState('networkidle');
    // A new operator's dashboard opens the guided tour until they finish or skip it.
    const withTour: Sample[] = [];
    for (let run = 0; run < RUNS; run++) {
      withTour.push(await audit(`${server.url}/dashboard`, port, true));
    }
    report('/dashboard (operator, signed in, coming back, tour not yet taken)', withTour);
    await tab.reload();
    await tab.getByRole('button', { name: 'Skip the tour' }).click();
    await tab.waitForLoadState('networkidle');
    await tab.close();
    await cdp.close();
    const samples: Sample[] = [];
    for (let run = 0; run < RUNS; run++) {
      samples.push(await audit(`${server.url}/dashboard`, port, true));
    }
    report('/dashboard (operator, signed in, coming back)', samples);
  }
} finally {
  await browser.stop();
  await server.dispose();
  await secure?.dispose();
}
