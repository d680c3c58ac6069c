// Selling with no connection: three invoices written and submitted offline stay on the phone
// through a reload, marked as waiting; once the connection is back they are numbered by the
// server and issued by TRA (the simulator) within seconds, with contiguous receipt numbers,
// each sent exactly once.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './helpers/browser';
import {
  fillInvoice,
  registerDemoVfd,
  serverInvoices,
  signInOperator,
  submitOpenInvoice,
  tokenOf,
  verification,
} from './helpers/invoices';
import { startServer, type E2EServer } from './helpers/server';

let server: E2EServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  await registerDemoVfd(server);
  context = await newContext(browser, server.url);
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.dispose();
});

/** The rows of the full list (the submitted section repeats some above it). */
const rows = () => page.getByRole('list', { name: 'Invoices' }).getByTestId('invoice-row');

async function statesOfRows(): Promise<string[]> {
  return rows().evaluateAll((elements) =>
    elements.map((row) =>
      row.querySelector('[data-testid="invoice-state"]')!.getAttribute('data-state')!,
    ),
  );
}

describe('invoices submitted offline', () => {
  it('wait on the phone through a reload, then are all issued in order once back online', async () => {
    const password = await signInOperator(page, server);
    // One visit with a connection: the service worker has the app, the phone the receipt header.
    await page.goto('/invoices');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.goto('/new-invoice');
    await page.getByTestId('invoice-item').first().waitFor();

    await context.setOffline(true);
    const customers = ['Baraka Juma', 'Neema Mushi', 'Halima Said'];
    for (const [index, customer] of customers.entries()) {
      await page.goto('/new-invoice');
      await fillInvoice(
        page,
        [{ description: `Mchele kilo ${index + 1}`, quantity: String(index + 1), price: '2,800' }],
        { customer },
      );
      await submitOpenInvoice(page);
      await page.getByTestId('invoice-waiting').waitFor();
    }

    await page.goto('/invoices');
    await page.reload();
    await expect.poll(() => rows().count()).toBe(3);
    expect(await statesOfRows()).toEqual(['waiting', 'waiting', 'waiting']);
    const texts = await rows().allTextContents();
    for (const customer of customers) expect(texts.join('\n')).toContain(customer);

    const reconnected = Date.now();
    await context.setOffline(false);
    await expect
      .poll(statesOfRows, { timeout: 10_000, interval: 250 })
      .toEqual(['issued', 'issued', 'issued']);
    expect(Date.now() - reconnected).toBeLessThan(10_000);

    // The server holds each invoice once, numbered without a gap in the order they were made.
    const token = await tokenOf(server, 'operator1', password);
    const invoices = (await serverInvoices(server, token)).sort((a, b) =>
      a.createdAt.localeCompare(b.createdAt),
    );
    expect(invoices.map((i) => i.customer.name)).toEqual(customers);
    const numbers = invoices.map((i) => i.fiscal.receiptNumber as number);
    expect(new Set(numbers).size).toBe(3);
    expect(numbers).toEqual([numbers[0], numbers[0]! + 1, numbers[0]! + 2]);

    // TRA (the simulator's ledger) accepted each of them, once.
    for (const invoice of invoices) {
      const tra = await verification(server, invoice.fiscal.verificationUrl);
      expect(tra).toMatchObject({
        status: 'accepted',
        receiptNumber: invoice.fiscal.receiptNumber,
        rctvnum: invoice.fiscal.verificationCode,
      });
    }
  });
});
