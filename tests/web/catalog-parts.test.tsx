// A Swahili visitor's page loads only its parts of the catalog (src/i18n/catalog-parts.ts,
// scripts/split-catalog.mjs): every text of each sign-in and public page must be in them, or
// it would show in English. The sign-in pages come first, with nothing but what the router
// loads for them; the signed-in part is never loaded here. Their forms are also sent empty,
// and a sign-in fails where the app words the error itself: the messages under the fields and
// those errors come from the domain and src/api, and must be in the first part too.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../src/i18n/i18n';
import { stubServer } from './helpers/fetch';
import { renderApp } from './helpers/render-app';

const missing = new Set<string>();
i18n.on('missing', ({ id }) => missing.add(id));

const pages = [
  '/login',
  '/recover-password',
  '/otp-reset-password?verification=v',
  '/reset-password?verification=v',
  '/',
  '/help',
  '/help/FAQs',
  '/help/privacy-policy',
  '/help/license-agreement',
  '/contact-us',
  '/tax-tips',
  '/a-page-that-does-not-exist',
];

describe("a Swahili visitor's pages", () => {
  for (const path of pages) {
    it(`show ${path} in Swahili with the parts of the catalog the router loads`, async () => {
      missing.clear();
      await renderApp(path, 'sw', []);
      await screen.findAllByRole('heading', { level: 1 });
      expect([...missing]).toEqual([]);
    });
  }
});

describe("a Swahili visitor's forms", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const forms = [
    '/login',
    '/recover-password',
    '/otp-reset-password?verification=v',
    '/reset-password?verification=v',
    '/contact-us',
  ];
  for (const path of forms) {
    it(`say what is missing on ${path} in Swahili`, async () => {
      stubServer({});
      missing.clear();
      const { container } = await renderApp(path, 'sw', []);
      await screen.findAllByRole('heading', { level: 1 });
      await userEvent.click(container.querySelector('form button[type="submit"]')!);
      await waitFor(() =>
        expect(container.querySelectorAll('[id$="-error"]').length).toBeGreaterThan(0),
      );
      expect([...missing]).toEqual([]);
    });
  }

  // The server words its refusals in the visitor's language; the app words what never reached
  // it, and a failure that came without words.
  const failures = [
    ['the server cannot be reached', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['the server fails without a message', () => new Response('', { status: 500 })],
  ] as const;
  for (const [what, answer] of failures) {
    it(`say in Swahili when ${what} at sign-in`, async () => {
      stubServer({ 'POST /api/v2/login': answer });
      missing.clear();
      const { container } = await renderApp('/login', 'sw', []);
      await userEvent.type(container.querySelector('input[autocomplete="username"]')!, 'juma');
      await userEvent.type(
        container.querySelector('input[autocomplete="current-password"]')!,
        'Wrong-pass1',
      );
      await userEvent.click(container.querySelector('form button[type="submit"]')!);
      await screen.findByRole('alert');
      expect([...missing]).toEqual([]);
    });
  }
});

describe("a Swahili visitor's registration form", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  // The landing page loads its form once shown; the form is also a signed-in screen's.
  it('show the registration form on / in Swahili, and what is wrong when it is sent empty', async () => {
    stubServer({});
    missing.clear();
    await renderApp('/', 'sw', []);
    const form = await screen.findByRole('form', { name: 'Usajili' }, { timeout: 10_000 });
    await userEvent.click(within(form).getByRole('button', { name: 'Jisajili' }));
    await waitFor(() => expect(form.querySelectorAll('[id$="-error"]').length).toBeGreaterThan(0));
    // The notice, looked up by its role without computing every role of the long landing page
    // (whose maintenance notice is an alert too).
    await waitFor(() =>
      expect(
        [...document.querySelectorAll('[role="alert"]')].map((alert) => alert.textContent),
      ).toContainEqual(expect.stringContaining('Usajili umeshindikana')),
    );
    expect([...missing]).toEqual([]);
  });

  it('ask in Swahili before what was typed in it is left', async () => {
    stubServer({});
    missing.clear();
    const { router } = await renderApp('/', 'sw', []);
    const form = await screen.findByRole('form', { name: 'Usajili' }, { timeout: 10_000 });
    await userEvent.type(within(form).getByLabelText(/^Jina kamili/), 'Neema Mushi');
    await userEvent.click(document.querySelector<HTMLAnchorElement>('a[href="/login"]')!);
    await screen.findByRole('dialog', { name: 'Uondoke bila kuhifadhi?' });
    expect(router.state.location.pathname).toBe('/');
    await userEvent.click(screen.getByRole('button', { name: 'Endelea kuandika' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((within(form).getByLabelText(/^Jina kamili/) as HTMLInputElement).value).toBe(
      'Neema Mushi',
    );
    expect([...missing]).toEqual([]);
  });
});
