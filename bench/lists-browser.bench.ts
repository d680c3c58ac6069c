// The customer and invoice lists in Chromium with 10,000 of each on the phone (stored as a pull
// stores them): first rows when opened from the menu and on a reload, the count when final, and
// the list after the last key of a search. Times are taken in the page (a MutationObserver
// notes when the first row and each count appear), so they exclude the driver's round trips;
// the browser's CPU time per run is printed beside them as it varies less with the machine's
// load. Needs `npm run build`.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { launchBrowser, newContext, PHONE } from '../tests/e2e/helpers/browser';
import { registerDemoVfd, signInOperator, tokenOf } from '../tests/e2e/helpers/invoices';
import { startServer } from '../tests/e2e/helpers/server';
import { searchTime } from './list-search';
import { processCpuMs } from './support';

const RECORDS = 10_000;
const RUNS = Number(process.env.RUNS ?? 5);
const RELOAD_SETTLE_MS = 2000;

const fmt = (value: number) => `${value.toFixed(0)} ms`;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const row = (label: string, values: number[]) =>
  console.log(
    `  ${label.padEnd(44)} median ${fmt(median(values))}  runs ${values.map(fmt).join(', ')}`,
  );

async function script(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [path.resolve(entry)],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'error',
  });
  return result.outputFiles[0]!.text;
}

/** CPU time (ms) of the Chromium processes this bench started: its descendants named chrom…. */
function chromiumCpuMs(): number {
  const parents = new Map<number, number>();
  const names = new Map<number, string>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      names.set(Number(entry), stat.slice(stat.indexOf('(') + 1, close));
      parents.set(Number(entry), Number(stat.slice(close + 2).split(' ')[1]));
    } catch {
      /* gone */
    }
  }
  const ours = (pid: number): boolean => {
    for (let at = parents.get(pid); at; at = parents.get(at)) if (at === process.pid) return true;
    return false;
  };
  let total = 0;
  for (const [pid, name] of names) {
    if (!name.startsWith('chrom') || !ours(pid)) continue;
    try {
      total += processCpuMs(pid);
    } catch {
      /* gone */
    }
  }
  return total;
}

interface Marks {
  /** When the page's heading showed: what precedes it is the app starting, not the list. */
  heading?: number;
  firstRow?: number;
  counts: Array<[number, string]>;
}

/** Times (in the page, since `since`) of the first row and of the count reading `final`. */
async function marksUntil(page: Page, testId: string, final: string) {
  await page
    .waitForFunction(
      ([id, text]) => {
        const w = window as unknown as { __marks: Marks };
        return (
          w.__marks.firstRow !== undefined &&
          w.__marks.counts.some(([, t]) => t === text) &&
          document.querySelector(
            `[role="list"][aria-label="${id[0]!.toUpperCase()}${id.slice(1)}s"] [data-testid="${id}-row"]`,
          ) !== null
        );
      },
      [testId, final] as const,
      { timeout: Number(process.env.WAIT ?? 120_000), polling: 50 },
    )
    .catch(async (error: unknown) => {
      console.log(await page.evaluate(() => JSON.stringify((window as any).__marks)), page.url());
      await page.screenshot({ path: '/tmp/lists-fail.png' });
      throw error;
    });
  return page.evaluate(() => (window as unknown as { __marks: Marks }).__marks);
}

async function measureList(page: Page, name: 'customer' | 'invoice', total: string) {
  const href = `/${name}s`;
  const menu: number[] = [];
  const menuCount: number[] = [];
  const menuAgain: number[] = [];
  const reload: number[] = [];
  const reloadHeading: number[] = [];
  const reloadCount: number[] = [];
  const cpu: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    await page.goto('/dashboard');
    await page.getByTestId('company-name').waitFor();
    await page.waitForTimeout(300);
    let before = chromiumCpuMs();
    const start = await page.evaluate((link) => {
      const w = window as unknown as { __marks: Marks };
      w.__marks = { counts: [] };
      const at = performance.now();
      (document.querySelector(`a[href="${link}"]`) as HTMLAnchorElement).click();
      return at;
    }, href);
    let marks = await marksUntil(page, name, total);
    menu.push(marks.firstRow! - start);
    menuCount.push(marks.counts.find(([, t]) => t === total)![0] - start);
    cpu.push(chromiumCpuMs() - before);
    // Back to the dashboard inside the app, then the list again (the app still running).
    await page.evaluate(() =>
      (document.querySelector('a[href="/dashboard"]') as HTMLElement).click(),
    );
    await page.getByTestId('company-name').waitFor();
    await page.waitForTimeout(300);
    const again = await page.evaluate((link) => {
      const w = window as unknown as { __marks: Marks };
      w.__marks = { counts: [] };
      const at = performance.now();
      (document.querySelector(`a[href="${link}"]`) as HTMLAnchorElement).click();
      return at;
    }, href);
    marks = await marksUntil(page, name, total);
    menuAgain.push(marks.firstRow! - again);
    await page.waitForTimeout(300);
    before = chromiumCpuMs();
    await page.reload();
    // Nothing is asked of the new page until it has had time to show its rows: the driver's
    // first call into a new document evaluates its helper script there (15 ms of the page's
    // main thread in a trace), which would be counted as the list's.
    await page.waitForTimeout(RELOAD_SETTLE_MS);
    marks = await marksUntil(page, name, total);
    reload.push(marks.firstRow!);
    reloadHeading.push(marks.heading ?? NaN);
    reloadCount.push(marks.counts.find(([, t]) => t === total)![0]);
  }
  row(`${name}s: menu → first rows`, menu);
  row(`${name}s: menu → count "${total}"`, menuCount);
  row(`${name}s: menu again, app still open → first rows`, menuAgain);
  row(`${name}s: reload → heading (from navigation)`, reloadHeading);
  row(`${name}s: reload → first rows (from navigation)`, reload);
  row(`${name}s: reload → count "${total}"`, reloadCount);
  row(`${name}s: browser CPU, menu → all shown`, cpu);
  const counts = await page.evaluate(() =>
    (window as unknown as { __marks: Marks }).__marks.counts.map(([, t]) => t),
  );
  console.log(`  ${name}s: counts shown on the last reload: ${JSON.stringify(counts)}`);
}

