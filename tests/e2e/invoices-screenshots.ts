// Pictures of the invoice screens at phone (360 px) and desktop (1280 px) width, in English and
// Swahili: the editor, the list, an issued invoice, the 80 mm receipt, the A4 invoice and the
// public receipt page. npm run build && npx tsx tests/e2e/invoices-screenshots.ts (written to
// tests/e2e/screenshots, which git ignores).
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newContext, PHONE } from './helpers/browser';
import { fillInvoice, registerDemoVfd, submitOpenInvoice, tokenOf } from './helpers/invoices';
import { startServer } from './helpers/server';
import { activateSeededUser, signIn } from './helpers/session';

const out = path.resolve('tests/e2e/screenshots');
fs.mkdirSync(out, { recursive: true });

async function shot(page: Page, name: string, full = true) {
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(out, `${name}.png`), fullPage: full });
}

const server = await startServer();
const browser = await launchBrowser();
try {
  await registerDemoVfd(server);
  let password = '';
  let issued = '';
  let publicId = '';
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    for (const locale of ['en', 'sw'] as const) {
      const context = await newContext(browser, server.url, { viewport });
      const page = await context.newPage();
      await page.addInitScript((language) => localStorage.setItem('language', language), locale);
      if (!password) password = await activateSeededUser(server, 'operator1');
      // A signed-in person sees the app in their account's language.
      await fetch(`${server.url}/api/v2/user/language`, {
        method: 'PUT',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${await tokenOf(server, 'operator1', password)}`,
        },
        body: JSON.stringify({ language: locale }),
      });
      await signIn(page, 'operator1', password);
      await page.waitForURL('**/dashboard');
      const suffix = `${label}-${locale}`;

      await page.goto('/new-invoice');
      await page.getByTestId('invoice-item').first().waitFor();
      if (locale === 'en') {
        await fillInvoice(
          page,
          [
            { description: 'Sabuni ya kufulia 800g', quantity: '2', price: '4,500' },
            { description: 'Mchele Kyela kilo 5', quantity: '1', price: '17,000' },
            { description: 'Mafuta ya kupikia lita 3', quantity: '1.5', price: '13,200' },
          ],
          { customer: 'Asha Mwinyi', paid: '20,000' },
        );
      }
      await shot(page, `invoice-editor-${suffix}`);
      if (locale === 'en') {
        const id = await submitOpenInvoice(page);
        await page.getByTestId('invoice-issued').waitFor({ timeout: 20_000 });
        issued ||= id;
      }

      await page.goto(`/edit-invoice/${issued}`);
      await page.getByTestId('fiscal-block').waitFor();
      await shot(page, `invoice-issued-${suffix}`);
      await page.goto('/invoices');
      await page.getByTestId('invoice-row').first().waitFor();
      await shot(page, `invoice-list-${suffix}`);
      await page.goto(`/print-invoice/${issued}?layout=80mm`);
      await page.getByTestId('thermal-receipt').getByTestId('receipt-qr').waitFor();
      await shot(page, `invoice-print-80mm-${suffix}`);
      await page.goto(`/print-invoice/${issued}?layout=a4`);
      await page.getByTestId('a4-invoice').getByTestId('receipt-qr').waitFor();
      await shot(page, `invoice-print-a4-${suffix}`);

      if (!publicId) {
        const token = await tokenOf(server, 'operator1', password);
        const invoice = await (
          await fetch(`${server.url}/v1/accounting/invoices/${issued}`, {
            headers: { authorization: `Bearer ${token}` },
          })
        ).json();
        publicId = invoice.publicId;
      }
      const visitor = await newContext(browser, server.url, { viewport });
      const customer = await visitor.newPage();
      await customer.addInitScript(
        (language) => localStorage.setItem('language', language),
        locale,
      );
      await customer.goto(`/r/${publicId}`);
      await customer.getByTestId('public-receipt').getByTestId('receipt-qr').waitFor();
      await shot(customer, `invoice-public-${suffix}`);
      await visitor.close();
      await context.close();
    }
  }
  console.log(`Screenshots in ${out}`);
} finally {
  await browser.close();
  await server.dispose();
}
