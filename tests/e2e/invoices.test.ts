// An invoice from the counter to the customer, in the built app on the real server with its
// built-in TRA simulator: submitted and issued with its QR code, printed on 80 mm, 58 mm and
// A4, emailed through a real SMTP server with the PDF, and opened by the customer without
// signing in.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../helpers/smtp';
import { launchBrowser, newContext } from './helpers/browser';
import {
  fillInvoice,
  registerDemoVfd,
  signInOperator,
  submitOpenInvoice,
  tokenOf,
  verification,
} from './helpers/invoices';
import { startServer, type E2EServer } from './helpers/server';
import { unstyledParts } from './helpers/styles';

let server: E2EServer;
let smtp: TestSmtp;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let password: string;
/** The invoice the first test issues; the later ones print, email and share it. */
let issuedId: string;
const shots = fs.mkdtempSync(path.join(os.tmpdir(), 'risiti-invoice-shots-'));

beforeAll(async () => {
  smtp = await startSmtp();
  [server, browser] = await Promise.all([
    startServer({ SMTP_URL: smtp.url, MAIL_FROM: 'Risiti <no-reply@risiti.test>' }),
    launchBrowser(),
  ]);
  await registerDemoVfd(server);
  context = await newContext(browser, server.url);
  page = await context.newPage();
  password = await signInOperator(page, server);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.dispose();
  await smtp?.close();
  fs.rmSync(shots, { recursive: true, force: true });
});

/** The issued invoice as the server has it: its fiscal numbers and its public link. */
async function issuedInvoice() {
  const token = await tokenOf(server, 'operator1', password);
  const response = await fetch(`${server.url}/v1/accounting/invoices/${issuedId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return response.json();
}

describe('an invoice online', () => {
  it('is submitted and shows as issued by TRA, with its QR code, within 10 seconds', async () => {
    await page.goto('/new-invoice');
    await fillInvoice(
      page,
      [
        { description: 'Sabuni ya kufulia', quantity: '2', price: '1,500' },
        { description: 'Unga wa mahindi 2kg', quantity: '1.5', price: '3,200' },
      ],
      { customer: 'Asha Mwinyi', paid: '7,800' },
    );
    expect(await page.getByTestId('total-including-tax').textContent()).toBe('Tsh 7,800.00');

    const started = Date.now();
    issuedId = await submitOpenInvoice(page);
    await page.getByTestId('invoice-issued').waitFor({ timeout: 10_000 });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(10_000);

    const qr = page.getByTestId('fiscal-block').getByTestId('receipt-qr');
    await qr.waitFor();
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const receiptNumber = Number(await page.getByTestId('receipt-number').first().textContent());
    const code = await page.getByTestId('verification-code').first().textContent();

    // TRA (the simulator) holds this very receipt and accepted it.
    const invoice = await issuedInvoice();
    expect(invoice).toMatchObject({
      status: 'issued',
      fiscal: { receiptNumber, verificationCode: code, traStatus: 'accepted' },
    });
    const tra = await verification(server, invoice.fiscal.verificationUrl);
    expect(tra).toMatchObject({ status: 'accepted', receiptNumber, totalIncludingTax: '7800.00' });
  });
});

describe('printing', () => {
  it('draws the 80 mm receipt 80 mm wide, with the legal block and the QR code', async () => {
    await page.setViewportSize({ width: 420, height: 900 });
    await page.goto(`/print-invoice/${issuedId}?layout=80mm`);
    const receipt = page.getByTestId('thermal-receipt');
    await receipt.getByTestId('receipt-qr').waitFor();
    const box = (await receipt.boundingBox())!;
    // 80 mm at the CSS 96 dpi is 302 px.
    expect(Math.round(box.width)).toBe(302);
    const text = await receipt.textContent();
    expect(text).toContain('*** START OF LEGAL RECEIPT ***');
    expect(text).toContain('*** END OF LEGAL RECEIPT ***');
    expect(text).toContain('TIN: 101825906');
    expect(text).toContain('Duka Demo Ltd');
    expect(await receipt.getByTestId('verification-code').textContent()).toMatch(
      /^[0-9A-F]{6}\d+$/,
    );
    expect(
      await receipt
        .getByTestId('receipt-qr')
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    ).toBe(true);
    expect(await receipt.getByTestId('proforma-mark').count()).toBe(0);
    await receipt.screenshot({ path: path.join(shots, 'receipt-80mm.png') });
    expect(fs.statSync(path.join(shots, 'receipt-80mm.png')).size).toBeGreaterThan(10_000);

    // The paper is the receipt's size: a roll 80 mm wide, as long as the receipt.
    const pageRule = await page.evaluate(() =>
      [...document.styleSheets]
        .flatMap((sheet) => [...sheet.cssRules])
        .map((rule) => rule.cssText)
        .find((rule) => rule.startsWith('@page')),
    );
    expect(pageRule).toMatch(/size: 80mm \d+mm/);
  });

  it('draws the 58 mm receipt and the A4 invoice with the QR code too', async () => {
    await page.goto(`/print-invoice/${issuedId}?layout=58mm`);
    const narrow = page.getByTestId('thermal-receipt');
    await narrow.getByTestId('receipt-qr').waitFor();
    expect(Math.round((await narrow.boundingBox())!.width)).toBe(219);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/print-invoice/${issuedId}?layout=a4`);
    const a4 = page.getByTestId('a4-invoice');
    await a4.getByTestId('receipt-qr').waitFor();
    expect(Math.round((await a4.boundingBox())!.width)).toBe(794);
    expect(await a4.textContent()).toContain('Tax invoice');
    expect(await a4.getByTestId('receipt-total').textContent()).toBe('7,800.00');
  });

  it('marks a draft as a pro forma, never a fiscal receipt', async () => {
    await page.goto('/new-invoice');
    await fillInvoice(page, [{ description: 'Mkaa gunia', quantity: '1', price: '45,000' }]);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await page.waitForURL('**/edit-invoice/**');
    // Online, the notice does not speak of waiting for a connection.
    await page.getByText('Invoice saved.', { exact: true }).waitFor();
    const id = new URL(page.url()).pathname.split('/').pop();
    await page.goto(`/print-invoice/${id}?layout=80mm`);
    const receipt = page.getByTestId('thermal-receipt');
    await receipt.getByTestId('proforma-mark').waitFor();
    expect(await receipt.textContent()).not.toContain('START OF LEGAL RECEIPT');
    expect(await receipt.getByTestId('receipt-qr').count()).toBe(0);
  });
});

