import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signOut } from '../../src/features/account/session';
import { i18n } from '../../src/i18n/i18n';
import { saveUnsavedLanguage, switchLanguage } from '../../src/i18n/language';
import { json, stubServer } from './helpers/fetch';
import { accessToken } from './helpers/jwt';
import { renderApp } from './helpers/render-app';
import { sessionUser, signedIn, signedOut } from './helpers/session';

afterEach(async () => {
  vi.unstubAllGlobals();
  await signedOut();
});

async function logIn() {
  await userEvent.type(screen.getByLabelText(/^(Username|Jina la mtumiaji)/), 'juma');
  await userEvent.type(screen.getByLabelText(/^(Password|Nenosiri)/), 'Right-pass1');
  await userEvent.click(screen.getByRole('button', { name: /^(Log in|Ingia)$/ }));
}

describe('the language', () => {
  it("follows the account at sign-in when this device's choice is not newer", async () => {
    const user = sessionUser({ language: 'sw' });
    stubServer({
      'POST /api/v2/login': () => json(200, { token: accessToken(), refresh_token: 'r1', user }),
      'GET /api/v2/user/me': () => json(200, user),
    });
    const { router } = await renderApp('/login');
    await logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    await screen.findByText('Karibu, Juma');
    expect(localStorage.getItem('language')).toBe('sw');
  });

  it('saves a choice made on the login page on the account that signs in', async () => {
    const user = sessionUser({ language: 'en' });
    const server = stubServer({
      'POST /api/v2/login': () => json(200, { token: accessToken(), refresh_token: 'r1', user }),
      'PUT /api/v2/user/language': async (request) =>
        json(200, { ...user, ...((await request.json()) as object) }),
      'GET /api/v2/user/me': () => json(200, user),
    });
    const { router } = await renderApp('/login');
    await userEvent.click(screen.getByText('Kiswahili'));
    await screen.findByRole('heading', { name: 'Ingia' });
    await logIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    await waitFor(() => expect(server.calls('PUT', '/api/v2/user/language')).toHaveLength(1));
    expect(await server.calls('PUT', '/api/v2/user/language')[0]!.json()).toEqual({
      language: 'sw',
    });
    await screen.findByText('Karibu, Juma');
    expect(localStorage.getItem('language-unsaved')).toBeNull();
  });

  it('keeps a choice made offline and sends it when the server answers', async () => {
    await signedIn({ language: 'en' });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await switchLanguage('sw');
    expect(i18n.locale).toBe('sw');
    expect(localStorage.getItem('language-unsaved')).toBe('sw');
    expect(JSON.parse(localStorage.getItem('user')!).language).toBe('sw');

    const server = stubServer({
      'PUT /api/v2/user/language': () => json(200, sessionUser({ language: 'sw' })),
    });
    await saveUnsavedLanguage();
    expect(server.calls('PUT', '/api/v2/user/language')).toHaveLength(1);
    expect(localStorage.getItem('language-unsaved')).toBeNull();
  });

  it('forgets an unsaved choice at sign-out, so the next person gets their own', async () => {
    await signedIn();
    stubServer({ 'POST /api/v2/logout': () => new Response(null, { status: 204 }) });
    localStorage.setItem('language-unsaved', 'sw');
    await signOut();
    expect(localStorage.getItem('language-unsaved')).toBeNull();
    await switchLanguage('en');
  });
});
