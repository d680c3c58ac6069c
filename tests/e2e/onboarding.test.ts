// A new business brought on entirely through the screens, in the built app on the real server
// with its built-in TRA simulator: the business registers on the landing page; the platform
// admin sets it up from the request (organization, company with TRA's certificate, owner); the
// owner, invited by email, chooses a password and adds an operator; the operator, invited too,
// chooses a password and issues the company's first invoice, accepted by TRA. Once on a 360 px
// phone and once on a desktop. Pictures of each step go to ONBOARDING_SHOTS (or a temp folder).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, newContext, PHONE } from './helpers/browser';
import { fillInvoice, submitOpenInvoice } from './helpers/invoices';
import { latestMailTo } from './helpers/mail';
import { ADMIN_PASSWORD, startServer, type E2EServer } from './helpers/server';
import { newPassword, signIn } from './helpers/session';

const SIM_TOKEN = `sim-${crypto.randomBytes(8).toString('hex')}`;
let server: E2EServer;
let browser: Browser;
const shots =
  process.env.ONBOARDING_SHOTS ?? fs.mkdtempSync(path.join(os.tmpdir(), 'risiti-onboarding-'));
fs.mkdirSync(shots, { recursive: true });

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ TRA_SIM_ADMIN_TOKEN: SIM_TOKEN }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const digits = (n: number) => Array.from({ length: n }, () => crypto.randomInt(0, 10)).join('');

