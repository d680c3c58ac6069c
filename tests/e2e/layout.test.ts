// Every screen on the narrow phones shops use: at 320 px in Swahili (the longest words) and at
// 360 px in English, as an operator, an owner and the platform admin, with long names in the
// data. Nothing may scroll sideways, and no button, badge or chosen option may be cut off;
// a long name cut to one line in a list is fine while most of it shows. Each screen also
// passes axe-core's WCAG 2.1 A and AA checks (contrast, names of controls, labels, ARIA), the
// ones behind Lighthouse's accessibility score, and shows no Mantine part without its styles.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiAs } from './helpers/api';
import { launchBrowser, newContext, settledNetwork } from './helpers/browser';
import { registerDemoVfd, registeredDaysAgo } from './helpers/invoices';
import { accessibilityProblems } from './helpers/accessibility';
import { layoutProblems, type LayoutProblem } from './helpers/layout';
import { unstyledParts } from './helpers/styles';
import { ADMIN_PASSWORD, startServer, type E2EServer } from './helpers/server';
import { activateSeededUser, signIn } from './helpers/session';

let server: E2EServer;
let browser: Browser;
const passwords: Record<string, string> = {};
let draftId = '';

const PUBLIC = [
  '/',
  '/login',
  '/recover-password',
  '/contact-us',
  '/tax-tips',
  '/help',
  '/help/FAQs',
];
const COUNTER = [
  '/dashboard',
  '/invoices',
  '/new-invoice',
  '/customers',
  '/customers/new',
  '/customers/import',
  '/customers-old',
  '/products',
  '/products/new',
  '/expenses',
  '/expenses/new',
  '/expenses/categories',
  '/vendors',
  '/vendors/new',
  '/expenses-report',
  '/sales',
  // Yesterday always has its Z report (below): the rows of its XML and PDF buttons.
  '/sales?preset=yesterday',
  '/sales-old',
  '/profile',
  '/help/user-manual',
  '/ussd',
  '/auth-ussd',
];
const OWNER = [
  '/company',
  '/operator',
  '/users',
  '/invoices-report',
  '/welcome',
  '/payment',
  '/updates',
  '/developer/documentation/api/auth',
  '/developer/documentation/api/invoice',
  '/apps-integration',
];
const ADMIN = [
  '/companies',
  '/organizations',
  '/operators',
  '/potential-clients',
  '/cms-tax-tips',
  '/receipt-reissuing',
];

