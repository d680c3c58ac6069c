// Screenshots of the main pages at phone (360 px) and desktop (1280 px) width, for looking at
// the app: npm run build && npx tsx tests/e2e/screenshots.ts (written to tests/e2e/screenshots,
// which git ignores).
import fs from 'node:fs';
import path from 'node:path';
import { DESKTOP, launchBrowser, newContext, PHONE } from './helpers/browser';
import { startServer } from './helpers/server';
import { apiAs } from './helpers/api';
import { activateSeededUser, signIn } from './helpers/session';

const out = path.resolve('tests/e2e/screenshots');
fs.mkdirSync(out, { recursive: true });
const only = process.argv.slice(2);

const IMPORT_SAMPLE = [
  'name,identification_type,identification_number,phone_number,email,vat_registration_number',
  'Neema Stores,TIN,300200100,0713 222 333,neema@duka.co.tz,',
  'Bad Tin,TIN,12345,,,',
  'Rehema Salon,NO_IDENTIFICATION,,0765 444 555,,',
  ',NIDA,19900101000011112222,,,',
  'Short Row,PASSPORT',
].join('\r\n');

/** A shop's worth of customers and products, so the lists show what people see. */
async function seedCustomersAndProducts(api: Awaited<ReturnType<typeof apiAs>>) {
  const customers = [
    ['Asha Traders', 'TAX_IDENTIFICATION_NUMBER', '123456789', '712345678', 'asha@duka.co.tz'],
    ['Baraka Hardware Ltd', 'TAX_IDENTIFICATION_NUMBER', '104220331', '754100200', null],
    ['Chausiku Mwinyi', 'NO_IDENTIFICATION', null, '765300400', null],
    ['Dotto Juma', 'NATIONAL_IDENTIFICATION_AUTHORITY', '19850612141230000123', null, null],
    ['Elia Mushi', 'PASSPORT', 'AB1234567', '688900100', 'elia.mushi@example.co.tz'],
    ['Fatuma Said', 'DRIVING_LICENCE', '4001234567', null, null],
    [
      'Hoteli ya Bahari',
      'TAX_IDENTIFICATION_NUMBER',
      '120455788',
      '222110011',
      'bahari@hotel.co.tz',
    ],
    ['Kariakoo Wholesalers', 'VOTERS_NUMBER', 'T1001234', null, null],
  ] as const;
  for (const [name, identificationType, identificationNumber, phoneNumber, email] of customers) {
    await api.post('/v1/accounting/customers', {
      name,
      identificationType,
      identificationNumber,
      phoneNumber,
      email,
    });
  }
  const products = [
    ['Sabuni ya kufulia', 150000, 'standard'],
    ['Unga wa mahindi 2 kg', 420000, 'zero_rated'],
    ['Ushauri wa kodi (saa 1)', null, 'standard'],
    ['Dawa ya meno', 250000, 'exempted'],
  ] as const;
  for (const [name, unitPrice, taxType] of products) {
    await api.post('/v1/accounting/products', { name, unitPrice, taxType });
  }
}

const server = await startServer();
const browser = await launchBrowser();
try {
  const password = await activateSeededUser(server, 'owner');
  const ownerApi = await apiAs(server, 'owner', password);
  await seedCustomersAndProducts(ownerApi);
  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    for (const locale of ['en', 'sw']) {
      const context = await newContext(browser, server.url, { viewport });
      const page = await context.newPage();
      const shot = async (name: string) => {
        if (only.length && !only.includes(name)) return;
        await page.waitForTimeout(300);
        // Long pages in parts no taller than 1400 px, so each stays readable.
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        const parts = Math.ceil(height / 1400);
        for (let part = 0; part < parts; part++) {
          await page.screenshot({
            path: path.join(
              out,
              `${name}-${label}-${locale}${parts > 1 ? `-${part + 1}` : ''}.png`,
            ),
            fullPage: true,
            clip: {
              x: 0,
              y: part * 1400,
              width: viewport.width,
              height: Math.min(1400, height - part * 1400),
            },
          });
        }
      };
      await page.addInitScript((language) => localStorage.setItem('language', language), locale);
      await page.goto('/');
      await shot('landing');
      await page.goto('/login');
      await shot('login');
      await page.goto('/contact-us');
      await shot('contact');
      await page.goto('/tax-tips');
      await shot('tax-tips');
      await page.goto('/help');
      await shot('help');
      await page.goto('/help/FAQs');
      await shot('faq');
      await page.goto('/help/license-agreement');
      await shot('license');
      await page.goto('/help/privacy-policy');
      await shot('privacy');
      await page.goto('/this-page-does-not-exist');
      await shot('not-found');
      await signIn(page, 'operator1', server.logins.operator1 ?? '');
      await shot('change-password');
      await context.clearCookies();
      await page.evaluate(() => localStorage.clear());
      // Signed in, the account's language applies.
      await ownerApi.put('/api/v2/user/language', { language: locale });
      await signIn(page, 'owner', password);
      await shot('dashboard');
      await page.goto('/profile');
      await shot('profile');
      await page.goto('/customers');
      await page.getByTestId('customer-row').first().waitFor();
      await shot('customers');
      await page.getByTestId('customer-row').first().click();
      await page.getByRole('heading', { name: 'Asha Traders' }).waitFor();
      await shot('customer');
      await page.goto('/customers/new');
      await page.locator('form button[type="submit"]').click();
      await shot('customer-form');
      await page.goto('/customers/import');
      await page.locator('input[type="file"]').setInputFiles({
        name: 'wateja.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(IMPORT_SAMPLE),
      });
      await page.getByTestId('import-summary').waitFor();
      await shot('customer-import');
      await page.goto('/products');
      await page.getByTestId('product-row').first().waitFor();
      await shot('products');
      await page.goto('/products/new');
      await shot('product-form');
      await page.getByTestId('sync-state').getByRole('button').click();
      await page.getByRole('dialog').waitFor();
      await shot('sync-panel');
      if (label === 'phone') {
        await page.goto('/dashboard');
        await page
          .getByRole('button', { name: /menu|menyu/i })
          .first()
          .click();
        await shot('nav-open');
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.dispose();
}
console.log(`Screenshots in ${out}`);
