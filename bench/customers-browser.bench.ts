// The customer screens in Chromium against the built app and the real server: importing 10,000
// customers (checking in the worker, the server's import, the pull to the phone, and storing on
// the phone offline), opening and searching the list with 10,000 customers, and the time from
// reconnection to an empty outbox for 500 changes made offline. Also the longest task the page's
// thread ran meanwhile: the page stays responsive while it stays short. Needs `npm run build`.
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext, PHONE } from '../tests/e2e/helpers/browser';
import { startServer } from '../tests/e2e/helpers/server';
import { activateSeededUser, signIn } from '../tests/e2e/helpers/session';
import { searchTime } from './list-search';

const ROWS = 10_000;
const CHANGES = 500;
const SEARCH_RUNS = 5;
const HEADER =
  'name,identification_type,identification_number,phone_number,email,vat_registration_number';

function csv(rows: number, tag: string): Buffer {
  const base = crypto.randomInt(100_000_000, 800_000_000);
  const lines = [HEADER];
  for (let i = 0; i < rows; i++) {
    const kind = i % 3;
    if (kind === 0)
      lines.push(
        `Duka ${tag} ${i},TIN,${base + i},0712${String(i).padStart(6, '0')},duka${i}@example.co.tz,`,
      );
    else if (kind === 1) lines.push(`"Mama ${tag} ${i}, Kariakoo",NO_IDENTIFICATION,,,,`);
    else lines.push(`Kampuni ${tag} ${i},PASSPORT,${tag}${String(i).padStart(7, '0')},,,`);
  }
  return Buffer.from(lines.join('\r\n') + '\r\n');
}

const ms = (start: number) => performance.now() - start;
const row = (label: string, value: string) => console.log(`  ${label.padEnd(52)} ${value}`);
const fmt = (value: number) => `${value.toFixed(0)} ms`;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Long tasks (over 50 ms) on the page's main thread since the last call. */
async function longestTask(page: Page): Promise<number> {
  return page.evaluate(() => {
    const w = window as unknown as { __longTasks?: number[] };
    const longest = Math.max(0, ...(w.__longTasks ?? []));
    w.__longTasks = [];
    return longest;
  });
}

async function openApp(context: BrowserContext, password: string): Promise<Page> {
  await context.addInitScript(() => {
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  const page = await context.newPage();
  await signIn(page, 'owner', password);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page
    .getByTestId('sync-state')
    .getByRole('button', { name: 'Synced' })
    .waitFor({ timeout: 30_000 });
  return page;
}

const countIs = (page: Page, text: string) =>
  page.getByTestId('customer-count').filter({ hasText: text }).waitFor({ timeout: 300_000 });

/** Chooses the file on the import screen; resolves once the worker's verdict is shown. */
async function chooseFile(page: Page, name: string, bytes: Buffer): Promise<number> {
  await page.goto('/customers/import');
  await page.getByRole('heading', { name: 'Import customers' }).waitFor();
  await longestTask(page);
  const start = performance.now();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: bytes });
  await page.getByTestId('import-summary').waitFor({ timeout: 120_000 });
  return ms(start);
}

async function outboxCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('risiti');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('outbox').objectStore('outbox').count();
          request.onsuccess = () => {
            open.result.close();
            resolve(request.result);
          };
          request.onerror = () => reject(request.error);
        };
      }),
  );
}

