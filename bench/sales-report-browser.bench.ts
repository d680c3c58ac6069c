// The sales report page in Chromium for a busy shop's year (BENCH_SALES invoices, 100,000
// unless told) on the built app and the real server: an organization admin opens the year's
// report of the shop by its address (the server aggregates it; more than 31 days is never
// computed on the phone) and the time is taken until the totals, the heatmap and "From the
// server" are on the screen, on a phone-sized screen and on a desktop; then the same with a
// filter. The year is written into the server's database while it is stopped and projected
// before it starts again, so the time is the page's and the report's, not the first catch-up
// (bench/sales-report.bench.ts times that). PGlite, or PostgreSQL with BENCH_DATABASE_URL.
// Needs `npm run build`. Numbers are printed, never asserted.
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import { hashPassword } from '../server/auth/passwords';
import { openDatabase } from '../server/db/client';
import { users } from '../server/db/schema';
import { projectSales } from '../server/reports/project';
import { launchBrowser, newContext, DESKTOP, PHONE } from '../tests/e2e/helpers/browser';
import { startServer } from '../tests/e2e/helpers/server';
import { signIn } from '../tests/e2e/helpers/session';
import { seedSalesYear } from './sales-data';
import { benchDatabase, line, percentile } from './support';

const COUNT = Number(process.env.BENCH_SALES ?? 100_000);
const RUNS = Number(process.env.RUNS ?? 5);
const PASSWORD = 'Bench-Report-9!';

const external = process.env.BENCH_DATABASE_URL ? await benchDatabase() : null;
// The server's first start creates its database (and the demo shop); then it is stopped.
const first = await startServer(external?.url ? { DATABASE_URL: external.url } : {});
await first.stop();

const database = external ?? (await openDatabase({ dataDir: path.join(first.dataDir, 'db') }));
const started = performance.now();
const year = await seedSalesYear(database.db, COUNT);
await projectSales(database.db, year.companyId);
const username = `bench-admin-${year.companyId.slice(0, 8)}`;
await database.db.insert(users).values({
  username,
  email: `${username}@example.co.tz`,
  firstName: 'Rehema',
  lastName: 'Kweka',
  passwordHash: await hashPassword(PASSWORD),
  role: 'org_admin',
  mustChangePassword: false,
  organizationId: year.organizationId,
});
if (!external) await database.close();
console.log(
  `Sales report page: ${COUNT.toLocaleString('en')} invoices over a year, ${
    external ? 'PostgreSQL' : 'PGlite'
  } (seeded and projected in ${((performance.now() - started) / 1000).toFixed(1)} s, not timed)`,
);

const server = await startServer({
  DATA_DIR: first.dataDir,
  ...(external?.url ? { DATABASE_URL: external.url } : {}),
});
const browser = await launchBrowser();
const address = (filter = '') =>
  `/sales?preset=custom&from=${year.firstDay}&to=${year.lastDay}&company=${year.companyId}${filter}`;

/** From the address typed to the year's totals, heatmap and "From the server" shown. */
async function open(page: Page, filter: string): Promise<number> {
  const t0 = performance.now();
  await page.goto(address(filter));
  await page.locator('[data-testid="freshness"][data-source="server"]').waitFor();
  await page.getByTestId('heatmap').waitFor();
  await page.getByTestId('total-incl').waitFor();
  return performance.now() - t0;
}

try {
  for (const [label, viewport] of [
    ['phone, 360 px', PHONE],
    ['desktop, 1280 px', DESKTOP],
  ] as const) {
    const context = await newContext(browser, server.url, { viewport });
    const page = await context.newPage();
    await signIn(page, username, PASSWORD);
    // Once to fill the browser's cache, as a returning user has it.
    await open(page, '');
    for (const [what, filter] of [
      ['the year', ''],
      ['the year, one product', `&product=${year.productIds[0]}`],
      ['the year, issued receipts', '&status=issued'],
    ] as const) {
      const times: number[] = [];
      for (let run = 0; run < RUNS; run++) times.push(await open(page, filter));
      times.sort((a, b) => a - b);
      line(
        `${label}: ${what}, address → shown`,
        `median ${percentile(times, 50).toFixed(0)} ms, worst ${times[times.length - 1]!.toFixed(0)} ms`,
      );
    }
    if (process.env.BENCH_SHOTS) {
      const file = path.join(process.env.BENCH_SHOTS, `sales-year-${viewport.width}.png`);
      fs.mkdirSync(process.env.BENCH_SHOTS, { recursive: true });
      await page.screenshot({ path: file, fullPage: true });
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
  fs.rmSync(server.dataDir, { recursive: true, force: true });
  fs.rmSync(first.dataDir, { recursive: true, force: true });
  await external?.drop();
}
