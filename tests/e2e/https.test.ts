// The app served over HTTPS by the server itself (TLS_CERT_FILE, TLS_KEY_FILE), as a shop
// that installs it reaches it: the browser speaks HTTP/2 to it, and the whole main job works,
// from signing in to an invoice issued by TRA, with no request refused or broken on the way,
// and the installed app opening again with no connection. The certificate is made for the
// test: Chromium is told to trust it by its key's hash, as it would a real one (a certificate
// error would also keep the service worker out).
import crypto from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateFiles } from '../helpers/certificate';
import { launchBrowser, newContext, PHONE } from './helpers/browser';
import { fillInvoice, submitOpenInvoice } from './helpers/invoices';
import { startServer, type E2EServer } from './helpers/server';
import { newPassword, signIn } from './helpers/session';

let server: E2EServer;
let browser: Browser;
let certificate: ReturnType<typeof certificateFiles> | undefined;

beforeAll(async () => {
  certificate = certificateFiles();
  const spki = crypto
    .createHash('sha256')
    .update(crypto.createPublicKey(certificate.cert).export({ type: 'spki', format: 'der' }))
    .digest('base64');
  [server, browser] = await Promise.all([
    startServer({ TLS_CERT_FILE: certificate.certFile, TLS_KEY_FILE: certificate.keyFile }),
    launchBrowser([`--ignore-certificate-errors-spki-list=${spki}`]),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  certificate?.remove();
});

/** The seeded operator's first password changed through the API, from the page's origin. */
async function activate(page: Page, username: string): Promise<string> {
  const password = newPassword();
  const status = await page.evaluate(
    async ({ username, first, password }) => {
      const post = (url: string, body: unknown, token?: string) =>
        fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify(body),
        });
      const login = await post('/api/v2/login', { username, password: first });
      const { token } = (await login.json()) as { token: string };
      const changed = await post(
        '/api/v2/user/first-password',
        { newPassword: password, confirmPassword: password },
        token,
      );
      return changed.status;
    },
    { username, first: server.logins[username]!, password },
  );
  expect(status).toBeLessThan(300);
  return password;
}

describe('the app over HTTPS', () => {
  it('is served over HTTP/2, issues an invoice with no request refused, and opens offline', async () => {
    expect(server.url).toMatch(/^https:/);
    const context = await newContext(browser, server.url, { viewport: PHONE });
    const page = await context.newPage();
    const broken: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 500) broken.push(`${response.status()} ${response.url()}`);
    });
    page.on('requestfailed', (request) => {
      // Leaving a page cancels its open wait for changes; that is not a failure.
      if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
      broken.push(`${request.failure()?.errorText} ${request.url()}`);
    });
    page.on('pageerror', (error) => broken.push(`page error: ${error.message}`));

    await page.goto('/login');
    const protocols = () =>
      page.evaluate(() => [
        ...new Set(
          (performance.getEntriesByType('navigation') as PerformanceResourceTiming[])
            .concat(performance.getEntriesByType('resource') as PerformanceResourceTiming[])
            .map((entry) => entry.nextHopProtocol),
        ),
      ]);
    expect(await protocols()).toEqual(['h2']);

    const password = await activate(page, 'operator1');
    await signIn(page, 'operator1', password);
    await page.waitForURL('**/dashboard');
    await page.goto('/new-invoice');
    await fillInvoice(page, [{ description: 'Sabuni ya kufulia', quantity: '2', price: '1,500' }], {
      customer: 'Asha Mwinyi',
    });
    await submitOpenInvoice(page);
    await page.getByTestId('invoice-issued').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('receipt-number').first().textContent()).toMatch(/^\d+$/);

    // Everything the pages asked for, the API's calls included, went over HTTP/2.
    expect(await protocols()).toEqual(['h2']);
    expect(broken).toEqual([]);

    // Installed from this HTTPS address, the app opens again with no connection.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.goto('/dashboard');
    await page.getByTestId('company-name').waitFor();
    await context.setOffline(true);
    await page.reload();
    expect(await page.getByTestId('company-name').textContent()).toBe('Duka Demo Ltd');
    await context.close();
  });
});
