// The numbers in the built app on the real server: the guided tour on a first visit (once), the
// operator's dashboard after a sale, the sales report with its heatmap and tax chart at 360 px
// and on a desktop, the Excel and PDF downloads read back, the owner's dashboard against the
// period before, and the invoices report.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPdf } from '../helpers/pdf';
import { DESKTOP, launchBrowser, newContext, PHONE } from './helpers/browser';
import {
  fillInvoice,
  registerDemoVfd,
  signInOperator,
  submitOpenInvoice,
} from './helpers/invoices';
import { startServer, type E2EServer } from './helpers/server';
import { activateSeededUser, signIn } from './helpers/session';

let server: E2EServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const shots = fs.mkdtempSync(path.join(os.tmpdir(), 'risiti-report-shots-'));

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  await registerDemoVfd(server);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.dispose();
  if (!process.env.KEEP_SHOTS) fs.rmSync(shots, { recursive: true, force: true });
  else console.log(`Screenshots in ${shots}`);
});

async function open(viewport: { width: number; height: number }): Promise<Page> {
  const context = await newContext(browser, server.url, { viewport, acceptDownloads: true });
  contexts.push(context);
  return context.newPage();
}

async function noSideScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    view: window.innerWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.view);
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });

let operator: Page;

const tourStates = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('risiti-tour:'))
      .map((key) => localStorage.getItem(key)),
  );

/** Next, clicked again while a step's animation ignores it, until the step or the page changes. */
async function nextTourStep(page: Page) {
  const title = page.locator('.driver-popover-title');
  const before = await title.textContent();
  await expect
    .poll(
      async () => {
        if (page.url().includes('/new-invoice')) return true;
        if ((await title.textContent({ timeout: 1000 }).catch(() => before)) !== before)
          return true;
        await page
          .locator('.driver-popover-next-btn')
          .click({ timeout: 1000 })
          .catch(() => {});
        return false;
      },
      { timeout: 20_000, interval: 300 },
    )
    .toBe(true);
}

describe('at the counter, on a 360 px phone', () => {
  it('starts the tour on the first visit only, and it can be skipped', async () => {
    operator = await open(PHONE);
    await signInOperator(operator, server);
    const tour = operator.getByTestId('tour');
    await tour.waitFor();
    expect(await tour.textContent()).toContain('Welcome to Risiti');
    await shot(operator, 'tour-360');
    await operator.getByTestId('tour-skip').click();
    await tour.waitFor({ state: 'detached' });

    await operator.reload();
    await operator.getByTestId('waiting-card').waitFor();
    // Skipping is kept on the device, so the dashboard has no tour left to start.
    expect(await tourStates(operator)).toEqual(['done']);
    expect(await operator.getByTestId('tour').count()).toBe(0);

    // Taken again from the Help menu, it walks on into a new invoice.
    await operator.getByTestId('help-menu').click();
    await operator.getByTestId('restart-tour').click();
    await tour.waitFor();
    // Next through the dashboard's steps (a click during a step's animation is ignored).
    for (let step = 0; step < 12 && !operator.url().includes('/new-invoice'); step++) {
      await nextTourStep(operator);
    }
    await operator.waitForURL('**/new-invoice**');
    await tour.waitFor();
    expect(await tour.textContent()).toContain('The customer');
    await operator.getByTestId('tour-skip').click();
    await tour.waitFor({ state: 'detached' });
  });

  it("shows today's sale on the dashboard and in the sales report, without side scrolling", async () => {
    await operator.goto('/new-invoice');
    await fillInvoice(
      operator,
      [
        { description: 'Sabuni', quantity: '2', price: '1,500' },
        { description: 'Unga', quantity: '1', price: '3,200' },
      ],
      { customer: 'Neema Joseph', paid: '6,200' },
    );
    await submitOpenInvoice(operator);
    await operator.getByTestId('invoice-issued').waitFor({ timeout: 20_000 });

    await operator.goto('/dashboard');
    await operator.getByTestId('today-sales').getByText('Tsh 6,200.00').waitFor();
    expect(await operator.getByTestId('today-receipts').textContent()).toContain(
      '1 receipt, VAT Tsh 945.76',
    );
    expect(await operator.getByTestId('freshness').getAttribute('data-source')).toBe('phone');
    await noSideScroll(operator);
    await shot(operator, 'dashboard-operator-360');

    await operator.goto('/sales?preset=today');
    await operator.getByTestId('total-incl').getByText('Tsh 6,200.00').waitFor();
    expect(await operator.getByTestId('total-vat').textContent()).toBe('Tsh 945.76');
    // The day's groups are net of VAT, as in the tax groups and the downloads: with the VAT they
    // make the day's total.
    const day = operator.getByTestId('daily-totals').locator('tbody tr').first();
    expect((await day.locator('td').allTextContents()).slice(1)).toEqual([
      '1',
      '5,254.24',
      '0.00',
      '0.00',
      '0.00',
      '945.76',
      '6,200.00',
    ]);
    await operator.getByTestId('heatmap').waitFor();
    await operator.getByTestId('tax-chart').waitFor();
    // Each chart is named where it is drawn, not only for screen readers.
    const taxSection = operator.getByTestId('tax-section');
    await taxSection.getByText('Sales per tax group over time', { exact: true }).waitFor();
    await taxSection.getByText('VAT over time', { exact: true }).waitFor();
    expect(await operator.getByTestId('freshness').getAttribute('data-source')).toBe('phone');
    await noSideScroll(operator);
    await shot(operator, 'sales-360');

    const [download] = await Promise.all([
      operator.waitForEvent('download'),
      operator.getByTestId('download-excel').click(),
    ]);
    const file = path.join(shots, 'sales.xlsx');
    await download.saveAs(file);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Receipts', 'Lines', 'Daily totals']);
    const receipt = book.getWorksheet('Receipts')!.getRow(2);
    expect(receipt.getCell(7).value).toBe('Neema Joseph');
    expect(receipt.getCell(11).value).toBe(6_200);
    expect(book.getWorksheet('Lines')!.rowCount).toBe(3);
  });

  it('shows the plain table form at /sales-old', async () => {
    await operator.goto('/sales-old?preset=today');
    await operator.getByTestId('daily-totals').waitFor();
    expect(await operator.getByTestId('total-incl').textContent()).toBe('Tsh 6,200.00');
    expect(await operator.getByTestId('heatmap').count()).toBe(0);
    await noSideScroll(operator);
  });
});

