// The app under its own Content-Security-Policy, as served: signing in, the invoice list, a new
// invoice submitted and its print preview with the QR code, a receipt PDF read by pdf.js and the
// QR worker, and the service worker installed — with not one violation reported, while a script
// written into the page is refused (so the policy is really in force).
import crypto from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext } from './helpers/browser';
import { issueReceipt } from './helpers/expenses';
import {
  fillInvoice,
  registerDemoVfd,
  signInOperator,
  submitOpenInvoice,
  tokenOf,
} from './helpers/invoices';
import { startServer, type E2EServer } from './helpers/server';

let server: E2EServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let companyId: string;
/** Violations seen by the pages (securitypolicyviolation events) and the console. */
const violations: string[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  companyId = await registerDemoVfd(server);
  context = await newContext(browser, server.url);
  await context.exposeBinding('__cspViolation', (_source, text: string) => {
    violations.push(text);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __cspViolation(text: string): void }).__cspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI} at ${event.sourceFile}`);
    });
  });
  page = await context.newPage();
  page.on('console', (message) => {
    if (/Content.Security.Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.dispose();
});

describe('the app under its Content-Security-Policy', () => {
  it('is served with a policy that allows no inline or evaluated script', async () => {
    const response = await page.goto('/login');
    const csp = response!.headers()['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-eval/);
  });

  it('signs in, lists invoices, issues one and previews its print, without a violation', async () => {
    const password = await signInOperator(page, server);
    await page.goto('/invoices');
    await page.getByTestId('invoice-count').waitFor();

    await page.goto('/new-invoice');
    await fillInvoice(page, [{ description: 'Sabuni ya kufulia', quantity: '2', price: '1,500' }], {
      customer: 'Asha Mwinyi',
      paid: '3,000',
    });
    const id = await submitOpenInvoice(page);
    await page.getByTestId('invoice-issued').waitFor({ timeout: 15_000 });
    await page.goto(`/print-invoice/${id}?layout=a4`);
    const qr = page.getByTestId('a4-invoice').getByTestId('receipt-qr');
    await qr.waitFor();
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // The service worker installs and takes the page, as it must for offline use.
    const active = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return Boolean(registration.active);
    });
    expect(active).toBe(true);

    // A receipt PDF read on the phone: pdf.js and its worker draw it, the QR worker reads it,
    // and the expense is filled from TRA's answer.
    const token = await tokenOf(server, 'operator1', password);
    const receipt = await issueReceipt(server, token);
    const invoices = await fetch(
      `${server.url}/v1/accounting/invoices?limit=50&companyId=${companyId}`,
      { headers: { authorization: `Bearer ${token}` } },
    ).then((r) => r.json());
    const issued = (invoices.items as Array<{ id: string; fiscal?: { verificationUrl: string } }>)
      .filter((invoice) => invoice.fiscal?.verificationUrl === receipt.url)
      .at(0)!;
    const pdf = Buffer.from(
      await fetch(
        `${server.url}/v1/accounting/invoices/${issued.id}/pdf?layout=a4&companyId=${companyId}`,
        { headers: { authorization: `Bearer ${token}` } },
      ).then(async (r) => new Uint8Array(await r.arrayBuffer())),
    );
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await page.goto('/expenses/new?method=upload');
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('upload-receipt').click();
    await (
      await chooser
    ).setFiles({
      name: `receipt-${crypto.randomBytes(3).toString('hex')}.pdf`,
      mimeType: 'application/pdf',
      buffer: pdf,
    });
    await page.getByTestId('lookup-done').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByLabel('Vendor name').inputValue()).toBe('Duka Demo Ltd');

    expect(violations).toEqual([]);
  });

  it('refuses a script written into the page, and that refusal is reported', async () => {
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      document.head.append(script);
      return (window as unknown as { __injected?: boolean }).__injected ?? false;
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations.join('\n')).toMatch(/script-src/);
  });
});
