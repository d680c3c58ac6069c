// Recording expenses as a person would, in Chromium on the built app and the real server (TRA:
// the built-in simulator): a receipt's QR code scanned with the camera (Chromium's fake camera
// plays a picture of it), read from TRA, reviewed and saved; an expense typed by hand at a
// person's typing speed; and the report opened with 10,000 expenses on the phone. Prints the
// time a person spends (target: under 30 s to record one, the lookup included) and the time
// the app itself takes (target: under 1 s). Numbers are printed, never asserted.
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { newContext, PHONE } from '../tests/e2e/helpers/browser';
import {
  issueReceipt,
  launchWithCamera,
  receiptPicture,
  tempFile,
  writeY4m,
} from '../tests/e2e/helpers/expenses';
import { registerDemoVfd, tokenOf } from '../tests/e2e/helpers/invoices';
import { startServer } from '../tests/e2e/helpers/server';
import { activateSeededUser, signIn } from '../tests/e2e/helpers/session';

const SCANS = 2;
const TYPING_DELAY_MS = 60;
const EXPENSES = 10_000;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const msText = (ms: number) => `${ms.toFixed(0)} ms`;
const line = (label: string, value: string) => console.log(`  ${label.padEnd(52)} ${value}`);

async function benchScript(): Promise<string> {
  const result = await build({
    entryPoints: [path.resolve('bench/expense-bench-page.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'error',
  });
  return result.outputFiles[0]!.text;
}

async function phonePage(browser: Browser, url: string, password: string, camera: boolean) {
  const context = await newContext(browser, url, {
    viewport: PHONE,
    // The bench injects the app's repository code as a script tag, which the app's CSP forbids.
    bypassCSP: true,
  });
  if (camera) await context.grantPermissions(['camera'], { origin: url });
  const page = await context.newPage();
  await signIn(page, 'operator1', password);
  await page.waitForURL('**/dashboard');
  await page.goto('/expenses');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  return { context, page };
}

async function saveAndWait(page: Page): Promise<number> {
  const start = performance.now();
  await page.getByTestId('save-expense').click();
  await page.waitForURL(/\/expenses\/[0-9a-f-]{36}$/);
  await page.getByTestId('expense-status').waitFor();
  return performance.now() - start;
}

const server = await startServer();
const browsers: Browser[] = [];
try {
  await registerDemoVfd(server);
  const password = await activateSeededUser(server, 'operator1');
  const token = await tokenOf(server, 'operator1', password);
  console.log(
    `expenses in Chromium (phone 360 px, headless, PGlite, built-in TRA simulator; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores)`,
  );

  for (let run = 1; run <= SCANS; run++) {
    const receipt = await issueReceipt(server, token);
    const video = tempFile('receipt.y4m');
    writeY4m(video, receiptPicture(receipt.url));
    const browser = await launchWithCamera(video);
    browsers.push(browser);
    const { context, page } = await phonePage(browser, server.url, password, true);
    const start = performance.now();
    await page.goto('/expenses/new?method=scan');
    await page.waitForURL(/id=/, { timeout: 60_000 });
    const recorded = performance.now();
    await page.getByTestId('lookup-done').waitFor({ timeout: 90_000 });
    const read = performance.now();
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Stock purchases' }).click();
    const save = await saveAndWait(page);
    const done = performance.now();
    line(`scan ${run}: camera open, QR read, saved on the phone`, s(recorded - start));
    line(`scan ${run}: read from TRA (lookup job, polling, pull)`, s(read - recorded));
    line(`scan ${run}: category chosen and saved`, s(done - read));
    line(`scan ${run}: in all (person's time, lookup included)`, s(done - start));
    line(`scan ${run}: app time of Save (tap to expense shown)`, msText(save));
    await context.close();
  }

  const typing = browsers[0]!;
  const { context, page } = await phonePage(typing, server.url, password, false);
  const start = performance.now();
  await page.goto('/expenses/new?method=manual');
  const type = (locator: ReturnType<Page['getByLabel']>, text: string) =>
    locator.pressSequentially(text, { delay: TYPING_DELAY_MS });
  await type(page.getByRole('textbox', { name: 'Receipt code' }), 'MANUAL4711');
  await type(page.getByLabel('Time'), '12:30');
  await type(page.getByLabel('Vendor name'), 'Mama Ntilie');
  const item = page.getByTestId('expense-item').first();
  await type(item.getByRole('textbox', { name: /^Item 1/ }), 'Chakula cha mchana');
  await type(item.getByLabel('Unit amount'), '11800');
  await page.getByRole('button', { name: 'Pay the rest with payment 1' }).click();
  const save = await saveAndWait(page);
  line('by hand: typed at 60 ms a key and saved', s(performance.now() - start));
  line('by hand: app time of Save (tap to expense shown)', msText(save));

  // The report with 10,000 expenses on the phone.
  await page.goto('/expenses');
  await page.addScriptTag({ content: await benchScript() });
  const companyId = await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).company.id);
  let begin = performance.now();
  await page.evaluate(([id, count]) => (window as any).expenseBench.seed(id, count, []), [
    companyId,
    EXPENSES,
  ] as const);
  line(`store ${EXPENSES} expenses on the phone as a pull does`, msText(performance.now() - begin));
  await page.evaluate(() => (window as any).expenseBench.close());
  const opens: number[] = [];
  for (let run = 0; run < 3; run++) {
    await page.goto('/dashboard');
    await page.waitForLoadState('networkidle');
    begin = performance.now();
    await page.goto('/expenses-report?preset=this_year');
    await page.getByTestId('report-total').waitFor({ timeout: 60_000 });
    await page.getByTestId('chart-time').locator('svg').first().waitFor();
    opens.push(performance.now() - begin);
  }
  opens.sort((a, b) => a - b);
  line(
    `report of this year opened (${EXPENSES} on the phone)`,
    `median ${msText(opens[1]!)}, best ${msText(opens[0]!)}`,
  );
  begin = performance.now();
  await page.goto('/expenses');
  await page.getByTestId('expense-row').first().waitFor({ timeout: 60_000 });
  line(`expense list opened (${EXPENSES + 3} on the phone)`, msText(performance.now() - begin));
  await context.close();
} finally {
  await Promise.all(browsers.map((browser) => browser.close()));
  await server.dispose();
}
