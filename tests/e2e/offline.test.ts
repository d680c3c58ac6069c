// After one visit the installed app opens without the server: the service worker serves the
// app and the stored session keeps the user signed in.
import { describe, expect, it } from 'vitest';
import { newContext } from './helpers/browser';
import { serverAndBrowser } from './helpers/suite';
import { activateSeededUser, signIn } from './helpers/session';

const suite = serverAndBrowser();

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
