import crypto from 'node:crypto';
// Recording expenses in Chromium with the real service worker, on the real server whose TRA is
// the built-in simulator: a receipt's QR code read from the camera (Chromium's fake camera
// plays a picture of a receipt made by the test), filled in from the simulator's verification
// and saved; the same with no connection, read once it returns; a duplicate code refused; a
// photo attached offline and uploaded once; the camera refused.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, type ApiAs } from './helpers/api';
import {
  issueReceipt,
  launchWithCamera,
  qrPng,
  receiptPicture,
  tempFile,
  writeY4m,
  type IssuedReceipt,
} from './helpers/expenses';
import { newContext, PHONE } from './helpers/browser';
import { registerDemoVfd, tokenOf } from './helpers/invoices';
import { startServer, type E2EServer } from './helpers/server';
import { activateSeededUser, signIn } from './helpers/session';

let server: E2EServer;
let password: string;
let api: ApiAs;
let first: IssuedReceipt;
let second: IssuedReceipt;
const browsers: Browser[] = [];

beforeAll(async () => {
  server = await startServer();
  await registerDemoVfd(server);
  password = await activateSeededUser(server, 'operator1');
  api = await apiAs(server, 'operator1', password);
  const token = await tokenOf(server, 'operator1', password);
  first = await issueReceipt(server, token);
  second = await issueReceipt(server, token);
});

afterAll(async () => {
  await Promise.all(browsers.map((browser) => browser.close()));
  await server?.dispose();
});

/** A browser whose camera shows a receipt with the QR code of `receipt`. */
async function cameraOn(receipt: IssuedReceipt): Promise<Browser> {
  const video = tempFile('receipt.y4m');
  writeY4m(video, receiptPicture(receipt.url));
  const browser = await launchWithCamera(video);
  browsers.push(browser);
  return browser;
}

async function phone(
  browser: Browser,
  camera: boolean,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, server.url, { viewport: PHONE });
  if (camera) await context.grantPermissions(['camera'], { origin: server.url });
  const page = await context.newPage();
  await signIn(page, 'operator1', password);
  await page.waitForURL('**/dashboard');
  // One visit with a connection: the service worker holds the app for offline use.
  await page.goto('/expenses');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  return { context, page };
}

async function serverExpense(code: string): Promise<any> {
  const { items } = await api.get<{ items: any[] }>(
    `/v1/accounting/expenses?search=${encodeURIComponent(code)}`,
  );
  return items.find((expense) => expense.receiptCode === code);
}

