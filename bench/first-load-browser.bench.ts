// The first visit on a slow phone, in Chromium against the built app and the real server, to
// /login and to a customer's receipt link (/r/{publicId}, a receipt TRA confirmed): CPU slowed
// 4x and Lighthouse's slow-4G link (562.5 ms round trip, 1.47 Mbit/s down), an empty cache each
// time. Prints the median of three runs: requests and KiB transferred until the page can be used
// (the sign-in form; the receipt with its QR code), the time until then, and the Largest
// Contentful Paint. Needs `npm run build`. Numbers are printed, never asserted;
// FIRST_LOAD_DETAILS=1 lists the requests, FIRST_LOAD_LOCALE=sw-TZ opens the pages as a browser
// whose language is Swahili, FIRST_LOAD_PAGES=login or receipt measures one of them.
import type { CDPSession } from 'playwright-core';
import { launchBrowser, newContext, PHONE } from '../tests/e2e/helpers/browser';
import {
  fillInvoice,
  registerDemoVfd,
  signInOperator,
  submitOpenInvoice,
  tokenOf,
} from '../tests/e2e/helpers/invoices';
import { startServer, type E2EServer } from '../tests/e2e/helpers/server';

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

/**
 * Bytes on the wire (headers included) of every response finished so far, by request, and when
 * each was asked for and finished (ms since the first request).
 */
function watchNetwork(cdp: CDPSession) {
  const started = new Map<string, { url: string; at: number }>();
  const finished = new Map<string, { bytes: number; at: number }>();
  cdp.on('Network.requestWillBeSent', (event) =>
    started.set(event.requestId, { url: event.request.url, at: event.timestamp }),
  );
  cdp.on('Network.loadingFinished', (event) =>
    finished.set(event.requestId, { bytes: event.encodedDataLength, at: event.timestamp }),
  );
  return {
    snapshot: () => {
      const first = Math.min(...[...started.values()].map((request) => request.at));
      const ms = (at: number | undefined) =>
        at === undefined ? '…' : ((at - first) * 1000).toFixed(0).padStart(5);
      return {
        urls: [...started].map(([id, { url, at }]) => {
          const done = finished.get(id);
          const kib = ((done?.bytes ?? 0) / 1024).toFixed(1);
          return `${ms(at)} → ${ms(done?.at)} ms ${kib.padStart(6)} KiB ${url.slice(0, 100)}`;
        }),
        requests: started.size,
        bytes: [...finished.values()].reduce((sum, done) => sum + done.bytes, 0),
      };
    },
  };
}

/** A page to open and what shows when it can be used, in the live app (not a prerendered copy). */
interface Target {
  name: string;
  path: string;
  usable: string;
}

async function firstLoad(url: string, target: Target): Promise<Run> {
  const browser = await launchBrowser();
  try {
    const context = await newContext(browser, url, {
      viewport: PHONE,
      ...(LOCALE ? { locale: LOCALE } : {}),
    });
    const page = await context.newPage();
    // The moment the page can be used: the live one, React's, on screen. A prerendered copy is
    // drawn earlier but stays inert until the app has replaced it.
    await page.addInitScript((usable) => {
      const w = window as unknown as { __usable?: number; __lcp?: number };
      new MutationObserver((_, observer) => {
        if (
          document.querySelector(usable) &&
          document.getElementById('root')?.hasAttribute('inert') === false
        ) {
          w.__usable = performance.now();
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true, attributeFilter: ['inert'] });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__lcp = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    }, target.usable);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const network = watchNetwork(cdp);
    await page.goto(target.path, { waitUntil: 'commit', timeout: 120_000 });
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

/** The public link of a receipt TRA confirmed, issued as an operator would. */
async function confirmedReceipt(server: E2EServer): Promise<string> {
  await registerDemoVfd(server);
  const browser = await launchBrowser();
  try {
    const context = await newContext(browser, server.url, { viewport: PHONE });
    const page = await context.newPage();
    const password = await signInOperator(page, server);
    await page.goto('/new-invoice');
    await fillInvoice(page, [{ description: 'Mchele 5kg', quantity: '1', price: '12,500' }], {
      customer: 'Juma Hamisi',
      paid: '12,500',
    });
    const id = await submitOpenInvoice(page);
    await page.getByTestId('invoice-issued').waitFor({ timeout: 30_000 });
    const token = await tokenOf(server, 'operator1', password);
    const response = await fetch(`${server.url}/v1/accounting/invoices/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await response.json()) as { publicId: string }).publicId;
  } finally {
    await browser.close();
  }
}

const server = await startServer();
try {
  const only = process.env.FIRST_LOAD_PAGES ?? 'login receipt';
  const targets: Target[] = [];
  if (only.includes('login'))
    targets.push({ name: '/login', path: '/login', usable: 'form button[type="submit"]' });
  if (only.includes('receipt'))
    targets.push({
      name: 'a receipt link',
      path: `/r/${await confirmedReceipt(server)}`,
      usable: '[data-testid="public-receipt"] [data-testid="receipt-qr"]',
    });
  for (const target of targets) {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i++) {
      const run = await firstLoad(server.url, target);
      runs.push(run);
      console.log(
        `  run ${i + 1}: ${run.requests} requests, ${run.kib.toFixed(1)} KiB, usable ${run.usableMs.toFixed(0)} ms, LCP ${run.lcpMs.toFixed(0)} ms`,
      );
    }
    console.log(
      `${target.name} first load${LOCALE ? ` (${LOCALE})` : ''} (CPU ${CPU_SLOWDOWN}x, slow 4G), median of ${RUNS}: ` +
        `${median(runs.map((r) => r.requests))} requests, ` +
        `${median(runs.map((r) => r.kib)).toFixed(1)} KiB transferred, ` +
        `usable ${median(runs.map((r) => r.usableMs)).toFixed(0)} ms, ` +
        `LCP ${median(runs.map((r) => r.lcpMs)).toFixed(0)} ms`,
    );
  }
} finally {
  await server.dispose();
}