describe('getting the receipt to the customer', () => {
  it('emails the invoice with its PDF through the SMTP server', async () => {
    await page.goto(`/edit-invoice/${issuedId}`);
    await page.getByRole('button', { name: 'Email', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email address').fill('asha.mwinyi@example.co.tz');
    await dialog.getByRole('button', { name: 'Send' }).click();

    const mail = await smtp.waitFor('asha.mwinyi@example.co.tz', 15_000);
    const pdf = mail.attachments.find((a) => a.contentType === 'application/pdf');
    expect(pdf).toBeDefined();
    expect(pdf!.content.subarray(0, 5).toString()).toBe('%PDF-');
    await page
      .locator('[data-testid="email-status"][data-status="sent"]')
      .waitFor({ timeout: 15_000 });
  });

  it('shows the receipt on its public page to someone who is not signed in', async () => {
    const invoice = await issuedInvoice();
    const customer = await newContext(browser, server.url, {
      viewport: { width: 360, height: 740 },
    });
    const phone = await customer.newPage();
    await phone.goto(`/r/${invoice.publicId}`);
    const receipt = phone.getByTestId('public-receipt');
    await receipt.getByTestId('receipt-qr').waitFor();
    expect(await receipt.getByTestId('receipt-number').textContent()).toBe(
      String(invoice.fiscal.receiptNumber),
    );
    expect(await receipt.getByTestId('verification-code').textContent()).toBe(
      invoice.fiscal.verificationCode,
    );
    expect(await phone.getByTestId('public-status').textContent()).toBe('Confirmed by TRA');
    expect(await unstyledParts(phone)).toEqual([]);
    // No sign-in was asked for, and no app shell is shown.
    expect(new URL(phone.url()).pathname).toBe(`/r/${invoice.publicId}`);
    expect(await phone.getByRole('navigation').count()).toBe(0);
    // Printed, the page is the receipt alone: its status and buttons are for the screen.
    await phone.emulateMedia({ media: 'print' });
    expect(await phone.getByTestId('public-status').isVisible()).toBe(false);
    expect(await phone.getByRole('button').filter({ visible: true }).count()).toBe(0);
    expect(await receipt.getByTestId('receipt-qr').isVisible()).toBe(true);
    await phone.emulateMedia({ media: 'screen' });
    expect(await phone.getByTestId('public-status').isVisible()).toBe(true);

    await phone.goto('/r/AAAAAAAAAAAAAAAAAAAAAA');
    await phone.getByText('Receipt not found').waitFor();
    expect(await unstyledParts(phone)).toEqual([]);
    await customer.close();
  });

  it("shows the receipt in Swahili on a Swahili phone, with the receipt's texts only", async () => {
    const invoice = await issuedInvoice();
    const customer = await newContext(browser, server.url, {
      viewport: { width: 360, height: 740 },
      locale: 'sw-TZ',
    });
    const phone = await customer.newPage();
    const requested: string[] = [];
    phone.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await phone.goto(`/r/${invoice.publicId}`);
    const receipt = phone.getByTestId('public-receipt');
    await receipt.getByTestId('receipt-qr').waitFor();
    expect(await phone.getByTestId('public-status').textContent()).toBe('Imethibitishwa na TRA');
    expect(await receipt.textContent()).toContain('Namba ya risiti');
    // The signed-in screens' texts (30 KiB on the customer's line) are not fetched.
    expect(requested.some((path) => /\/sw\.receipt-[^/]+\.js$/.test(path))).toBe(true);
    expect(requested.filter((path) => /\/sw\.later-[^/]+\.js$/.test(path))).toEqual([]);
    // The receipt came once: preloaded with the page, and taken by the page's own request.
    expect(requested.filter((path) => path.startsWith('/v1/accounting/public/receipts/'))).toEqual([
      `/v1/accounting/public/receipts/${invoice.publicId}`,
    ]);
    // The customer is not a user of the app: it is not installed on their phone (a megabyte
    // kept for offline work), and nothing says it is ready to work offline.
    await phone.waitForLoadState('load');
    await phone.waitForTimeout(2000);
    expect(await phone.evaluate(() => navigator.serviceWorker.getRegistrations())).toHaveLength(0);
    expect(requested.filter((path) => path.includes('workbox') || path === '/sw.js')).toEqual([]);
    // Nor the toasts' container, with the parts of Mantine it brings: the page shows no toast.
    expect(
      requested.filter((path) => /\/assets\/(AppNotifications|UpdatePrompt)-[^/]+\.js$/.test(path)),
    ).toEqual([]);
    await customer.close();
  });
});
