import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../src/stores/session';
import { json, stubServer } from './helpers/fetch';
import { accessToken } from './helpers/jwt';
import { renderApp } from './helpers/render-app';
import { signedIn, signedOut } from './helpers/session';

afterEach(async () => {
  vi.unstubAllGlobals();
  await signedOut();
});

const signInAgain = () => screen.queryByRole('dialog', { name: 'Log in again' });
const value = (label: RegExp) => (screen.getByLabelText(label) as HTMLInputElement).value;

/** The profile with a new mobile number typed, and a server that no longer renews the session. */
async function typedProfileUnderEndingSession() {
  const user = await signedIn();
  const renewed = accessToken();
  const server = stubServer({
    'GET /api/v2/user/me': () => json(200, user),
    'POST /api/v2/user/token/refresh': () =>
      json(401, { code: 'refresh_invalid', message: 'Your session has ended.' }),
    'POST /api/v2/login': async (request) => {
      const { username, password } = (await request.json()) as Record<string, string>;
      return username === 'juma' && password === 'Right-pass1'
        ? json(200, { token: renewed, refresh_token: 'refresh-2', user })
        : json(401, { code: 'invalid_credentials', message: 'Invalid credentials' });
    },
    'PUT /api/v2/user/me': async (request) =>
      request.headers.get('authorization') === `Bearer ${renewed}`
        ? json(200, { ...user, ...((await request.json()) as object), pendingEmail: null })
        : json(401, { code: 'token_expired', message: 'Token expired' }),
  });
  const view = await renderApp('/profile');
  const phone = await screen.findByLabelText(/^Mobile number/);
  await userEvent.clear(phone);
  await userEvent.type(phone, '754123456');
  await userEvent.type(screen.getAllByLabelText(/^Current password/)[0]!, 'Right-pass1');
  await userEvent.click(screen.getByRole('button', { name: 'Save my details' }));
  await screen.findByRole('dialog', { name: 'Log in again' });
  return { ...view, server, renewed };
}

describe('a session that ends under a form holding typing', () => {
  it('keeps the page and what was typed, and saves once the user signs in again', async () => {
    const { router, server, renewed } = await typedProfileUnderEndingSession();
    expect(router.state.location.pathname).toBe('/profile');
    expect(value(/^Mobile number/)).toBe('754123456');
    expect(screen.getByRole('dialog', { name: 'Log in again' }).textContent).toContain('juma');
    // The dialog says why; no toast repeats it.
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();

    await userEvent.type(screen.getByLabelText(/^Password/), 'Wrong-pass1');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByText('Invalid credentials');
    expect(signInAgain()).not.toBeNull();

    await userEvent.clear(screen.getByLabelText(/^Password/));
    await userEvent.type(screen.getByLabelText(/^Password/), 'Right-pass1');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(signInAgain()).toBeNull());
    expect(useSession.getState().token).toBe(renewed);
    expect(router.state.location.pathname).toBe('/profile');
    expect(value(/^Mobile number/)).toBe('754123456');

    await userEvent.click(screen.getByRole('button', { name: 'Save my details' }));
    await waitFor(() =>
      expect(
        server
          .calls('PUT', '/api/v2/user/me')
          .filter((call) => call.headers.get('authorization') === `Bearer ${renewed}`),
      ).toHaveLength(1),
    );
    const [saved] = server
      .calls('PUT', '/api/v2/user/me')
      .filter((call) => call.headers.get('authorization') === `Bearer ${renewed}`);
    expect(((await saved!.json()) as { mobile: string }).mobile).toBe('754123456');
  });

  it('goes to the sign-in page when the user chooses to leave what was typed', async () => {
    const { router } = await typedProfileUnderEndingSession();
    await userEvent.click(screen.getByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(useSession.getState().user).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
  });

  it('signs out as before when no form holds typing', async () => {
    await signedIn({}, { token: accessToken(Date.now() - 15 * 60_000 + 30_000) });
    stubServer({
      'GET /api/v2/user/me': () => json(401, { code: 'token_expired', message: 'Token expired' }),
      'POST /api/v2/user/token/refresh': () =>
        json(401, { code: 'refresh_invalid', message: 'Your session has ended.' }),
    });
    const { router } = await renderApp('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(signInAgain()).toBeNull();
  });
});
