// The invoice screens in Chromium against the built app and the real server (with its built-in
// TRA simulator): saving a 10-line invoice with its outbox entry in IndexedDB, opening and
// searching the list with 10,000 invoices, and the time from reconnection until 100 invoices
// submitted offline are all issued by TRA. Needs `npm run build`.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { launchBrowser, newContext, PHONE } from '../tests/e2e/helpers/browser';
import { registerDemoVfd, signInOperator, tokenOf } from '../tests/e2e/helpers/invoices';
import { startServer } from '../tests/e2e/helpers/server';
import { searchTime } from './list-search';

const LINES = 10;
const SAVES = 60;
const INVOICES = 10_000;
const OFFLINE = 100;
const SEARCH_RUNS = 5;

const ms = (start: number) => performance.now() - start;
const fmt = (value: number) => `${value.toFixed(0)} ms`;
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const pct = (values: number[], p: number) =>
  sorted(values)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;
const median = (values: number[]) => pct(values, 50);

/** The app's repository code for the page (see invoice-bench-page.ts). */
async function benchScript(): Promise<string> {
  const result = await build({
    entryPoints: [path.resolve('bench/invoice-bench-page.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'error',
  });
  return result.outputFiles[0]!.text;
}

/** Long tasks (over 50 ms) on the page's main thread since the last call. */
async function longestTask(page: Page): Promise<number> {
  return page.evaluate(() => {
    const w = window as unknown as { __longTasks?: number[] };
    const longest = Math.max(0, ...(w.__longTasks ?? []));
    w.__longTasks = [];
    return longest;
  });
}

const countIs = (page: Page, text: string) =>
  page.getByTestId('invoice-count').filter({ hasText: text }).waitFor({ timeout: 120_000 });

const server = await startServer();
const browser = await launchBrowser();
try {
  await registerDemoVfd(server);
  const script = await benchScript();
  const context = await newContext(browser, server.url, {
    viewport: PHONE,
    // The bench injects the app's repository code as a script tag, which the app's CSP forbids.
    bypassCSP: true,
  });
  await context.addInitScript(() => {
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  const page = await context.newPage();
  const password = await signInOperator(page, server);
  const token = await tokenOf(server, 'operator1', password);
  const me = await (
    await fetch(`${server.url}/api/v2/user/me`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const operator = {
    companyId: me.company.id as string,
    userId: me.id as string,
    userName: 'Juma Hassan',
    blockedByTra: false,
  };
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  console.log(
    'invoices in Chromium (phone 360 px, headless, server on PGlite, built-in TRA simulator)',
  );

  // 1. Save: a 10-line invoice and its outbox entry, one transaction, strict durability.
  // Offline, so that none of these drafts reaches the server and comes back in the list below.
  await page.goto('/invoices');
  await context.setOffline(true);
  await page.addScriptTag({ content: script });
  const saves = await page.evaluate(
    ([context, lines, runs]) =>
      (window as any).invoiceBench.timeSaves(context, lines, runs) as Promise<number[]>,
    [operator, LINES, SAVES] as const,
  );
  console.log(
    `  save ${LINES}-line invoice + outbox entry (IndexedDB) p50 ${pct(saves, 50).toFixed(1)} ms, p95 ${pct(saves, 95).toFixed(1)} ms  (${SAVES} saves)`,
  );
  await page.evaluate(() => (window as any).invoiceBench.clear());
  await context.setOffline(false);

  // 2. The list with 10,000 invoices on the phone, opened and searched.
  let start = performance.now();
  await page.evaluate((id) => (window as any).invoiceBench.seed(id, 10_000), operator.companyId);
  console.log(`  store ${INVOICES} invoices as a pull does           ${fmt(ms(start))}`);
  await page.evaluate(() => (window as any).invoiceBench.close());
  const opens: number[] = [];
  const reloads: number[] = [];
  for (let run = 0; run < 3; run++) {
    await page.goto('/dashboard');
    await page.getByTestId('company-name').waitFor();
    start = performance.now();
    await page.evaluate(() => {
      (document.querySelector('a[href="/invoices"]') as HTMLAnchorElement).click();
    });
    await countIs(page, '10,000 invoices');
    await page.getByTestId('invoice-row').first().waitFor();
    opens.push(ms(start));
    start = performance.now();
    await page.reload();
    await countIs(page, '10,000 invoices');
    await page.getByTestId('invoice-row').first().waitFor();
    reloads.push(ms(start));
  }
  const rendered = await page.getByTestId('invoice-row').count();
  await longestTask(page);
  const searches: number[] = [];
  const clears: number[] = [];
  for (let run = 0; run < SEARCH_RUNS; run++) {
    searches.push(
      await searchTime(
        page,
        'invoice-count',
        `${['asha', 'baraka', 'neema', 'juma', 'halima'][run]} ${run * 311 + 7}`,
      ),
    );
    clears.push(await searchTime(page, 'invoice-count', ''));
  }
  const wordSearch = await searchTime(page, 'invoice-count', 'sukari');
  await searchTime(page, 'invoice-count', '');
  const receiptSearch = await searchTime(page, 'invoice-count', '4242');
  await searchTime(page, 'invoice-count', '');
  const searchLongest = await longestTask(page);
  await page.addScriptTag({ content: script });
  const queries: string[] = [];
  for (const query of ['', 'asha', 'sukari', '4242', 'neema 1']) {
    const [took, found] = (await page.evaluate(
      ([id, text]) => (window as any).invoiceBench.timeQuery(id, text),
      [operator.companyId, query] as const,
    )) as [number, number];
    queries.push(`${JSON.stringify(query)} ${took.toFixed(0)} ms (${found})`);
  }
  const wordQueries: string[] = [];
  for (const query of ['asha', 'sukari', '4242', 'neema 1']) {
    const [took, found] = (await page.evaluate(
      (text) => (window as any).invoiceBench.timeWords(text),
      query,
    )) as [number, number];
    wordQueries.push(`${JSON.stringify(query)} ${took.toFixed(0)} ms (${found})`);
  }
  console.log(
    `  list: open from the menu, first rows shown       median ${fmt(median(opens))}  runs ${opens.map(fmt).join(', ')}`,
  );
  console.log(
    `  list: reload of /invoices, first rows shown      median ${fmt(median(reloads))}  runs ${reloads.map(fmt).join(', ')}`,
  );
  console.log(`  list: rows in the page at once                   ${rendered} of ${INVOICES}`);
  console.log(
    `  list: search by customer → list updated          median ${fmt(median(searches))}  runs ${searches.map(fmt).join(', ')}`,
  );
  console.log(
    `  list: clear the search → all ${INVOICES} again       median ${fmt(median(clears))}`,
  );
  console.log(`  list: search an item word ("sukari")             ${fmt(wordSearch)}`);
  console.log(
    `  list: search a receipt number ("4242")           ${fmt(receiptSearch)}  (longest task while searching ${fmt(searchLongest)})`,
  );
  console.log(`  (the list follows every key; the address follows once typing pauses 400 ms)`);
  console.log(`  list query alone, index keys only:               ${queries.join(', ')}`);
  console.log(`  search words alone, as typing re-reads them:     ${wordQueries.join(', ')}`);

  // 3. 100 invoices submitted offline, then the connection comes back.
  await page.addScriptTag({ content: script });
  await page.evaluate(() => (window as any).invoiceBench.clear());
  await context.setOffline(true);
  start = performance.now();
  const ids = await page.evaluate(
    ([context, count]) =>
      (window as any).invoiceBench.submitMany(context, count) as Promise<string[]>,
    [operator, OFFLINE] as const,
  );
  console.log(`  submit ${OFFLINE} invoices offline (save + submit entries) ${fmt(ms(start))}`);
  await page.evaluate(() => (window as any).invoiceBench.close());
  await page.reload();
  await page.getByTestId('submitted-section').waitFor();
  await page.addScriptTag({ content: script });
  const statuses = () =>
    page.evaluate((list) => (window as any).invoiceBench.statuses(list), ids) as Promise<
      Record<string, number>
    >;
  await context.setOffline(false);
  start = performance.now();
  let numbered = 0;
  for (;;) {
    const counts = await statuses();
    if (!numbered && (counts['submitted'] ?? 0) + (counts['issued'] ?? 0) === OFFLINE) {
      numbered = ms(start);
    }
    if (counts['issued'] === OFFLINE) break;
    if (ms(start) > 300_000) throw new Error(`not issued: ${JSON.stringify(counts)}`);
    await page.waitForTimeout(100);
  }
  const issued = ms(start);
  const numbers = await (
    await fetch(`${server.url}/v1/accounting/invoices?status=issued&limit=500`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json();
  const receiptNumbers = sorted(
    (numbers.items as Array<{ fiscal: { receiptNumber: number } }>).map(
      (i) => i.fiscal.receiptNumber,
    ),
  );
  const contiguous = receiptNumbers.every((n, i) => i === 0 || n === receiptNumbers[i - 1]! + 1);
  console.log(`  reconnection → all ${OFFLINE} numbered by the server  ${fmt(numbered)}`);
  console.log(
    `  reconnection → all ${OFFLINE} issued by TRA on the phone ${fmt(issued)}  (receipts ${receiptNumbers[0]}–${receiptNumbers.at(-1)}, contiguous: ${contiguous})`,
  );
  await context.close();
} finally {
  await browser.close();
  await server.dispose();
}
