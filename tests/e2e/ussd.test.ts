// The USSD pages in the built app: an operator sets the USSD PIN with their password, then
// records a sale on the /ussd page's phone emulator, which talks to the real menus; the sale is
// a fiscalized USSD invoice. On a phone and on a desktop, without sideways scrolling.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, newContext, PHONE } from './helpers/browser';
import { registerDemoVfd, serverInvoices, signInOperator, tokenOf } from './helpers/invoices';
import { layoutProblems } from './helpers/layout';
import { startServer, type E2EServer } from './helpers/server';

let server: E2EServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  await registerDemoVfd(server);
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.dispose();
});

async function open(viewport: { width: number; height: number }): Promise<Page> {
  const context = await newContext(browser, server.url, { viewport });
  contexts.push(context);
  return context.newPage();
}

async function answer(page: Page, text: string) {
  await page.getByTestId('ussd-answer').fill(text);
  await page.getByTestId('ussd-answer').press('Enter');
}

describe.each([
  ['operator1', PHONE],
  ['operator2', DESKTOP],
] as const)('USSD as %s', (username, viewport) => {
  it('sets the PIN, then records a sale on the phone emulator', async () => {
    const page = await open(viewport);
    const password = await signInOperator(page, server, username);
    const pin = username === 'operator1' ? '3579' : '8642';

    await page.goto('/auth-ussd');
    await expect
      .poll(() => page.getByTestId('ussd-phone').textContent())
      .toContain(username === 'operator1' ? '+255 754100201' : '+255 765300402');
    expect(await page.getByTestId('ussd-pin-state').textContent()).toBe(
      'You have no USSD PIN yet.',
    );
    await page.getByLabel(/^Current password/).fill(password);
    await page.getByLabel(/^New USSD PIN/).fill(pin);
    await page.getByLabel(/^Confirm the USSD PIN/).fill(pin);
    await page.getByRole('button', { name: 'Save the PIN' }).click();
    await expect
      .poll(() => page.getByTestId('ussd-pin-state').textContent())
      .toBe('Your USSD PIN is set.');
    expect(await layoutProblems(page)).toEqual([]);

    await page.goto('/ussd');
    const screen = page.getByTestId('ussd-screen');
    await page.getByTestId('ussd-dial').click();
    await expect.poll(() => screen.textContent()).toContain('Enter your USSD PIN');
    await answer(page, pin);
    await expect.poll(() => screen.textContent()).toContain('1 New sale');
    for (const [input, next] of [
      ['1', 'Sale amount'],
      ['11800', 'Tax type'],
      ['1', 'Payment'],
      ['1', 'Customer phone'],
      ['0', 'Total Tsh 11,800.00'],
    ]) {
      await answer(page, input!);
      await expect.poll(() => screen.textContent()).toContain(next);
    }
    expect(await screen.textContent()).toContain('VAT Tsh 1,800.00');
    await answer(page, '1');
    await expect.poll(() => screen.textContent()).toMatch(/Receipt \d+ issued\./);
    const receipt = Number(/Receipt (\d+)/.exec((await screen.textContent()) ?? '')![1]);
    expect(await layoutProblems(page)).toEqual([]);

    const token = await tokenOf(server, username, password);
    const sold = (await serverInvoices(server, token)).filter(
      (invoice) => invoice.origin === 'ussd' && invoice.fiscal?.receiptNumber === receipt,
    );
    expect(sold).toHaveLength(1);
    expect(sold[0]).toMatchObject({
      operatorId: expect.any(String),
      totals: { totalIncludingTax: 1_180_000, taxAmount: 180_000 },
    });
    // The session is over: the phone can dial again.
    expect(await page.getByTestId('ussd-dial').isVisible()).toBe(true);
  });
});