beforeAll(async () => {
  // Xero offered, QuickBooks not: /apps-integration is checked in both of its first states.
  // The VFD was registered two days ago, so the reports list the Z reports of the days since.
  [server, browser] = await Promise.all([
    startServer(
      { XERO_CLIENT_ID: 'layout-check', XERO_CLIENT_SECRET: 'layout-check' },
      { prepare: (dataDir) => registeredDaysAgo(dataDir, 2) },
    ),
    launchBrowser(),
  ]);
  await registerDemoVfd(server);
  passwords.owner = await activateSeededUser(server, 'owner');
  passwords.operator1 = await activateSeededUser(server, 'operator1');
  passwords.admin = ADMIN_PASSWORD;
  const owner = await apiAs(server, 'owner', passwords.owner);
  await owner.post('/v1/accounting/customers', {
    name: 'Hoteli ya Bahari na Mgahawa wa Pwani Limited',
    identificationType: 'TAX_IDENTIFICATION_NUMBER',
    identificationNumber: '120455788',
    phoneNumber: '222110011',
    email: 'bahari.mgahawa@hotel-pwani.co.tz',
  });
  await owner.post('/v1/accounting/products', {
    name: 'Unga wa mahindi wa kusagwa kilo mbili',
    unitPrice: 420000,
    taxType: 'standard',
  });
  const draft = await owner.post<{ id: string }>('/v1/accounting/invoices', {
    id: crypto.randomUUID(),
    customer: {
      name: 'Mwanaisha Abdallah Mohamed wa Kariakoo',
      identificationType: 'NO_IDENTIFICATION',
      phoneNumber: '0712345678',
      email: 'mwanaisha.abdallah@example.co.tz',
    },
    amountsIncludeTax: true,
    items: [
      {
        id: crypto.randomUUID(),
        description: 'Unga wa mahindi wa kusagwa kilo mbili',
        quantity: 120,
        unitPrice: 4_200_000,
        taxType: 'special_relief',
        discountPercent: 0,
        productId: null,
      },
    ],
    payments: [],
  });
  draftId = draft.id;
  // A processed expense with a long seller's name: the list's longest status, in Swahili too.
  const expenseId = crypto.randomUUID();
  await owner.put(`/v1/accounting/expenses/${expenseId}`, {
    id: expenseId,
    receiptCode: 'MFT7AB',
    date: '03-11-2026',
    time: '10:00',
    amountType: 'INCLUSIVE',
    vendor: { name: 'Kampuni ya Usambazaji wa Vifaa vya Ujenzi Kariakoo', tin: '104220331' },
    items: [
      { description: 'Saruji 50 kg', quantity: 10_000, unitAmount: 1_850_000, taxType: 'STANDARD' },
    ],
    payments: [{ method: 'BANK', amount: 18_500_000 }],
  });
  await owner.post(`/v1/accounting/expenses/${expenseId}/status`, { status: 'processed' });
  // The server makes the days' Z reports on its first round after starting, and TRA accepts
  // them: the status a shop's list shows on most rows, and the longest.
  await vi.waitFor(
    async () => {
      const { items } = await owner.get<{ items: Array<{ status: string }> }>(
        '/v1/accounting/reports/z-reports?preset=yesterday',
      );
      if (items[0]?.status !== 'accepted') throw new Error('No accepted Z report of yesterday yet');
    },
    { timeout: 30_000, interval: 250 },
  );
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

/** Opens each route as `username` (or signed out) and returns the problems found per route. */
async function problemsOn(
  username: string | null,
  routes: string[],
  width: number,
  language: 'en' | 'sw',
  options: {
    offline?: boolean;
    before?: (page: Page) => Promise<void>;
    /** Waits for what the check is about to be on the page. */
    ready?: (page: Page) => Promise<void>;
  } = {},
): Promise<Record<string, Array<LayoutProblem | string>>> {
  const context = await newContext(browser, server.url, { viewport: { width, height: 740 } });
  try {
    const page = await context.newPage();
    const settled = settledNetwork(page);
    // The first-visit tour is a test of its own; here it would cover the dashboard.
    let userId = '';
    if (username) {
      // Signed in, the account's language applies.
      const api = await apiAs(server, username, passwords[username] ?? '');
      await api.put('/api/v2/user/language', { language });
      userId = (await api.get<{ id: string }>('/api/v2/user/me')).id;
    }
    await page.addInitScript(
      ({ lang, tourKey }) => {
        localStorage.setItem('language', lang);
        localStorage.setItem(tourKey, 'done');
      },
      { lang: language, tourKey: `risiti-tour:${userId}` },
    );
    if (username) {
      await signIn(page, username, passwords[username] ?? '');
      await settled();
    }
    await options.before?.(page);
    const found: Record<string, Array<LayoutProblem | string>> = {};
    for (const route of routes) {
      await page.goto(route);
      await settled();
      await page.locator('h1').first().waitFor();
      await options.ready?.(page);
      if (options.offline) {
        // The connection drops; the next sync finds the server out of reach (its longest look).
        await context.setOffline(true);
        await page.evaluate(() => window.dispatchEvent(new Event('online')));
        await page
          .getByTestId('sync-state')
          .getByRole('button', { name: /^(Offline|Nje ya mtandao)/ })
          .waitFor();
        // The badge's longest look must leave the menu button and the logo's mark uncovered.
        const covered = await page.evaluate(() => {
          const mark = document.querySelector('header a[href="/dashboard"] svg');
          const badge = document.querySelector('[data-testid="sync-state"]');
          const overlap =
            (mark?.getBoundingClientRect().right ?? 0) - (badge?.getBoundingClientRect().left ?? 0);
          return overlap > 0 ? `the sync badge covers the logo by ${Math.round(overlap)} px` : null;
        });
        if (covered) (found[route] ??= []).push(covered);
      }
      const problems = [
        ...(await layoutProblems(page)),
        ...(await accessibilityProblems(page)),
        ...(await unstyledParts(page)),
      ];
      if (problems.length) (found[route] ??= []).push(...problems);
      if (options.offline) await context.setOffline(false);
    }
    return found;
  } finally {
    await context.close();
  }
}

describe.each([
  [320, 'sw'],
  [360, 'en'],
  // Wide screens share a row between controls: long Swahili labels must still fit theirs.
  [1280, 'sw'],
] as const)('every screen at %i px (%s)', (width, language) => {
  it('fits the public pages', async () => {
    expect(await problemsOn(null, PUBLIC, width, language)).toEqual({});
  });

  it("fits the counter's screens for an operator", async () => {
    const routes = [...COUNTER, `/edit-invoice/${draftId}`];
    expect(await problemsOn('operator1', routes, width, language)).toEqual({});
  });

  it('keeps every button of the header on screen offline, and an invoice left unsaved', async () => {
    // An invoice typed and left: the invoice pages offer it back.
    const before = async (page: Page) => {
      await page.goto('/new-invoice');
      await page
        .locator('[data-testid="invoice-item"] input')
        .first()
        .fill('Sabuni ya kufulia ya unga, kilo tano, mfuko mkubwa wa familia');
      // Kept on the phone at every change: once it is, the next page may load.
      await page.waitForFunction(async () => {
        for (const { name } of await indexedDB.databases()) {
          const db = await new Promise<IDBDatabase>((resolve, reject) => {
            const opening = indexedDB.open(name!);
            opening.onsuccess = () => resolve(opening.result);
            opening.onerror = () => reject(opening.error);
          });
          try {
            if (!db.objectStoreNames.contains('invoiceDrafts')) continue;
            const counting = db.transaction('invoiceDrafts').objectStore('invoiceDrafts').count();
            const count = await new Promise<number>((resolve) => {
              counting.onsuccess = () => resolve(counting.result);
            });
            if (count > 0) return true;
          } finally {
            db.close();
          }
        }
        return false;
      });
      await page.goto('/invoices');
      await page.getByTestId('unsaved-invoices').waitFor();
    };
    const routes = ['/dashboard', '/invoices', '/new-invoice'];
    const found = await problemsOn('operator1', routes, width, language, { offline: true, before });
    expect(found).toEqual({});
  });

  it("fits the owner's screens", async () => {
    expect(await problemsOn('owner', [...OWNER, '/dashboard'], width, language)).toEqual({});
  });

  it("fits the platform admin's screens", async () => {
    expect(await problemsOn('admin', ADMIN, width, language)).toEqual({});
  });
});

describe("the owner's dashboard without a connection", () => {
  it('says so in words that can be read', async () => {
    // Opened once online (the app installed, the figures kept), then opened with no connection:
    // the dashboard shows what it has and warns, in orange, that it is not up to date.
    const before = async (page: Page) => {
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page.goto('/dashboard');
      await page.locator('[data-testid="freshness"][data-source="server"]').first().waitFor();
      await page.context().setOffline(true);
    };
    const ready = async (page: Page) => {
      // The figures the server gave last time, and the sales kept on this phone.
      await page.locator('[data-testid="freshness"][data-source="copy"]').waitFor();
      await page.locator('[data-testid="freshness"][data-source="phone"]').waitFor();
    };
    expect(await problemsOn('owner', ['/dashboard'], 360, 'en', { before, ready })).toEqual({});
  });
});
