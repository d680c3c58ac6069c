// Customers and products as a shop works with them: on a phone that loses its connection, with
// the built app, its service worker and the real server.
import crypto from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, eventually, type ApiAs } from './helpers/api';
import { launchBrowser, newContext, PHONE } from './helpers/browser';
import { startServer, type E2EServer } from './helpers/server';
import { activateSeededUser, signIn } from './helpers/session';

/** The customer list's row height (`CUSTOMER_ROW_HEIGHT` in src/features/customers). */
const CUSTOMER_ROW_HEIGHT = 68;

let server: E2EServer;
let browser: Browser;
let password: string;
let api: ApiAs;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  password = await activateSeededUser(server, 'owner');
  api = await apiAs(server, 'owner', password);
});
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const tin = () => String(crypto.randomInt(100_000_000, 999_999_999));
const unique = (name: string) => `${name} ${crypto.randomBytes(3).toString('hex')}`;

interface Page2 {
  items: { id: string; name: string; identificationNumber?: string | null }[];
  total: number;
}

/** Signed in, with the service worker in control of the page and the first sync done. */
async function openApp(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await signIn(page, 'owner', password);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // Loaded again, the page is served and controlled by the worker, which then answers every
  // request for the app's files, connection or not.
  await page.reload();
  await syncBadge(page, 'Synced');
  return page;
}

/** Waits for the badge to say `text` (on a phone it shows its icon and count; this is its name). */
function syncBadge(page: Page, text: string) {
  return page
    .getByTestId('sync-state')
    .getByRole('button', { name: text, exact: true })
    .waitFor({ timeout: 15_000 });
}

async function addCustomer(
  page: Page,
  fields: { name: string; type: RegExp; number?: string; phone?: string },
) {
  await page.goto('/customers/new');
  await page.getByLabel(/^Customer name/).fill(fields.name);
  await page.getByRole('combobox', { name: /^Identification type/ }).click();
  await page.getByRole('option', { name: fields.type }).click();
  if (fields.number) await page.getByLabel(/^Identification number/).fill(fields.number);
  if (fields.phone) await page.getByLabel(/^Phone number/).fill(fields.phone);
  await page.getByRole('button', { name: 'Save customer' }).click();
  await page.getByRole('heading', { name: fields.name }).waitFor();
}

async function addProduct(page: Page, name: string, price: string) {
  await page.goto('/products/new');
  await page.getByLabel(/^Name/).fill(name);
  await page.getByLabel(/^Default unit price/).fill(price);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL((url) => url.pathname === '/products');
}

const customersNamed = (name: string) =>
  api.get<Page2>(`/v1/accounting/customers?search=${encodeURIComponent(name)}`);
const productsNamed = (name: string) =>
  api.get<Page2>(`/v1/accounting/products?search=${encodeURIComponent(name)}`);

describe('customers and products offline', () => {
  it('are kept through a reload without connection and reach the server once it returns', async () => {
    const context = await newContext(browser, server.url, { viewport: PHONE });
    const page = await openApp(context);
    const customer = unique('Mama Ntilie');
    const product = unique('Chai ya tangawizi');

    await context.setOffline(true);
    await addCustomer(page, { name: customer, type: /^TIN/, number: tin(), phone: '0754 111 222' });
    await addProduct(page, product, '1,200');
    await syncBadge(page, 'Offline · 2 waiting');
    expect((await customersNamed(customer)).total).toBe(0);

    await page.reload();
    await page.goto('/customers');
    await page.getByTestId('customer-row').filter({ hasText: customer }).waitFor();
    await page.goto('/products');
    await page.getByTestId('product-row').filter({ hasText: product }).waitFor();
    expect(
      await page.getByTestId('product-row').filter({ hasText: product }).textContent(),
    ).toContain('Tsh 1,200.00');

    await context.setOffline(false);
    const back = Date.now();
    const [onServer, productOnServer] = await eventually(async () => {
      const [c, p] = await Promise.all([customersNamed(customer), productsNamed(product)]);
      return c.total === 1 && p.total === 1 ? [c.items[0]!, p.items[0]!] : undefined;
    }, 10_000);
    const seconds = (Date.now() - back) / 1000;
    expect(seconds).toBeLessThan(10);
    expect(onServer).toMatchObject({ name: customer, phoneNumber: '754111222' });
    expect(productOnServer).toMatchObject({ name: product, unitPrice: 120000 });
    await syncBadge(page, 'Synced');
    await context.close();
  });

  it('shows the server refusing a duplicate created offline, on the record', async () => {
    const context = await newContext(browser, server.url);
    const page = await openApp(context);
    const number = tin();
    await context.setOffline(true);
    // Meanwhile someone registered this TIN from another device.
    await api.post('/v1/accounting/customers', {
      name: unique('Registered Elsewhere'),
      identificationType: 'TAX_IDENTIFICATION_NUMBER',
      identificationNumber: number,
    });
    const name = unique('Juma Offline');
    await addCustomer(page, { name, type: /^TIN/, number });
    await syncBadge(page, 'Offline · 1 waiting');

    await context.setOffline(false);
    await syncBadge(page, '1 change refused');
    await page.getByTestId('sync-state').getByRole('button').click();
    const panel = page.getByRole('dialog', { name: 'Sync with the server' });
    await panel.getByText('Customer identification number duplicated').waitFor();
    await panel.getByRole('link', { name: 'Open' }).click();
    await page.getByRole('heading', { name: 'Edit customer' }).waitFor();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Customer identification number duplicated' })
      .first()
      .waitFor();
    expect((await customersNamed(name)).total).toBe(0);
    await context.close();
  });

  it('shows a change as waiting until the server has answered it', async () => {
    const context = await newContext(browser, server.url);
    const page = await openApp(context);
    let release!: () => void;
    const answered = new Promise<void>((resolve) => (release = resolve));
    // The context's route holds the service worker's Background Sync calls too.
    await context.route('**/v1/accounting/products/*', async (route) => {
      await answered;
      await route.continue();
    });
    await addProduct(page, unique('Maziwa'), '2,000');
    await syncBadge(page, '1 change waiting');
    release();
    await syncBadge(page, 'Synced');
    await context.close();
  });
});

