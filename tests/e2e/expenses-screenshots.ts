// Pictures of the expense screens at phone (360 px) and desktop (1280 px) width, in English and
// Swahili: the list, a new expense by hand, a receipt read from TRA to review, an expense with
// its file, categories, vendors and the report. npm run build && npx tsx
// tests/e2e/expenses-screenshots.ts (written to tests/e2e/screenshots, which git ignores).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { apiAs } from './helpers/api';
import { DESKTOP, launchBrowser, newContext, PHONE } from './helpers/browser';
import { issueReceipt } from './helpers/expenses';
import { registerDemoVfd, tokenOf } from './helpers/invoices';
import { startServer } from './helpers/server';
import { activateSeededUser, signIn } from './helpers/session';

const out = path.resolve('tests/e2e/screenshots');
fs.mkdirSync(out, { recursive: true });

async function shot(page: Page, name: string) {
  await page.waitForTimeout(500);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  if (overflow) console.warn(`${name}: the page scrolls sideways`);
  await page.screenshot({ path: path.join(out, `${name}.png`), fullPage: true });
}

const server = await startServer();
const browser = await launchBrowser();
try {
  await registerDemoVfd(server);
  const password = await activateSeededUser(server, 'operator1');
  const token = await tokenOf(server, 'operator1', password);
  const api = await apiAs(server, 'operator1', password);
  const { items: categories } = await api.get<{ items: { id: string; code: string }[] }>(
    '/v1/accounting/expense-categories?limit=50',
  );
  const category = (code: string) => categories.find((c) => c.code === code)!.id;
  const days = ['03-11-2026', '07-11-2026', '12-11-2026', '15-11-2026', '19-11-2026'];
  for (const [index, date] of days.entries()) {
    await api.put(`/v1/accounting/expenses/${crypto.randomUUID()}`, {
      receiptCode: `DEMO${index}A${index + 3}`,
      date,
      time: '10:15',
      amountType: 'INCLUSIVE',
      categoryId: category(['STOCK', 'RENT', 'TRANSPORT', 'UTILITIES', 'STOCK'][index]!),
      vendor: {
        name: [
          'Kilimo Traders Ltd',
          'Mwenye Nyumba',
          'Bajaji Express',
          'TANESCO',
          'Jumla Wholesale',
        ][index],
        tin: `10182590${index}`,
      },
      items: [
        {
          description: [
            'Mchele kilo 25',
            'Kodi ya Novemba',
            'Usafirishaji',
            'LUKU',
            'Sukari mifuko 10',
          ][index],
          quantity: 1000,
          unitAmount: [5_900_000, 30_000_000, 1_500_000, 2_000_000, 11_800_000][index],
          taxType: 'STANDARD',
        },
      ],
      payments: [
        {
          method: ['CASH', 'BANK', 'EMONEY', 'EMONEY', 'CHEQUE'][index],
          amount: [5_900_000, 30_000_000, 1_500_000, 2_000_000, 11_800_000][index],
        },
      ],
    });
  }
  const receipt = await issueReceipt(server, token);

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    for (const locale of ['en', 'sw'] as const) {
      const context = await newContext(browser, server.url, { viewport });
      const page = await context.newPage();
      await fetch(`${server.url}/api/v2/user/language`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ language: locale }),
      });
      await signIn(page, 'operator1', password);
      await page.waitForURL('**/dashboard');
      const suffix = `${label}-${locale}`;

      await page.goto('/expenses');
      await page.getByTestId('expense-row').first().waitFor();
      await shot(page, `expenses-list-${suffix}`);

      await page.goto('/expenses/new?method=manual');
      await page.getByTestId('expense-item').first().waitFor();
      await shot(page, `expenses-new-manual-${suffix}`);

      await page.goto('/expenses/new?method=code');
      await shot(page, `expenses-new-code-${suffix}`);

      if (label === 'phone' && locale === 'en') {
        await page.getByRole('textbox', { name: 'Receipt code' }).fill(receipt.code);
        await page.getByLabel('Receipt time').fill(receipt.time);
        await page.getByTestId('look-up-receipt').click();
        await page.getByTestId('lookup-processing').waitFor();
        await shot(page, `expenses-processing-${suffix}`);
        await page.getByTestId('lookup-done').waitFor({ timeout: 30_000 });
        await shot(page, `expenses-review-${suffix}`);
        await page.getByTestId('save-expense').click();
        await page.waitForURL(/\/expenses\/[0-9a-f-]{36}$/);
        await shot(page, `expenses-detail-${suffix}`);
      }

      await page.goto('/expenses/new?method=scan');
      await shot(page, `expenses-new-scan-${suffix}`);

      await page.goto('/expenses/categories');
      await page.getByTestId('category-row').first().waitFor();
      await shot(page, `expenses-categories-${suffix}`);

      await page.goto('/vendors');
      await page.getByTestId('vendor-row').first().waitFor();
      await shot(page, `vendors-${suffix}`);

      await page.goto('/expenses-report?preset=custom&from=2026-11-01&to=2026-11-30');
      await page.getByTestId('report-total').waitFor();
      await shot(page, `expenses-report-${suffix}`);
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.dispose();
}
