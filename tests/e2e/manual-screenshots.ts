// Makes the pictures of the user manual (/help/user-manual) from the built app, in English and
// Swahili, on a 360 px phone at twice the density, and writes them optimised as WebP to
// public/manual/<lang>/<name>.webp, where the page finds them:
//   npm run build && npx tsx tests/e2e/manual-screenshots.ts
// The demo company is used (its VFD registered with the built-in simulator), with a few
// products and customers and one issued invoice, so the pictures show a working shop.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { MANUAL_SHOTS, type ManualShot } from '../../src/features/manual/shots';
import { apiAs } from './helpers/api';
import { launchBrowser, newContext, PHONE } from './helpers/browser';
import { registerDemoVfd } from './helpers/invoices';
import { ADMIN_PASSWORD, startServer } from './helpers/server';
import { activateSeededUser, signIn } from './helpers/session';

const out = path.resolve('public/manual');
const LOCALES = ['en', 'sw'] as const;
type Locale = (typeof LOCALES)[number];

/** The editor's labels the script types into, as each language shows them. */
const LABELS: Record<Locale, Record<string, string>> = {
  en: {
    walkIn: 'Walk-in customer name (optional)',
    item: 'Item 1',
    quantity: 'Quantity',
    price: 'Unit price',
    addPayment: 'Add payment',
    amount: 'Amount',
    submit: 'Submit to TRA',
    confirm: 'Submit',
  },
  sw: {
    walkIn: 'Jina la mteja wa papo hapo (si lazima)',
    item: 'Bidhaa 1',
    quantity: 'Idadi',
    price: 'Bei ya kimoja',
    addPayment: 'Ongeza malipo',
    amount: 'Kiasi',
    submit: 'Wasilisha TRA',
    confirm: 'Wasilisha',
  },
};

async function writeInvoice(page: Page, locale: Locale) {
  const label = LABELS[locale];
  await page.getByTestId('invoice-item').first().waitFor();
  await page.getByLabel(label.walkIn!).fill('Mama Asha');
  const card = page.getByTestId('invoice-item').first();
  await card.getByRole('textbox', { name: new RegExp(`^${label.item}\\b`) }).fill('Mchele kilo 5');
  await card.getByLabel(label.quantity!).fill('2');
  await card.getByLabel(label.price!).fill('9,000');
  await page.getByRole('button', { name: label.addPayment }).click();
  await page
    .getByLabel(new RegExp(`^${label.amount}`))
    .last()
    .fill('18,000');
}

async function submitInvoice(page: Page, locale: Locale) {
  const label = LABELS[locale];
  await page.getByRole('button', { name: label.submit }).click();
  await page.getByRole('dialog').getByRole('button', { name: label.confirm, exact: true }).click();
  await page.waitForURL('**/edit-invoice/**');
}

async function save(page: Page, locale: string, name: ManualShot) {
  await page.waitForTimeout(400);
  const { width, height } = MANUAL_SHOTS[name];
  const png = await page.screenshot({ fullPage: false });
  const dir = path.join(out, locale);
  fs.mkdirSync(dir, { recursive: true });
  await sharp(png)
    .resize(width, height, { fit: 'cover', position: 'top' })
    .webp({ quality: 72, effort: 6 })
    .toFile(path.join(dir, `${name}.webp`));
  console.log(`${locale}/${name}.webp`);
}

const server = await startServer();
const browser = await launchBrowser();
try {
  await registerDemoVfd(server);
  const ownerPassword = await activateSeededUser(server, 'owner');
  const operatorPassword = await activateSeededUser(server, 'operator1');
  const owner = await apiAs(server, 'owner', ownerPassword);
  for (const [name, unitPrice, taxType] of [
    ['Sabuni ya kufulia', 150000, 'standard'],
    ['Unga wa mahindi 2 kg', 420000, 'zero_rated'],
    ['Mchele kilo 5', 900000, 'standard'],
    ['Dawa ya meno', 250000, 'exempted'],
  ] as const) {
    await owner.post('/v1/accounting/products', { name, unitPrice, taxType });
  }
  for (const [name, identificationType, identificationNumber, phoneNumber] of [
    ['Asha Traders', 'TAX_IDENTIFICATION_NUMBER', '123456789', '712345678'],
    ['Baraka Hardware Ltd', 'TAX_IDENTIFICATION_NUMBER', '104220331', '754100200'],
    ['Chausiku Mwinyi', 'NO_IDENTIFICATION', null, '765300400'],
    ['Hoteli ya Bahari', 'TAX_IDENTIFICATION_NUMBER', '120455788', '222110011'],
  ] as const) {
    await owner.post('/v1/accounting/customers', {
      name,
      identificationType,
      identificationNumber,
      phoneNumber,
    });
  }

  for (const locale of LOCALES) {
    const context = await newContext(browser, server.url, {
      viewport: PHONE,
      deviceScaleFactor: 2,
    });
    const page = await context.newPage();
    await page.addInitScript((language) => localStorage.setItem('language', language), locale);

    // Before and at the first sign-in (operator2 still has the one-time password).
    await page.goto('/login');
    await save(page, locale, 'login');
    await signIn(page, 'operator2', server.logins.operator2 ?? '');
    await page.waitForURL('**/change-password**');
    await save(page, locale, 'change-password');
    await page.evaluate(() => localStorage.clear());
    await context.clearCookies();

    // The operator at the counter.
    await owner.put('/api/v2/user/language', { language: locale });
    const operator = await apiAs(server, 'operator1', operatorPassword);
    await operator.put('/api/v2/user/language', { language: locale });
    await signIn(page, 'operator1', operatorPassword);
    await page.waitForURL('**/dashboard');
    await save(page, locale, 'dashboard');
    await page.goto('/products');
    await page.getByTestId('product-row').first().waitFor();
    await save(page, locale, 'products');
    await page.goto('/customers');
    await page.getByTestId('customer-row').first().waitFor();
    await save(page, locale, 'customers');
    await page.goto('/new-invoice');
    await page.addStyleTag({ content: '* { caret-color: transparent !important; }' });
    await writeInvoice(page, locale);
    await page.getByTestId('invoice-item').first().scrollIntoViewIfNeeded();
    await save(page, locale, 'new-invoice');
    await submitInvoice(page, locale);
    await page.getByTestId('invoice-issued').waitFor({ timeout: 20_000 });
    await page.getByTestId('fiscal-block').scrollIntoViewIfNeeded();
    await save(page, locale, 'invoice-issued');
    await page.evaluate(() => localStorage.clear());

    // The owner.
    await signIn(page, 'owner', ownerPassword);
    await page.goto('/welcome');
    await page.getByTestId('welcome-step').first().waitFor();
    await save(page, locale, 'welcome');
    await page.goto('/operator');
    await page.getByTestId('person-row').first().waitFor();
    await save(page, locale, 'operators');
    await page.evaluate(() => localStorage.clear());

    // The admin's companies.
    const admin = await apiAs(server, 'admin', ADMIN_PASSWORD);
    await admin.put('/api/v2/user/language', { language: locale });
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await page.goto('/companies');
    await page.getByTestId('company-row').first().waitFor();
    await save(page, locale, 'companies');
    await context.close();
  }
} finally {
  await browser.close();
  await server.dispose();
}