describe('Background Sync', () => {
  it('sends what waits from the service worker, with the app closed', async () => {
    const context = await newContext(browser, server.url);
    const page = await openApp(context);
    const name = unique('Sent By The Worker');
    await context.setOffline(true);
    await addProduct(page, name, '500');
    await syncBadge(page, 'Offline · 1 waiting');
    await page.close();
    await context.setOffline(false);

    // No page of the app is open: fire the worker's sync the way the browser does, from a tab
    // that shows a plain file of the site (it runs none of the app).
    const tab = await context.newPage();
    await tab.goto('/manifest.webmanifest');
    const cdp = await context.newCDPSession(tab);
    const registration = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${server.url}/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin: server.url,
      registrationId: await registration,
      tag: 'risiti-outbox',
      lastChance: false,
    });
    const product = await eventually(async () => (await productsNamed(name)).items[0], 10_000);
    expect(product).toMatchObject({ name, unitPrice: 50000 });
    await context.close();
  });
});

describe('the customer list on a slow line', () => {
  it('opens the customer tapped while a search typed just before waits to reach the address', async () => {
    const name = unique('Tapped Traders');
    await api.post('/v1/accounting/customers', {
      name,
      identificationType: 'NO_IDENTIFICATION',
      identificationNumber: null,
      phoneNumber: null,
      email: null,
    });
    // Without the service worker the test holds the app's files back itself, as a slow line
    // does: the customer's page is still loading when the search is written into the address.
    const context = await newContext(browser, server.url, {
      viewport: PHONE,
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await signIn(page, 'owner', password);
    await page.goto('/customers');
    await page.getByTestId('customer-row').filter({ hasText: name }).waitFor();
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });

    await page.getByRole('searchbox', { name: 'Search' }).fill(name.split(' ').at(-1)!);
    await page.getByTestId('customer-row').filter({ hasText: name }).click();
    await page.getByRole('heading', { name }).waitFor();
    // Past the moment the search would have been written, the customer is still on screen.
    await page.waitForTimeout(1000);
    await expect(page.getByRole('heading', { name }).isVisible()).resolves.toBe(true);
    expect(new URL(page.url()).pathname).toMatch(/^\/customers\/[\w-]{36}$/);

    // Back on the list, the list is there.
    await page.goBack();
    await page.getByTestId('customer-row').filter({ hasText: name }).waitFor();
    await context.close();
  });
});

