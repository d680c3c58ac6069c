// The first visit to /login on a slow phone, in Chromium against the built app and the real
// server: CPU slowed 4x and Lighthouse's slow-4G link (562.5 ms round trip, 1.47 Mbit/s down),
// an empty cache each time. Prints the median of three runs: requests and KiB transferred until
// the form can be used, the time until then, and the Largest Contentful Paint. Needs
// `npm run build`. Numbers are printed, never asserted; FIRST_LOAD_DETAILS=1 lists the requests,
// FIRST_LOAD_LOCALE=sw-TZ opens it as a browser whose language is Swahili.
import type { CDPSession } from 'playwright-core';
import { launchBrowser, newContext, PHONE } from '../tests/e2e/helpers/browser';
import { startServer } from '../tests/e2e/helpers/server';

const RUNS = Number(process.env.FIRST_LOAD_RUNS ?? 3);
const LOCALE = process.env.FIRST_LOAD_LOCALE;
const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
  uploadThroughput: (750 * 1024 * 0.9) / 8,
};
const CPU_SLOWDOWN = 4;

interface Run {
  requests: number;
  kib: number;
  usableMs: number;
  lcpMs: number;
}

/** Bytes on the wire (headers included) of every response finished so far, by request. */
function watchNetwork(cdp: CDPSession) {
  const started = new Map<string, string>();
  const bytes = new Map<string, number>();
  cdp.on('Network.requestWillBeSent', (event) => started.set(event.requestId, event.request.url));
  cdp.on('Network.loadingFinished', (event) => bytes.set(event.requestId, event.encodedDataLength));
  return {
    snapshot: () => ({
      urls: [...started].map(
        ([id, url]) => `${((bytes.get(id) ?? 0) / 1024).toFixed(1)} KiB ${url}`,
      ),
      requests: started.size,
      bytes: [...bytes.values()].reduce((sum, n) => sum + n, 0),
    }),
  };
}

async function firstLoad(url: string): Promise<Run> {
  const browser = await launchBrowser();
  try {
    const context = await newContext(browser, url, {
      viewport: PHONE,
      ...(LOCALE ? { locale: LOCALE } : {}),
    });
    const page = await context.newPage();
    // The moment the sign-in form can be used: the live one, React's, on screen. The prerendered
    // copy is drawn earlier but stays inert until the app has replaced it.
    await page.addInitScript(() => {
      const w = window as unknown as { __usable?: number; __lcp?: number };
      new MutationObserver((_, observer) => {
        if (
          document.querySelector('form button[type="submit"]') &&
          document.getElementById('root')?.hasAttribute('inert') === false
        ) {
          w.__usable = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true, attributeFilter: ['inert'] });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const network = watchNetwork(cdp);
    await page.goto('/login', { waitUntil: 'commit', timeout: 120_000 });
    await page.waitForFunction(() => (window as unknown as { __usable?: number }).__usable, null, {
      timeout: 120_000,
      polling: 50,
    });
    const atUsable = network.snapshot();
    if (process.env.FIRST_LOAD_DETAILS) console.log(atUsable.urls.join('\n'));
    // LCP settles at the first input; a short pause lets the last paint be reported.
    await page.waitForTimeout(1000);
    const timings = await page.evaluate(() => {
      const w = window as unknown as { __usable: number; __lcp?: number };
      return { usable: w.__usable, lcp: w.__lcp ?? NaN };
    });
    await context.close();
    return {
      requests: atUsable.requests,
      kib: atUsable.bytes / 1024,
      usableMs: timings.usable,
      lcpMs: timings.lcp,
    };
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

const server = await startServer();
try {
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    const run = await firstLoad(server.url);
    runs.push(run);
    console.log(
      `  run ${i + 1}: ${run.requests} requests, ${run.kib.toFixed(1)} KiB, form usable ${run.usableMs.toFixed(0)} ms, LCP ${run.lcpMs.toFixed(0)} ms`,
    );
  }
  console.log(
    `/login first load${LOCALE ? ` (${LOCALE})` : ''} (CPU ${CPU_SLOWDOWN}x, slow 4G), median of ${RUNS}: ` +
      `${median(runs.map((r) => r.requests))} requests, ` +
      `${median(runs.map((r) => r.kib)).toFixed(1)} KiB transferred, ` +
      `form usable ${median(runs.map((r) => r.usableMs)).toFixed(0)} ms, ` +
      `LCP ${median(runs.map((r) => r.lcpMs)).toFixed(0)} ms`,
  );
} finally {
  await server.dispose();
}