const server = await startServer();
const browser = await launchBrowser();
try {
  const password = await activateSeededUser(server, 'owner');
  const context = await newContext(browser, server.url, { viewport: PHONE });
  const page = await openApp(context, password);
  const file = csv(ROWS, 'A');
  console.log(
    `customers in Chromium (phone 360 px, headless, database PGlite): ${ROWS} rows, ${(file.length / 1024 / 1024).toFixed(2)} MB`,
  );

  // 1. Import online: check in the worker, upload to the server's import, pull to the phone.
  const check = await chooseFile(page, 'customers.csv', file);
  const checkLongest = await longestTask(page);
  let start = performance.now();
  await page.getByRole('button', { name: /^Import .* customers$/ }).click();
  await page.getByTestId('import-result').waitFor({ timeout: 300_000 });
  const upload = ms(start);
  start = performance.now();
  await page.getByRole('link', { name: 'See the customers' }).click();
  await countIs(page, '10,000 customers');
  const pull = ms(start);
  const importLongest = await longestTask(page);
  row(
    `import: choose file → rows checked (worker)`,
    `${fmt(check)}  (longest task ${fmt(checkLongest)})`,
  );
  row(`import: upload → server stored ${ROWS}`, `${fmt(upload)}`);
  row(
    `import: then all ${ROWS} on the phone (pull)`,
    `${fmt(pull)}  (longest task ${fmt(importLongest)})`,
  );
  row(`import online, from choosing the file to all on the phone`, `${fmt(check + upload + pull)}`);

  // 2. The list with 10,000 customers: opened from the menu, after a reload, and searched.
  const opens: number[] = [];
  const reloads: number[] = [];
  for (let run = 0; run < 3; run++) {
    await page.goto('/dashboard');
    await page.getByTestId('company-name').waitFor();
    start = performance.now();
    await page.evaluate(() => {
      (document.querySelector('a[href="/customers"]') as HTMLAnchorElement).click();
    });
    await countIs(page, '10,000 customers');
    await page.getByTestId('customer-row').first().waitFor();
    opens.push(ms(start));
    start = performance.now();
    await page.reload();
    await countIs(page, '10,000 customers');
    await page.getByTestId('customer-row').first().waitFor();
    reloads.push(ms(start));
  }
  const rendered = await page.getByTestId('customer-row').count();
  await longestTask(page);
  const searches: number[] = [];
  const clears: number[] = [];
  for (let run = 0; run < SEARCH_RUNS; run++) {
    searches.push(await searchTime(page, 'customer-count', `Duka A ${3 * (run * 97 + 11)}`));
    clears.push(await searchTime(page, 'customer-count', ''));
  }
  const phoneSearch = await searchTime(page, 'customer-count', '0712 000 333');
  await searchTime(page, 'customer-count', '');
  const searchLongest = await longestTask(page);
  row(
    `list: open from the menu, first rows shown`,
    `median ${fmt(median(opens))}  runs ${opens.map(fmt).join(', ')}`,
  );
  row(
    `list: reload of /customers, first rows shown`,
    `median ${fmt(median(reloads))}  runs ${reloads.map(fmt).join(', ')}`,
  );
  row(`list: rows in the page at once`, `${rendered} of ${ROWS}`);
  row(
    `list: search by name → list updated`,
    `median ${fmt(median(searches))}  runs ${searches.map(fmt).join(', ')}`,
  );
  row(`list: clear the search → all ${ROWS} again`, `median ${fmt(median(clears))}`);
  row(
    `list: search by phone "0712 000 333"`,
    `${fmt(phoneSearch)}  (longest task while searching ${fmt(searchLongest)})`,
  );

  // 3. Offline: 10,000 more stored on the phone for the outbox (the import's other way).
  await context.setOffline(true);
  await page
    .getByTestId('sync-state')
    .filter({ hasText: 'Offline' })
    .waitFor({ timeout: 60_000 })
    .catch(() => undefined);
  const offlineCheck = await chooseFile(page, 'more-customers.csv', csv(ROWS, 'B'));
  start = performance.now();
  await page.getByRole('button', { name: /^Import .* customers$/ }).click();
  await page.getByTestId('import-result').waitFor({ timeout: 300_000 });
  const stored = ms(start);
  const storeLongest = await longestTask(page);
  row(`import offline: rows checked (worker)`, `${fmt(offlineCheck)}`);
  row(
    `import offline: ${ROWS} stored with outbox entries`,
    `${fmt(stored)}  (longest task ${fmt(storeLongest)})`,
  );
  await context.close();

  // 4. 500 changes made offline, then the connection comes back.
  const second = await newContext(browser, server.url, { viewport: PHONE });
  const phone = await openApp(second, password);
  await second.setOffline(true);
  await chooseFile(phone, 'offline-changes.csv', csv(CHANGES, `C${crypto.randomInt(1000)}`));
  await phone.getByRole('button', { name: /^Import .* customers$/ }).click();
  await phone.getByTestId('import-result').waitFor();
  if ((await outboxCount(phone)) !== CHANGES) throw new Error('outbox not filled');
  await longestTask(phone);
  await second.setOffline(false);
  start = performance.now();
  while ((await outboxCount(phone)) > 0) await phone.waitForTimeout(50);
  const drained = ms(start);
  await phone
    .getByTestId('sync-state')
    .getByRole('button', { name: 'Synced' })
    .waitFor({ timeout: 60_000 });
  const syncedAt = ms(start);
  const drainLongest = await longestTask(phone);
  row(
    `reconnection → empty outbox, ${CHANGES} changes`,
    `${fmt(drained)}  (${(CHANGES / (drained / 1000)).toFixed(0)} changes/s, longest task ${fmt(drainLongest)})`,
  );
  row(`reconnection → badge says Synced (pull included)`, fmt(syncedAt));
  await second.close();
} finally {
  await browser.close();
  await server.dispose();
}