describe('a customer typed and not yet saved', () => {
  it("is not lost to the phone's Back or a reload: the app asks first", async () => {
    const name = unique('Unsaved Traders');
    const context = await newContext(browser, server.url, { viewport: PHONE });
    const page = await context.newPage();
    await signIn(page, 'owner', password);
    await page.goto('/customers');
    await page.getByRole('link', { name: 'New customer' }).first().click();
    const field = page.getByLabel(/^Customer name/);
    await field.fill(name);

    // Back, as the phone's own button does: the question, and staying keeps the form.
    await page.goBack({ waitUntil: 'commit' }).catch(() => undefined);
    const question = page.getByRole('dialog', { name: 'Leave without saving?' });
    await question.waitFor();
    await page.getByRole('button', { name: 'Keep typing' }).click();
    await question.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/customers/new');
    await expect(field.inputValue()).resolves.toBe(name);

    // A reload gets the browser's own question; answered "stay", the page and its text stay.
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    await page.reload({ timeout: 2000 }).catch(() => undefined);
    await expect(asked).resolves.toBe('beforeunload');
    await expect(field.inputValue()).resolves.toBe(name);

    // Saved, it leaves without a question.
    await page.getByRole('combobox', { name: /^Identification type/ }).click();
    await page.getByRole('option', { name: /^No identification/ }).click();
    await page.getByRole('button', { name: 'Save customer' }).click();
    await page.getByRole('heading', { name }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/customers\/[\w-]{36}$/);
    await expect(question.isVisible()).resolves.toBe(false);
    await context.close();
  });
});

describe('a customer changed on two phones', () => {
  it('merges what each changed and asks only about the field both changed', async () => {
    const context = await newContext(browser, server.url, { viewport: PHONE });
    const page = await openApp(context);
    const name = unique('Two Phones');
    const number = tin();
    await addCustomer(page, { name, type: /^TIN/, number, phone: '0754 111 222' });
    await syncBadge(page, 'Synced');
    const { id } = (await customersNamed(name)).items[0]!;

    // Offline, this phone corrects the number; meanwhile another phone corrects it otherwise
    // and adds an email.
    await context.setOffline(true);
    await page.goto(`/customers/${id}/edit`);
    await page.getByLabel(/^Phone number/).fill('0754 999 000');
    await page.getByRole('button', { name: 'Save customer' }).click();
    await page.getByRole('heading', { name }).waitFor();
    await api.put(`/v1/accounting/customers/${id}`, {
      name,
      identificationType: 'TAX_IDENTIFICATION_NUMBER',
      identificationNumber: number,
      phoneNumber: '0754 333 444',
      email: 'other@example.co.tz',
    });

    await context.setOffline(false);
    await syncBadge(page, '1 change refused');
    // The sync panel leads to the customer's page, where the choice is made.
    await page.goto('/customers');
    await page.getByTestId('sync-state').getByRole('button').click();
    const panel = page.getByRole('dialog', { name: 'Sync with the server' });
    await panel
      .getByText('Someone else changed this record in the meantime. Choose which version to keep.')
      .waitFor();
    await panel.getByRole('link', { name: 'Open' }).click();
    const conflict = page.getByRole('alert').filter({ hasText: 'Changed on another device too' });
    await conflict.waitFor();
    await page.getByRole('heading', { name }).waitFor();
    await conflict.getByText('This phone: 0754 999 000').waitFor();
    await conflict.getByText('Other device: 0754 333 444').waitFor();
    await expect(conflict.getByText('Email').count()).resolves.toBe(0);
    // Nothing was overwritten on the server while the phone waits for a choice.
    expect((await customersNamed(name)).items[0]).toMatchObject({ phoneNumber: '754333444' });

    await conflict.getByRole('button', { name: "Keep this phone's" }).click();
    await syncBadge(page, 'Synced');
    await conflict.waitFor({ state: 'hidden' });
    const stored = await eventually(async () => {
      const [customer] = (await customersNamed(name)).items as { phoneNumber?: string }[];
      return customer?.phoneNumber === '754999000' ? customer : undefined;
    }, 10_000);
    expect(stored).toMatchObject({ email: 'other@example.co.tz', version: 3 });
    await context.close();
  });
});