/** What TRA does outside Risiti: it issues the business a certificate for its VFD serial. */
async function certificateFromTra(business: { serial: string; tin: string; name: string }) {
  const response = await fetch(`${server.url}/tra-sim/admin/taxpayers`, {
    method: 'POST',
    headers: { authorization: `Bearer ${SIM_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      serial: business.serial,
      tin: business.tin,
      name: business.name,
      mobile: '255754123456',
      address: 'Mtaa wa Uhuru, Moshi',
    }),
  });
  expect(response.status).toBe(201);
  const issued = (await response.json()) as { pfx: string; password: string };
  const file = path.join(shots, `${business.serial}.pfx`);
  fs.writeFileSync(file, Buffer.from(issued.pfx, 'base64'));
  return { file, password: issued.password };
}

function oneTimePassword(text: string): string {
  const match = /One-time password: (\S+)/.exec(text);
  if (!match) throw new Error(`No one-time password in: ${text}`);
  return match[1]!;
}

async function choosePassword(page: Page): Promise<string> {
  await page.waitForURL('**/change-password**');
  const password = newPassword();
  await page.getByLabel(/^New password/).fill(password);
  await page.getByLabel(/^Confirm the new password/).fill(password);
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.waitForURL('**/dashboard');
  return password;
}

/** Nothing is wider than the screen (no sideways scrolling on a phone). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

async function bringOn(size: 'phone' | 'desktop') {
  const viewport = size === 'phone' ? PHONE : DESKTOP;
  const tag = `${size}-${digits(4)}`;
  const business = {
    fullName: 'Neema Joseph Mushi',
    email: `neema.${tag}@duka.co.tz`,
    companyName: `Duka la Neema ${tag}`,
    tin: digits(9),
    serial: `10TZ${digits(6)}`,
  };
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: path.join(shots, `${size}-${name}.png`), fullPage: true });

  // 1. The business registers on the landing page, without an account.
  const visitor = await newContext(browser, server.url, { viewport });
  const landing = await visitor.newPage();
  await landing.goto('/#register');
  const form = landing.getByRole('form', { name: 'Registration' });
  await form.getByLabel(/^Full name/).fill(business.fullName);
  await form.getByLabel(/^Email/).fill(business.email);
  await form.getByLabel(/^Phone/).fill('754123456');
  await form.getByLabel(/^Company name/).fill(business.companyName);
  await form.getByLabel(/^TIN/).fill(business.tin);
  // A tap on Sign in by mistake asks first, in a dialog laid out as the app's are.
  await landing.locator('a[href="/login"]:visible').first().click();
  const question = landing.getByRole('dialog', { name: 'Leave without saving?' });
  await question.waitFor();
  const box = (await question.boundingBox())!;
  expect(box.x).toBeGreaterThan(0);
  expect(box.y).toBeGreaterThan(0);
  expect(box.x + box.width).toBeLessThan(viewport.width);
  await question.getByRole('button', { name: 'Keep typing' }).click();
  await question.waitFor({ state: 'hidden' });
  expect(await form.getByLabel(/^TIN/).inputValue()).toBe(business.tin);
  await form.getByRole('button', { name: 'Register' }).click();
  await landing.getByTestId('registration-received').waitFor();
  expect(await landing.getByTestId('registration-received').textContent()).toContain(
    'within 2 working days',
  );
  await expectNoSidewaysScroll(landing);
  await shot(landing, '1-registered');
  const adminMail = await latestMailTo(server.dataDir, 'admin@risiti.local');
  expect(adminMail.subject).toBe(`New registration request: ${business.companyName}`);
  await visitor.close();

  // 2. The platform admin sets the business up from the request, with TRA's certificate.
  const certificate = await certificateFromTra({
    serial: business.serial,
    tin: business.tin,
    name: business.companyName,
  });
  const adminContext = await newContext(browser, server.url, { viewport });
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin', ADMIN_PASSWORD);
  await admin.goto('/potential-clients');
  const request = admin.getByTestId('request-row').filter({ hasText: business.companyName });
  await request.getByTestId('set-up').click();
  await admin.getByLabel(/^Address/).fill('Mtaa wa Uhuru, Moshi');
  await admin.getByLabel(/^VFD serial number/).fill(business.serial.toLowerCase());
  await admin.locator('input[type="file"]').setInputFiles(certificate.file);
  await admin.getByLabel(/^Certificate password/).fill(certificate.password);
  await expectNoSidewaysScroll(admin);
  await shot(admin, '2-set-up-form');
  await admin.getByRole('button', { name: 'Set up the business' }).click();
  await admin.getByTestId('setup-done').waitFor({ timeout: 30_000 });
  await admin.getByTestId('certificate-installed').waitFor();
  const ownerUsername = business.email.split('@')[0]!;
  expect(await admin.getByTestId('setup-done').textContent()).toContain(ownerUsername);
  await shot(admin, '3-set-up-done');
  await admin.getByRole('link', { name: 'Open the company' }).click();
  expect(await admin.getByTestId('vfd-status').textContent()).toBe('Registered with TRA');
  // A detail typed wrong is corrected on the company's page; TRA's TIN stays as registered.
  await admin.getByRole('button', { name: 'Edit details' }).click();
  const edit = admin.getByRole('dialog', { name: `Edit ${business.companyName}` });
  await edit.getByLabel(/^Address/).fill('Mtaa wa Uhuru 12, Moshi');
  await edit.getByLabel(/^TIN/).fill('999888777');
  await edit.getByRole('button', { name: 'Save' }).click();
  await edit
    .getByText('TIN and VFD serial cannot be changed after the VFD is registered with TRA')
    .first()
    .waitFor();
  await edit.getByLabel(/^TIN/).fill(business.tin);
  await edit.getByRole('button', { name: 'Save' }).click();
  await edit.waitFor({ state: 'detached' });
  await admin.getByText('Mtaa wa Uhuru 12, Moshi').waitFor();
  await adminContext.close();

  // 3. The owner, invited by email, chooses a password and adds an operator.
  const ownerMail = await latestMailTo(server.dataDir, business.email);
  expect(ownerMail.subject).toBe(`Your Risiti account for ${business.companyName}`);
  const ownerContext = await newContext(browser, server.url, { viewport });
  const owner = await ownerContext.newPage();
  await signIn(owner, ownerUsername, oneTimePassword(ownerMail.text ?? ''));
  await choosePassword(owner);
  await owner.goto('/operator');
  await owner.getByRole('button', { name: 'New operator' }).click();
  const dialog = owner.getByRole('dialog');
  const operator = { username: `juma-${tag}`, email: `juma.${tag}@duka.co.tz` };
  await dialog.getByLabel(/^First name/).fill('Juma');
  await dialog.getByLabel(/^Last name/).fill('Hassan');
  await dialog.getByLabel(/^Username/).fill(operator.username);
  await dialog.getByLabel(/^Email/).fill(operator.email);
  await dialog.getByLabel(/^Mobile number/).fill('713000111');
  await shot(owner, '4-new-operator');
  await dialog.getByRole('button', { name: 'Create and invite' }).click();
  const row = owner.getByTestId('person-row').filter({ hasText: operator.username });
  await row.waitFor();
  expect(await row.textContent()).toContain('Invited');
  // A question about one person names that person.
  await row.getByTestId('person-actions').click();
  await owner.getByRole('menuitem', { name: 'Send the invitation again' }).click();
  await owner
    .getByRole('dialog', { name: 'Send Juma Hassan a new invitation?' })
    .getByRole('button', { name: 'Go back' })
    .click();
  await owner.getByRole('dialog').waitFor({ state: 'detached' });
  await expectNoSidewaysScroll(owner);
  await shot(owner, '5-operators');

  // 4. The operator signs in with the one-time password, chooses one, issues an invoice.
  const operatorMail = await latestMailTo(server.dataDir, operator.email);
  const operatorContext = await newContext(browser, server.url, { viewport });
  const counter = await operatorContext.newPage();
  await signIn(counter, operator.username, oneTimePassword(operatorMail.text ?? ''));
  await choosePassword(counter);
  expect(await counter.getByTestId('company-name').textContent()).toBe(business.companyName);
  await counter.goto('/new-invoice');
  await fillInvoice(counter, [{ description: 'Mchele kilo 5', quantity: '2', price: '9,000' }], {
    customer: 'Mama Asha',
    paid: '18,000',
  });
  await submitOpenInvoice(counter);
  await counter.getByTestId('invoice-issued').waitFor({ timeout: 20_000 });
  await expectNoSidewaysScroll(counter);
  await shot(counter, '6-first-invoice-issued');

  // The owner's company page now shows the receipt TRA accepted.
  await owner.goto('/company');
  await owner.getByTestId('vfd-last-receipt').filter({ hasText: 'accepted by TRA' }).waitFor({
    timeout: 20_000,
  });
  await shot(owner, '7-company-vfd');
  await ownerContext.close();
  await operatorContext.close();

  // 5. The platform admin works in the new company: its invoices and products are there.
  const backContext = await newContext(browser, server.url, { viewport });
  const back = await backContext.newPage();
  await signIn(back, 'admin', ADMIN_PASSWORD);
  await back.goto('/invoices');
  await back.waitForURL('**/choose-company**');
  await back.getByLabel(/^Search/).fill(business.tin);
  // The search's answer replaces the list: the row is picked once it is the only one, not where
  // it stood before the answer, below the companies whose names come first.
  await expect.poll(() => back.getByTestId('pick-company').count()).toBe(1);
  await back.getByTestId('pick-company').filter({ hasText: business.companyName }).click();
  await back.waitForURL('**/invoices');
  await back
    .getByTestId('invoice-row')
    .filter({ hasText: 'Mama Asha' })
    .waitFor({ timeout: 20_000 });
  await expectNoSidewaysScroll(back);
  await shot(back, '8-admin-in-company');
  await backContext.close();
}

describe('bringing a new business on', () => {
  it('from its registration to its first issued invoice, on a 360 px phone', async () => {
    await bringOn('phone');
  });

  it('from its registration to its first issued invoice, on a desktop', async () => {
    await bringOn('desktop');
  });
});
