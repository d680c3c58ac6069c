// A Swahili visitor who signs in has loaded the catalog's first part only (the sign-in page's);
// the router then loads the signed-in part. Words the signed-in screens share with the public
// pages ("Invoices", the menu's button) must be in it too, or the app would show them in English
// until the next start. In a file of its own: a part loaded by an earlier test stays loaded.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { i18n } from '../../src/i18n/i18n';
import { json, stubServer } from './helpers/fetch';
import { accessToken } from './helpers/jwt';
import { renderApp } from './helpers/render-app';
import { sessionUser, signedOut } from './helpers/session';

const missing = new Set<string>();
i18n.on('missing', ({ id }) => missing.add(id));

afterEach(async () => {
  vi.unstubAllGlobals();
  await signedOut();
});

it('shows the signed-in menu in Swahili to a Swahili visitor who signs in at /login', async () => {
  const user = sessionUser({ role: 'company_owner', user_type: 'company_owner', language: 'sw' });
  stubServer({
    'POST /api/v2/login': () => json(200, { token: accessToken(), refresh_token: 'r1', user }),
    'GET /api/v2/user/me': () => json(200, user),
  });
  const { router } = await renderApp('/login', 'sw', []);
  await userEvent.type(await screen.findByLabelText(/^Jina la mtumiaji/), 'juma');
  await userEvent.type(screen.getByLabelText(/^Nenosiri/), 'Right-pass1');
  await userEvent.click(screen.getByRole('button', { name: 'Ingia' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  const menu = await screen.findByRole('navigation', { name: 'Menyu kuu' });
  expect(within(menu).getByRole('link', { name: 'Ankara' })).toBeTruthy();
  expect([...missing]).toEqual([]);
});