describe('customer CSV import', () => {
  it('imports the good rows and names the row and column of each bad one', async () => {
    const context = await newContext(browser, server.url);
    const page = await openApp(context);
    const good = [unique('Asha Import'), unique('Baraka Import'), unique('Chausiku Import')];
    const csv = [
      'name,identification_type,identification_number,phone_number,email,vat_registration_number',
      `${good[0]},TIN,${tin()},0712 000 111,,`,
      `Bad Tin,TIN,12345,,,`,
      `${good[1]},NO_IDENTIFICATION,,,baraka@duka.co.tz,`,
      `,NIDA,19900101000011112222,,,`,
      `Short Row,PASSPORT`,
      `${good[2]},PASSPORT,AB${crypto.randomInt(100000, 999999)},,,`,
    ].join('\r\n');

    await page.goto('/customers/import');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'wateja.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByTestId('import-summary').filter({ hasText: 'Ready to import: 3' }).waitFor();
    const problems = page.getByTestId('import-problems');
    for (const text of [
      'Row 3, column identification_number: Please enter a correct TIN number',
      'Row 5: the column name needs a value',
      'Row 6 has 2 columns instead of 6',
    ]) {
      await problems.getByText(text).waitFor();
    }

    await page.getByRole('button', { name: 'Import 3 customers' }).click();
    await page.getByTestId('import-result').filter({ hasText: '3 customers imported.' }).waitFor();
    for (const name of good) expect((await customersNamed(name)).total).toBe(1);
    expect((await customersNamed('Bad Tin')).total).toBe(0);

    // They come to the phone with the next pull.
    await page.getByRole('link', { name: 'See the customers' }).click();
    for (const name of good) {
      await page.getByTestId('customer-row').filter({ hasText: name }).waitFor();
    }
    await context.close();
  });

  it('says how much of a big file has gone out over a slow connection', async () => {
    const context = await newContext(browser, server.url, { viewport: PHONE });
    const page = await openApp(context);
    const prefix = unique('Mteja Polepole');
    const rows = [
      'name,identification_type,identification_number,phone_number,email,vat_registration_number',
      ...Array.from({ length: 2000 }, (_, i) => `${prefix} ${i},NO_IDENTIFICATION,,,,`),
    ];
    await page.goto('/customers/import');
    await page.locator('input[type="file"]').setInputFiles({
      name: 'wateja-wengi.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(rows.join('\r\n')),
    });
    await page
      .getByTestId('import-summary')
      .filter({ hasText: 'Ready to import: 2,000' })
      .waitFor();
    // About 70 KB going out at 20 KB/s, as on a weak mobile connection.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 50,
      downloadThroughput: 200_000,
      uploadThroughput: 20_000,
    });
    await page.getByRole('button', { name: 'Import 2,000 customers' }).click();
    await page.getByText(/^Sending the file: [1-9]\d?%$/).waitFor({ timeout: 15_000 });
    const bar = page.getByRole('progressbar', { name: 'Import progress' });
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(100);

    await page
      .getByTestId('import-result')
      .filter({ hasText: '2,000 customers imported.' })
      .waitFor({ timeout: 30_000 });
    expect((await customersNamed(prefix)).total).toBe(2000);

    // The 2,000 in the list, which draws only the rows on screen: wherever it is scrolled, as
    // opened and after a reload, each row on the screen is the one that belongs there.
    const allFound = () =>
      page
        .getByTestId('customer-count')
        .filter({ hasText: /^2,000 (of [\d,]+ )?customers$/ })
        .waitFor({ timeout: 30_000 });
    await page.goto(`/customers?q=${encodeURIComponent(prefix)}`);
    await allFound();
    await expectRightRowsWhenScrolled(page, 2000);
    await page.reload();
    await allFound();
    await expectRightRowsWhenScrolled(page, 2000);
    await expect.poll(() => page.locator('[aria-posinset="2000"]').isVisible()).toBe(true);
    await context.close();
  });
});

/**
 * At the top, half way and at the end of a list of `count` customers, each row the screen shows
 * (looked at a fifth, a half and four fifths down) is the one that belongs there.
 */
async function expectRightRowsWhenScrolled(page: Page, count: number) {
  for (const share of [0, 0.5, 1]) {
    await page.evaluate((at) => window.scrollTo(0, document.body.scrollHeight * at), share);
    await expect
      .poll(async () => {
        const rows = await rowsOnScreen(page);
        return rows.every(
          ({ drawn, expected }) => expected < 1 || expected > count || drawn === expected,
        );
      })
      .toBe(true);
  }
}

/**
 * The positions (from 1) of the customer rows drawn a fifth, a half and four fifths down the
 * screen, each with the one that belongs there given where the list starts and its rows'
 * height; `drawn` is null when nothing is drawn there.
 */
function rowsOnScreen(page: Page) {
  return page.evaluate((rowHeight) => {
    const list = document.querySelector('[role="list"][aria-label="Customers"]')!;
    const top = list.getBoundingClientRect().top;
    return [0.2, 0.5, 0.8].map((share) => {
      const y = window.innerHeight * share;
      const item = document
        .elementFromPoint(window.innerWidth / 2, y)
        ?.closest('[role="listitem"]');
      return {
        drawn: item ? Number(item.getAttribute('aria-posinset')) : null,
        expected: Math.floor((y - top) / rowHeight) + 1,
      };
    });
  }, CUSTOMER_ROW_HEIGHT);
}
