// Signing in as people do it: the built app, the real server with its demo company, Chromium.
// Each test uses its own seeded person, so none depends on another.
import { describe, expect, it } from 'vitest';
import { newContext, PHONE } from './helpers/browser';
import { ADMIN_PASSWORD } from './helpers/server';
import { serverAndBrowser } from './helpers/suite';
import { activateSeededUser, newPassword, signIn } from './helpers/session';

const suite = serverAndBrowser();

describe('signing in', () => {
  it('makes a first sign-in choose a password, then opens the dashboard', async () => {
    const context = await newContext(suite.browser, suite.server.url);
    const page = await context.newPage();
    await page.goto('/profile');
    await page.waitForURL('**/login?next=%2Fprofile');

    await signIn(page, 'operator1', suite.server.logins.operator1!, page.url());
    await page.waitForURL('**/change-password?next=%2Fprofile');
    expect(await page.evaluate(() => localStorage.getItem('change-password'))).toBe('true');

    // Every other page leads back here until the password is changed.
    await page.goto('/dashboard');
    await page.waitForURL('**/change-password?next=%2Fdashboard');

    const password = newPassword();
    await page.getByLabel(/^New password/).fill(password);
    await page.getByLabel(/^Confirm the new password/).fill(`${password}x`);
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('Passwords do not match').waitFor();

    await page.getByLabel(/^Confirm the new password/).fill(password);
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.waitForURL('**/dashboard');
    expect(await page.getByTestId('company-name').textContent()).toBe('Duka Demo Ltd');
    await page.getByText('Operator', { exact: true }).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('change-password'))).toBe('false');

    // Signed out, the old password no longer works and the new one does.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeNull();
    await page.goto('/dashboard');
    await page.waitForURL('**/login?next=%2Fdashboard');
    await page.getByLabel(/^Username/).fill('operator1');
    await page.getByLabel(/^Password/).fill(suite.server.logins.operator1!);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Invalid credentials').waitFor();
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/dashboard');
    await context.close();
  });

  it('asks to log in again over a form whose session ended, and keeps what was typed', async () => {
    const password = await activateSeededUser(suite.server, 'operator2');
    const context = await newContext(suite.browser, suite.server.url, { viewport: PHONE });
    const page = await context.newPage();
    await signIn(page, 'operator2', password);
    await page.getByTestId('tour-skip').click();
    await page.goto('/profile');
    const mobile = page.getByLabel(/^Mobile number/);
    await mobile.fill('754123987');
    await page
      .getByLabel(/^Current password/)
      .first()
      .fill(password);

    // The session ends elsewhere: this phone's sign-in is ended on the server.
    const refreshToken = await page.evaluate(() => localStorage.getItem('refresh_token'));
    const ended = await fetch(`${suite.server.url}/api/v2/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: refreshToken }),
    });
    expect(ended.ok).toBe(true);
    await page.getByRole('button', { name: 'Save my details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in again' });
    await dialog.waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile');
    await dialog.getByLabel(/^Password/).fill(password);
    await dialog.getByRole('button', { name: 'Log in' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await mobile.inputValue()).toBe('754123987');

    await page.getByRole('button', { name: 'Save my details' }).click();
    await page.getByText('Your profile is saved.').waitFor();
    const token = await page.evaluate(() => localStorage.getItem('jwt'));
    const me = await fetch(`${suite.server.url}/api/v2/user/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await me.json()) as { mobile: string }).mobile).toBe('754123987');
    await context.close();
  });

  it('shows each role its navigation, on a phone through the menu button', async () => {
    const context = await newContext(suite.browser, suite.server.url, { viewport: PHONE });
    const page = await context.newPage();
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await page.waitForURL('**/dashboard');
    expect(await page.getByTestId('company-name').textContent()).toBe(
      'Risiti platform administration',
    );
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const menuRight = () => menu.evaluate((element) => element.getBoundingClientRect().right);
    expect(await menuRight()).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await expect.poll(menuRight).toBeGreaterThan(200);
    expect(await menu.getByRole('link').allTextContents()).toEqual([
      'Dashboard',
      'Potential clients',
      'Organizations',
      'Companies',
      'Operators',
      'Receipt reissuing',
      'Tax tips',
      'Payment',
      'What is new',
      'User manual',
      'API documentation',
      'Profile',
    ]);
    await menu.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL('**/profile');
    expect(await page.getByLabel(/^First name/).inputValue()).toBe('Platform');

    // A signed-in user who opens the login page is sent to the dashboard.
    await page.goto('/login');
    await page.waitForURL('**/dashboard');
    await context.close();
  });

  it('switches to Kiswahili and keeps it on the account', async () => {
    const password = await activateSeededUser(suite.server, 'owner');
    const context = await newContext(suite.browser, suite.server.url);
    const page = await context.newPage();
    await signIn(page, 'owner', password);
    await page.locator('header label', { hasText: 'Kiswahili' }).first().click();
    await page.getByText('Karibu, Asha').waitFor();
    await page.getByRole('link', { name: 'Wasifu' }).first().waitFor();

    // The account remembers it: a new phone (empty storage) opens in Kiswahili after sign-in.
    await expect
      .poll(async () => {
        const token = await page.evaluate(() => localStorage.getItem('jwt'));
        const response = await fetch(`${suite.server.url}/api/v2/user/me`, {
          headers: { authorization: `Bearer ${token}` },
        });
        return ((await response.json()) as { language: string }).language;
      })
      .toBe('sw');
    const otherPhone = await newContext(suite.browser, suite.server.url);
    const other = await otherPhone.newPage();
    await signIn(other, 'owner', password);
    await other.getByText('Karibu, Asha').waitFor();
    expect(await other.evaluate(() => document.documentElement.lang)).toBe('sw');
    await otherPhone.close();
    await context.close();
  });

  it("opens the public pages' menu on a phone and follows its links", async () => {
    const context = await newContext(suite.browser, suite.server.url, { viewport: PHONE });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Open the menu' }).click();
    const menu = page.getByRole('dialog');
    // The menu opens as the click is answered: its links are read once it shows them.
    await expect
      .poll(() => menu.getByRole('link').allTextContents())
      .toEqual(['Tax tips', 'Help', 'Contact us', 'Log in']);
    await menu.getByRole('link', { name: 'Tax tips' }).click();
    await page.waitForURL('**/tax-tips');
    await expect.poll(() => menu.count()).toBe(0);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await context.close();
  });

  it('scrolls a linked section 100 px below the top, clear of the header', async () => {
    const context = await newContext(suite.browser, suite.server.url);
    const page = await context.newPage();
    await page.goto('/tax-tips#vat-registration');
    const top = () =>
      page.locator('#vat-registration').evaluate((element) => element.getBoundingClientRect().top);
    await expect.poll(top).toBeCloseTo(100, 0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('link', { name: 'Keep your records for five years' }).click();
    await page.waitForURL('**/tax-tips#records');
    await expect
      .poll(() =>
        page.locator('#records').evaluate((element) => element.getBoundingClientRect().top),
      )
      .toBeCloseTo(100, 0);
    await context.close();
  });
});
