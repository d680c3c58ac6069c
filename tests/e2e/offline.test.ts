// After one visit the installed app opens without the server: the service worker serves the
// app and the stored session keeps the user signed in. The same worker shows a push
// notification the server sends, with the app's pages closed.
import { describe, expect, it } from 'vitest';
import { newContext } from './helpers/browser';
import { serverAndBrowser } from './helpers/suite';
import { activateSeededUser, signIn } from './helpers/session';

const suite = serverAndBrowser();

describe('push notifications', () => {
  it('are shown by the service worker as the server wrote them', async () => {
    const password = await activateSeededUser(suite.server, 'operator1');
    const context = await newContext(suite.browser, suite.server.url);
    await context.grantPermissions(['notifications'], { origin: suite.server.url });
    const page = await context.newPage();
    await signIn(page, 'operator1', password);
    await page.goto('/profile');
    // The worker may still be installing on this first visit: the card waits for it.
    await expect
      .poll(() => page.getByTestId('notifications-card').getAttribute('data-state'), {
        timeout: 15_000,
      })
      .toBe('off');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // What a push service delivers, handed to the worker by the browser's own test hook.
    const cdp = await context.newCDPSession(page);
    let registrationId: string | undefined;
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find(
        (registration) =>
          registration.scopeURL === `${suite.server.url}/` && !registration.isDeleted,
      );
      if (ours) registrationId = ours.registrationId;
    });
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => registrationId).toBeDefined();
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: suite.server.url,
      registrationId: registrationId!,
      data: JSON.stringify({
        title: 'TRA refused a receipt',
        body: 'The receipt of Neema Joseph was refused.',
        url: '/invoices',
        tag: 'refused-1',
      }),
    });
    await expect
      .poll(() =>
        page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((shown) => ({
            title: shown.title,
            body: shown.body,
            data: shown.data as unknown,
          })),
        ),
      )
      .toEqual([
        {
          title: 'TRA refused a receipt',
          body: 'The receipt of Neema Joseph was refused.',
          data: { url: '/invoices' },
        },
      ]);
    await context.close();
  });
});

describe('offline', () => {
  it('reopens signed in on the dashboard and the profile with no server', async () => {
    const password = await activateSeededUser(suite.server, 'owner');
    const context = await newContext(suite.browser, suite.server.url);
    const page = await context.newPage();
    await signIn(page, 'owner', password);
    await page.waitForURL('**/dashboard');
    await page.getByTestId('company-name').waitFor();
    // The worker has precached the app once it is active.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const manifest = await (await fetch(`${suite.server.url}/manifest.webmanifest`)).json();
    expect(manifest).toMatchObject({
      name: 'Risiti',
      display: 'standalone',
      theme_color: '#0b7a53',
    });

    await suite.server.stop();
    await context.setOffline(true);

    await page.reload();
    expect(await page.getByTestId('company-name').textContent()).toBe('Duka Demo Ltd');
    await page.getByRole('status').filter({ hasText: 'Offline' }).waitFor();

    await page.goto('/profile');
    expect(await page.getByLabel(/^First name/).inputValue()).toBe('Asha');
    expect(await page.getByLabel(/^Email/).inputValue()).toBe('owner@duka-demo.co.tz');

    // Pages never opened before come from the precache too.
    await page.goto('/tax-tips');
    await page.getByRole('heading', { name: 'When to register for VAT' }).waitFor();
    await page.goto('/dashboard');
    expect(await page.getByTestId('company-name').textContent()).toBe('Duka Demo Ltd');
    await context.close();
  });
});