describe("the owner's numbers, on a desktop", () => {
  let owner: Page;

  beforeAll(async () => {
    owner = await open(DESKTOP);
    const password = await activateSeededUser(server, 'owner');
    await signIn(owner, 'owner', password);
    await owner.waitForURL('**/dashboard');
  });

  it('compares the period with the one before, with TRA and the VFD, from the server', async () => {
    await owner.getByTestId('tour-skip').click();
    await owner.goto('/dashboard?period=this_month');
    await owner.getByTestId('figure-sales-value').getByText('Tsh 6,200.00').waitFor();
    expect(await owner.getByTestId('figure-receipts-value').textContent()).toBe('1');
    expect(await owner.getByTestId('vfd-status').textContent()).toBe('Registered with TRA');
    await owner.getByTestId('trend-chart').waitFor();
    expect(await owner.getByTestId('compared-with').textContent()).toMatch(
      /^Compared with 01-\d\d-\d{4}( – \d\d-\d\d-\d{4})?\.$/,
    );
    const sources = await owner
      .getByTestId('freshness')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-source')));
    expect(sources).toContain('server');
    await shot(owner, 'dashboard-owner-1280');

    // A day is compared with the day before, named once.
    await owner.goto('/dashboard?period=today');
    const yesterday = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Dar_es_Salaam' })
      .format(Date.now() - 86_400_000)
      .replaceAll('/', '-');
    await owner.getByTestId('compared-with').getByText(`Compared with ${yesterday}.`).waitFor();
    await owner.goto('/dashboard?period=this_month');
    await owner.getByTestId('figure-sales-value').getByText('Tsh 6,200.00').waitFor();
  });

  it("writes AI insights of the month with the server's own engine, once the owner agrees", async () => {
    const panel = owner.getByTestId('insights-panel');
    await panel.getByTestId('insights-consent').waitFor();
    await panel.getByRole('button', { name: 'I agree' }).click();
    await panel.getByText('Business health', { exact: true }).click();
    await panel.getByRole('button', { name: 'Get insights' }).click();
    const insight = panel.getByTestId('insight').first();
    await insight.waitFor({ timeout: 20_000 });
    // No expense is recorded: what is left cannot be told.
    expect(await insight.textContent()).toContain('What the business keeps is unknown');
    expect(await insight.textContent()).toContain('Sales before VAT were Tsh 5,254.24');
    expect(await insight.textContent()).toContain('What to do:');
    expect(await panel.getByTestId('insights-quota').textContent()).toBe(
      'AI requests today: 1 of 20',
    );
    await noSideScroll(owner);
    await panel.screenshot({ path: path.join(shots, 'insights-1280.png') });

    // Reopened, the dashboard shows the same analysis again.
    await owner.reload();
    await owner.getByTestId('insights-panel').getByTestId('insight').first().waitFor();
    expect(await owner.getByTestId('insights-made').textContent()).toMatch(/^Analysed at /);
  });

  it('reads a year from the server and prints its PDF', async () => {
    await owner.goto('/sales?preset=this_year');
    await owner.getByTestId('total-incl').getByText('Tsh 6,200.00').waitFor();
    expect(await owner.getByTestId('freshness').getAttribute('data-source')).toBe('server');
    await owner.getByTestId('heatmap').waitFor();
    await shot(owner, 'sales-1280');
    const [download] = await Promise.all([
      owner.waitForEvent('download'),
      owner.getByTestId('download-pdf').click(),
    ]);
    const file = path.join(shots, 'sales.pdf');
    await download.saveAs(file);
    const text = (await readPdf(fs.readFileSync(file))).text.join(' ');
    expect(text).toContain('Sales report — Duka Demo Ltd');
    expect(text).toContain('6,200.00');
  });

  it('lists the invoice in the invoices report with its state at TRA', async () => {
    await owner.goto('/invoices-report?preset=today');
    const row = owner.getByTestId('report-invoice');
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.first().textContent()).toContain('Neema Joseph');
    expect(await row.first().textContent()).toContain('Issued');
    await noSideScroll(owner);
  });
});