async function measureSearch(page: Page, name: string, queries: string[]) {
  await page.goto(`/${name}s`);
  await page.getByTestId(`${name}-row`).first().waitFor({ timeout: 60_000 });
  await page.waitForTimeout(500);
  const searches: number[] = [];
  const clears: number[] = [];
  for (const query of queries) {
    searches.push(await searchTime(page, `${name}-count`, query));
    clears.push(await searchTime(page, `${name}-count`, ''));
  }
  row(`${name}s: search → list updated`, searches);
  row(`${name}s: clear the search → all again`, clears);
}

const server = await startServer();
const browser = await launchBrowser();
try {
  await registerDemoVfd(server);
  const seeding =
    (await script('bench/invoice-bench-page.ts')) + (await script('bench/list-bench-page.ts'));
  const context = await newContext(browser, server.url, { viewport: PHONE, bypassCSP: true });
  await context.addInitScript(() => {
    const w = window as unknown as { __marks: Marks };
    w.__marks = { counts: [] };
    // (No named functions here: the bench runner would wrap them in a helper the page lacks.)
    new MutationObserver(() => {
      const marks = w.__marks;
      if (marks.heading === undefined && document.querySelector('main h1')) {
        marks.heading = performance.now();
      }
      // The list's own rows (the dashboard lists its last invoices too).
      if (
        marks.firstRow === undefined &&
        document.querySelector(
          '[role="list"][aria-label="Customers"] [data-testid="customer-row"],' +
            '[role="list"][aria-label="Invoices"] [data-testid="invoice-row"]',
        )
      ) {
        marks.firstRow = performance.now();
      }
      const count = document.querySelector(
        '[data-testid="customer-count"],[data-testid="invoice-count"]',
      );
      const text = count?.textContent ?? '';
      if (text && marks.counts.at(-1)?.[1] !== text) marks.counts.push([performance.now(), text]);
    }).observe(document, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  });
  const page = await context.newPage();
  page.on('crash', () => console.log('  the page crashed'));
  page.on('pageerror', (error) => console.log(`  page error: ${error.message}`));
  const password = await signInOperator(page, server);
  const token = await tokenOf(server, 'operator1', password);
  const me = await (
    await fetch(`${server.url}/api/v2/user/me`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const companyId = me.company.id as string;
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.goto('/dashboard');
  await page.addScriptTag({ content: seeding });
  await page.evaluate(
    async ([id, count]) => {
      const w = window as any;
      await w.invoiceBench.seed(id, count);
      await w.listBench.seedCustomers(id, count);
      w.invoiceBench.close();
      w.listBench.close();
    },
    [companyId, RECORDS] as const,
  );
  console.log(
    `lists in Chromium (phone 360 px, headless): ${RECORDS} customers and ${RECORDS} invoices, ${RUNS} runs; load ${fs.readFileSync('/proc/loadavg', 'utf8').trim()}`,
  );
  const only = process.env.ONLY ?? 'lists search';
  if (only.includes('lists')) {
    await measureList(page, 'customer', '10,000 customers');
    await measureList(page, 'invoice', '10,000 invoices');
  }
  if (only.includes('search'))
    await measureSearch(page, 'customer', [
      'duka 3',
      'juma 11',
      'neema 40',
      'kampuni 977',
      '0712 000 333',
    ]);
  if (only.includes('search'))
    await measureSearch(page, 'invoice', ['asha 7', 'baraka 318', 'neema 629', 'sukari', '4242']);
  console.log(`  load after: ${fs.readFileSync('/proc/loadavg', 'utf8').trim()}`);
  await context.close();
} finally {
  await browser.close();
  await server.dispose();
}
