// Screenshots of the administration screens at phone (360 px) and desktop (1280 px) width, in
// English and Swahili, for looking at them:
//   npm run build && npx tsx tests/e2e/admin-screenshots.ts [name …]
// (written to tests/e2e/screenshots, which git ignores).
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { apiAs } from './helpers/api';
import { DESKTOP, launchBrowser, newContext, PHONE } from './helpers/browser';
import { registerDemoVfd } from './helpers/invoices';
import { ADMIN_PASSWORD, startServer } from './helpers/server';
import { activateSeededUser, signIn } from './helpers/session';

const out = path.resolve('tests/e2e/screenshots');
fs.mkdirSync(out, { recursive: true });
const only = process.argv.slice(2);

const server = await startServer();
const browser = await launchBrowser();
try {
  const companyId = await registerDemoVfd(server);
  const ownerPassword = await activateSeededUser(server, 'owner');
  const admin = await apiAs(server, 'admin', ADMIN_PASSWORD);
  for (const [fullName, email, companyName, tin] of [
    ['Neema Joseph Mushi', 'neema@duka-neema.co.tz', 'Duka la Neema', '123456789'],
    ['Baraka Hassan', 'baraka@hardware.co.tz', 'Baraka Hardware Ltd', '104220331'],
  ]) {
    await admin.post('/v1/accounting/potential-clients', {
      fullName,
      email,
      phone: '754123456',
      companyName,
      tin,
      promoCode: 'RISITI',
    });
  }
  await admin.post('/v1/accounting/product-updates', {
    titleEn: 'Company switcher for admins',
    titleSw: 'Kubadilisha kampuni kwa wasimamizi',
    bodyEn: 'Organization admins can now work in any of their companies from the menu.',
    bodySw:
      'Wasimamizi wa shirika sasa wanaweza kufanya kazi katika kampuni zao zote kutoka menyu.',
  });
  await admin.put('/v1/accounting/payment/instructions', {
    en: 'Pay by M-Pesa to business number 123456, account: your TIN.\nOr by bank transfer to CRDB 0150-123456789.',
    sw: 'Lipa kwa M-Pesa namba ya biashara 123456, akaunti: TIN yako.\nAu kwa benki CRDB 0150-123456789.',
  });
  await admin.put(`/v1/accounting/companies/${companyId}/paid-until`, { paidUntil: '31-12-2026' });
  // More organizations than one page holds.
  for (let n = 1; n <= 55; n++) {
    await admin.post('/v1/accounting/organizations', {
      name: `Kikundi cha Biashara ${String(n).padStart(2, '0')}`,
      ownerName: 'Rehema Mushi',
      ownerPhone: '754123456',
      ownerEmail: `kikundi${n}@biashara.co.tz`,
    });
  }

  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    for (const locale of ['en', 'sw'] as const) {
      const context = await newContext(browser, server.url, { viewport });
      const page = await context.newPage();
      const shot = async (name: string) => {
        if (only.length && !only.includes(name)) return;
        await page.waitForTimeout(500);
        await page.screenshot({
          path: path.join(out, `admin-${name}-${label}-${locale}.png`),
          fullPage: true,
        });
      };
      const open = async (
        route: string,
        name: string,
        ready?: (page: Page) => Promise<unknown>,
      ) => {
        if (only.length && !only.includes(name)) return;
        await page.goto(route);
        await ready?.(page);
        await shot(name);
      };
      await page.addInitScript((language) => localStorage.setItem('language', language), locale);
      await admin.put('/api/v2/user/language', { language: locale });
      await signIn(page, 'admin', ADMIN_PASSWORD);
      await open('/companies', 'companies', (p) => p.getByTestId('company-row').first().waitFor());
      await open(`/companies/${companyId}`, 'company', (p) =>
        p.getByTestId('vfd-status').waitFor(),
      );
      await open('/potential-clients', 'potential-clients', (p) =>
        p.getByTestId('request-row').first().waitFor(),
      );
      if (!only.length || only.includes('set-up')) {
        await page.goto('/potential-clients');
        await page.getByTestId('set-up').first().click();
        await page.locator('form button[type="submit"]').waitFor();
        await shot('set-up');
      }
      await open('/organizations', 'organizations', (p) => p.getByTestId('list-count').waitFor());
      if (!only.length || only.includes('new-company')) {
        await page.goto('/companies');
        await page
          .getByRole('button', { name: locale === 'en' ? 'New company' : 'Kampuni mpya' })
          .click();
        await page
          .getByRole('dialog')
          .getByLabel(locale === 'en' ? /^Organization/ : /^Shirika/)
          .click();
        await page.getByRole('option').first().waitFor();
        await shot('new-company');
      }
      await open('/operators', 'operators', (p) => p.getByTestId('person-row').first().waitFor());
      await open('/cms-tax-tips', 'cms-tax-tips');
      await open('/updates', 'updates');
      await open('/payment', 'payment-admin');
      await open('/receipt-reissuing', 'receipt-reissuing');
      await open('/invoices', 'choose-company');
      await page.evaluate(() => localStorage.removeItem('jwt'));
      await context.clearCookies();
      await page.evaluate(() => localStorage.clear());
      const owner = await apiAs(server, 'owner', ownerPassword);
      await owner.put('/api/v2/user/language', { language: locale });
      await signIn(page, 'owner', ownerPassword);
      await open('/welcome', 'welcome', (p) => p.getByTestId('welcome-step').first().waitFor());
      await open('/company', 'owner-company', (p) => p.getByTestId('vfd-status').waitFor());
      await open('/operator', 'owner-operators', (p) =>
        p.getByTestId('person-row').first().waitFor(),
      );
      await open('/payment', 'payment');
      await open('/new-potential-client', 'new-potential-client');
      await open('/help/user-manual', 'manual');
      await page.evaluate(() => localStorage.clear());
      await open('/', 'landing-register', (p) => p.locator('#register').scrollIntoViewIfNeeded());
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.dispose();
}