describe('expenses in the browser', () => {
  it('scans a receipt with the camera, fills it in from TRA and saves it', async () => {
    const browser = await cameraOn(first);
    const { context, page } = await phone(browser, true);
    try {
      await page.goto('/expenses/new?method=scan');
      await page.getByTestId('lookup-done').waitFor({ timeout: 30_000 });
      await expect.poll(() => page.getByLabel('Vendor name').inputValue()).toBe('Duka Demo Ltd');
      expect(await page.getByRole('textbox', { name: 'Receipt code' }).inputValue()).toBe(
        first.code,
      );
      await expect.poll(() => page.getByTestId('expense-item').count()).toBe(2);
      await expect.poll(() => page.getByTestId('expense-total').textContent()).toBe('Tsh 8,260.00');
      await expect.poll(() => page.getByTestId('expense-balance').textContent()).toBe('Tsh 0.00');

      await page.getByRole('combobox', { name: 'Category' }).click();
      await page.getByRole('option', { name: 'Stock purchases' }).click();
      await page.getByTestId('save-expense').click();
      await page.waitForURL('**/expenses/*');
      await expect.poll(() => page.getByTestId('expense-total').textContent()).toBe('Tsh 8,260.00');

      // The save reaches the server through the outbox, after the page has shown it.
      await expect
        .poll(async () => (await serverExpense(first.code))?.categoryId ?? null, {
          timeout: 15_000,
        })
        .not.toBeNull();
      const saved = await serverExpense(first.code);
      expect(saved).toMatchObject({
        status: 'pending',
        source: 'qr',
        vendor: { name: 'Duka Demo Ltd' },
        totals: { totalAmount: 826_000, totalVat: 126_000, balance: 0 },
        lookup: { status: 'done' },
      });
    } finally {
      await context.close();
    }
  });

  it('keeps a receipt scanned offline as pending, and reads it once the connection returns', async () => {
    const browser = await cameraOn(second);
    const { context, page } = await phone(browser, true);
    try {
      await page.goto('/expenses/new?method=scan');
      await page.getByTestId('camera-preview').waitFor();
      await context.setOffline(true);
      await page.getByTestId('lookup-processing').waitFor({ timeout: 20_000 });
      await expect
        .poll(() => page.getByTestId('lookup-processing').textContent())
        .toContain('Waiting for connection');
      expect(await serverExpense(second.code).catch(() => undefined)).toBeUndefined();

      await page.goto('/expenses');
      await page.reload();
      const row = page.getByTestId('expense-row').filter({ hasText: second.code });
      await expect
        .poll(() => row.getByTestId('expense-status').textContent())
        .toBe('Receipt processing');

      await context.setOffline(false);
      await expect
        .poll(() => row.textContent(), { timeout: 20_000, interval: 500 })
        .toContain('Duka Demo Ltd');
      expect(await row.textContent()).toContain('Tsh 8,260.00');
      expect(await serverExpense(second.code)).toMatchObject({ lookup: { status: 'done' } });

      // Scanning the same receipt again is refused at once.
      await page.goto('/expenses/new?method=code');
      await page.getByRole('textbox', { name: 'Receipt code' }).fill(second.code);
      await page.getByLabel('Receipt time').fill(second.time);
      await page.getByTestId('look-up-receipt').click();
      await expect
        .poll(() => page.getByText('Conflict. Code already registered.').first().isVisible())
        .toBe(true);
    } finally {
      await context.close();
    }
  });

  it('reports a code another phone registered while this one was offline, and loses nothing', async () => {
    const browser = browsers[0]!;
    const receipt = await issueReceipt(server, await tokenOf(server, 'operator1', password));
    const { context, page } = await phone(browser, false);
    try {
      await context.setOffline(true);
      // Meanwhile another phone records the same receipt.
      const other = crypto.randomUUID();
      await api.put(`/v1/accounting/expenses/${other}/lookup`, {
        source: 'code',
        receiptCode: receipt.code,
        time: receipt.time,
      });
      await page.goto('/expenses/new?method=code');
      await page.getByRole('textbox', { name: 'Receipt code' }).fill(receipt.code);
      await page.getByLabel('Receipt time').fill(receipt.time);
      await page.getByTestId('look-up-receipt').click();
      await page.getByTestId('lookup-processing').waitFor();
      await context.setOffline(false);
      await expect
        .poll(() => page.getByTestId('lookup-refused').textContent(), { timeout: 20_000 })
        .toContain('Conflict. Code already registered.');
      expect(await page.getByTestId('lookup-refused').textContent()).toContain(receipt.code);
    } finally {
      await context.close();
    }
  });

  it('lets a mistyped receipt time be corrected, and cancels a read receipt only when asked', async () => {
    const browser = browsers[0] ?? (await cameraOn(first));
    const receipt = await issueReceipt(server, await tokenOf(server, 'operator1', password));
    const { context, page } = await phone(browser, false);
    try {
      await page.goto('/expenses/new?method=code');
      await page.getByRole('textbox', { name: 'Receipt code' }).fill(receipt.code);
      await page.getByLabel('Receipt time').fill('01:02:03');
      await page.getByTestId('look-up-receipt').click();
      const failed = page.getByTestId('lookup-failed');
      await failed.waitFor({ timeout: 20_000 });
      // The card holds the code and time as typed, to correct in place.
      expect(await failed.getByRole('textbox', { name: 'Receipt code' }).inputValue()).toBe(
        receipt.code,
      );
      expect(await failed.getByLabel('Receipt time').inputValue()).toBe('01:02:03');
      await failed.getByLabel('Receipt time').fill('02:03:04');
      await failed.getByRole('button', { name: 'Try again' }).click();
      await page.getByTestId('lookup-processing').waitFor();
      await failed.waitFor({ timeout: 20_000 });
      expect((await serverExpense(receipt.code)).lookup.time).toBe('02:03:04');
      // Typed again from the start, the code goes on in the same expense.
      await page.goto('/expenses/new?method=code');
      await page.getByRole('textbox', { name: 'Receipt code' }).fill(receipt.code);
      await page.getByLabel('Receipt time').fill(receipt.time);
      await page.getByTestId('look-up-receipt').click();
      await page.getByTestId('lookup-done').waitFor({ timeout: 20_000 });
      const recorded = await serverExpense(receipt.code);
      expect(recorded.time).toBe(receipt.time);
      const { items } = await api.get<{ items: any[] }>(
        `/v1/accounting/expenses?search=${encodeURIComponent(receipt.code)}`,
      );
      expect(items).toHaveLength(1);

      // Cancel asks, says the receipt is already recorded, and only then cancels it.
      await page.getByRole('button', { name: 'Cancel', exact: true }).click();
      const question = page.getByRole('dialog', { name: 'Cancel this expense?' });
      await question.waitFor();
      expect(await question.textContent()).toContain(
        `Receipt ${receipt.code} was recorded in your expenses`,
      );
      await question.getByRole('button', { name: 'Cancel expense' }).click();
      await page.waitForURL('**/expenses');
      await expect
        .poll(async () => (await serverExpense(receipt.code)).status, { timeout: 20_000 })
        .toBe('canceled');
    } finally {
      await context.close();
    }
  });

  it('uploads a photo attached offline once the connection returns, exactly once', async () => {
    const browser = browsers[0]!;
    const { context, page } = await phone(browser, false);
    try {
      await page.goto('/expenses/new?method=manual');
      await page.getByRole('textbox', { name: 'Receipt code' }).fill('MANUAL123');
      await page.getByLabel('Time').fill('09:15');
      await page.getByLabel('Vendor name').fill('Mama Ntilie');
      await page.getByRole('combobox', { name: 'Amounts on the receipt' }).click();
      await page.getByRole('option', { name: 'No VAT' }).click();
      const item = page.getByTestId('expense-item').first();
      await item.getByRole('textbox', { name: /^Item 1/ }).fill('Chakula cha mchana');
      await item.getByLabel('Unit amount').fill('12,000');
      await page.getByLabel('Amount', { exact: true }).fill('12,000');
      await page.getByTestId('save-expense').click();
      await page.waitForURL(/\/expenses\/[0-9a-f-]{36}$/);
      const id = page.url().split('/').pop()!;
      await expect
        .poll(async () => (await api.get<any>(`/v1/accounting/expenses/${id}`)).id)
        .toBe(id);

      await context.setOffline(true);
      const photo = await qrPng(first.url);
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Attach a file' }).click();
      await (await chooser).setFiles({ name: 'risiti.png', mimeType: 'image/png', buffer: photo });
      const file = page.getByTestId('expense-file');
      await file.waitFor();
      expect(await file.getAttribute('data-sync-state')).toBe('pending');
      expect(await page.getByTestId('file-progress').textContent()).toBe('Waiting to upload');
      await page.reload();
      await page.getByTestId('expense-file').waitFor();

      await context.setOffline(false);
      await expect
        .poll(() => page.getByTestId('expense-file').getAttribute('data-sync-state'), {
          timeout: 20_000,
        })
        .toBe('synced');
      const { items } = await api.get<{ items: any[] }>(
        `/v1/accounting/expenses/${id}/attachments`,
      );
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({ name: 'risiti.png', size: photo.length, kind: 'png' });

      // The bin asks first: going back keeps the file, confirming deletes it everywhere.
      await page.getByRole('button', { name: 'Remove risiti.png' }).click();
      const question = page.getByRole('dialog', { name: 'Remove risiti.png?' });
      await question.getByRole('button', { name: 'Go back' }).click();
      await question.waitFor({ state: 'detached' });
      expect(await page.getByTestId('expense-file').count()).toBe(1);
      await page.getByRole('button', { name: 'Remove risiti.png' }).click();
      await question.getByRole('button', { name: 'Remove' }).click();
      await page.getByTestId('expense-file').waitFor({ state: 'detached' });
      await expect
        .poll(
          async () =>
            (await api.get<{ items: unknown[] }>(`/v1/accounting/expenses/${id}/attachments`)).items
              .length,
          { timeout: 20_000 },
        )
        .toBe(0);
    } finally {
      await context.close();
    }
  });

  it('says why when the camera is refused, and the other ways stay one tap away', async () => {
    const browser = browsers[0]!;
    const { context, page } = await phone(browser, false);
    try {
      await page.goto('/expenses/new?method=scan');
      await expect
        .poll(() => page.getByTestId('camera-problem').textContent(), { timeout: 15_000 })
        .toContain('Camera access was refused');
      await page.getByText('Receipt code', { exact: true }).click();
      await page.getByRole('textbox', { name: 'Receipt code' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
