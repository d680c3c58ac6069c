import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../src/stores/session';
import { json, stubServer } from './helpers/fetch';
import { accessToken } from './helpers/jwt';
import { renderApp } from './helpers/render-app';
import { sessionUser, signedIn, signedOut } from './helpers/session';

afterEach(async () => {
  vi.unstubAllGlobals();
  await signedOut();
});

const submit = (name: RegExp | string) => userEvent.click(screen.getByRole('button', { name }));

/** The message Mantine shows under an input, found through the input's label. */
async function fieldError(label: RegExp | string | HTMLElement): Promise<string | null> {
  const input = label instanceof HTMLElement ? label : screen.getByLabelText(label);
  const id = input.getAttribute('aria-describedby') ?? '';
  const describedBy = id
    .split(' ')
    .map((part) => document.getElementById(part))
    .find((element) => element?.id.includes('error'));
  return describedBy?.textContent ?? null;
}

describe('log in', () => {
  it('names the missing fields before calling the server', async () => {
    const server = stubServer({});
    await renderApp('/login');
    await submit('Log in');
    expect(await fieldError(/^Username/)).toBe('Username is required');
    expect(await fieldError(/^Password/)).toBe('Password is required');
    expect(server.calls('POST', '/api/v2/login')).toHaveLength(0);

    // Typing in a field takes its message away; the other field keeps its own.
    await userEvent.type(screen.getByLabelText(/^Username/), 'juma');
    expect(await fieldError(/^Username/)).toBeNull();
    expect(await fieldError(/^Password/)).toBe('Password is required');
  });

  it('says so in Kiswahili', async () => {
    stubServer({});
    await renderApp('/login', 'sw');
    await submit('Ingia');
    expect(await fieldError(/^Jina la mtumiaji/)).toBe('Jina la mtumiaji linahitajika');
    expect(await fieldError(/^Nenosiri/)).toBe('Nenosiri linahitajika');
  });

  it("shows the server's message for wrong credentials and keeps what was typed", async () => {
    stubServer({
      'POST /api/v2/login': () =>
        json(401, { code: 'invalid_credentials', message: 'Invalid credentials' }),
    });
    await renderApp('/login');
    await userEvent.type(screen.getByLabelText(/^Username/), 'juma');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Wrong-pass1');
    await submit('Log in');
    await screen.findByText('Invalid credentials');
    expect((screen.getByLabelText(/^Username/) as HTMLInputElement).value).toBe('juma');
    expect(useSession.getState().user).toBeNull();
  });

  it('takes the error of a failed attempt away once a correct sign-in opens the next page', async () => {
    const user = sessionUser();
    let attempt = 0;
    stubServer({
      'POST /api/v2/login': () =>
        ++attempt === 1
          ? json(401, { code: 'invalid_credentials', message: 'Invalid credentials' })
          : json(200, { token: accessToken(), refresh_token: 'r1', user }),
      'GET /api/v2/user/me': () => json(200, user),
    });
    const { router } = await renderApp('/login?next=%2Fprofile');
    await userEvent.type(screen.getByLabelText(/^Username/), 'juma');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Wrong-pass1');
    await submit('Log in');
    await screen.findByText('Invalid credentials');

    // The user takes a few seconds to type the right password.
    const later = Date.now() + 5000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    await userEvent.clear(screen.getByLabelText(/^Password/));
    await userEvent.type(screen.getByLabelText(/^Password/), 'Right-pass1');
    await submit('Log in');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    await waitFor(() => expect(screen.queryByText('Invalid credentials')).toBeNull());
    vi.restoreAllMocks();
  });

  it('opens the page that sent the user to log in', async () => {
    const user = sessionUser();
    stubServer({
      'POST /api/v2/login': () => json(200, { token: accessToken(), refresh_token: 'r1', user }),
      'GET /api/v2/user/me': () => json(200, user),
    });
    const { router } = await renderApp('/login?next=%2Fprofile');
    await userEvent.type(screen.getByLabelText(/^Username/), 'juma');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Right-pass1');
    await submit('Log in');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(localStorage.getItem('jwt')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ id: user.id });
  });

  it('sends a first sign-in to choose a password, then to where it was going', async () => {
    const user = sessionUser({ changePassword: true });
    const server = stubServer({
      'POST /api/v2/login': () => json(200, { token: accessToken(), refresh_token: 'r1', user }),
      'POST /api/v2/user/first-password': () =>
        json(200, {
          token: accessToken(),
          refresh_token: 'r2',
          user: { ...user, changePassword: false },
        }),
      'GET /api/v2/user/me': () => json(200, user),
    });
    const { router } = await renderApp('/login?next=%2Fprofile');
    await userEvent.type(screen.getByLabelText(/^Username/), 'juma');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Given-pass1');
    await submit('Log in');
    await waitFor(() => expect(router.state.location.pathname).toBe('/change-password'));
    expect(localStorage.getItem('change-password')).toBe('true');

    await userEvent.type(await screen.findByLabelText(/^New password/), 'short');
    await userEvent.type(screen.getByLabelText(/^Confirm the new password/), 'other');
    await submit('Save and continue');
    expect(await fieldError(/^New password/)).toBe('Password must be 6 to 20 characters');
    await userEvent.clear(screen.getByLabelText(/^New password/));
    await userEvent.type(screen.getByLabelText(/^New password/), 'longenough');
    await submit('Save and continue');
    expect(await fieldError(/^New password/)).toBe(
      'Password needs a capital letter, a small letter, a digit and a special character',
    );
    await userEvent.clear(screen.getByLabelText(/^New password/));
    await userEvent.type(screen.getByLabelText(/^New password/), 'Mine-pass7');
    await submit('Save and continue');
    expect(await fieldError(/^Confirm the new password/)).toBe('Passwords do not match');
    expect(server.calls('POST', '/api/v2/user/first-password')).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText(/^Confirm the new password/));
    await userEvent.type(screen.getByLabelText(/^Confirm the new password/), 'Mine-pass7');
    await submit('Save and continue');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    expect(await server.calls('POST', '/api/v2/user/first-password')[0]!.json()).toEqual({
      newPassword: 'Mine-pass7',
      confirmPassword: 'Mine-pass7',
    });
    expect(localStorage.getItem('change-password')).toBe('false');
    expect(localStorage.getItem('refresh_token')).toBe('r2');
  });
});

describe('profile', () => {
  const details = () => within(screen.getByRole('region', { name: 'Your details' }));
  const currentPassword = () => details().getByLabelText(/^Current password/);

  it('checks the phone and the email confirmation, then shows what the server refuses', async () => {
    const user = await signedIn();
    const server = stubServer({
      'GET /api/v2/user/me': () => json(200, user),
      'PUT /api/v2/user/me': () =>
        json(400, {
          code: 'current_password_invalid',
          message: 'Current password invalid!',
          fields: { currentPassword: 'Current password invalid!' },
        }),
    });
    await renderApp('/profile');
    const phone = await screen.findByLabelText(/^Mobile number/);
    expect(details().queryByLabelText(/^Current password/)).toBeNull();
    await userEvent.clear(phone);
    await userEvent.type(phone, '0754');
    await userEvent.clear(screen.getByLabelText(/^Email/));
    await userEvent.type(screen.getByLabelText(/^Email/), 'asha@duka.co.tz');
    await submit('Save my details');
    expect(await fieldError(/^Mobile number/)).toBe('Please enter a valid phone number');
    expect(await fieldError(/^Confirm the email/)).toBe('The email confirmation does not match');
    expect(server.calls('PUT', '/api/v2/user/me')).toHaveLength(0);

    // Typed as people write it, it is kept as its nine digits (not cut at nine characters).
    await userEvent.clear(phone);
    await userEvent.type(phone, '0754 123 456');
    expect((phone as HTMLInputElement).value).toBe('754123456');
    await userEvent.clear(phone);
    await userEvent.type(phone, '+255 754 123 456');
    expect((phone as HTMLInputElement).value).toBe('754123456');
    await userEvent.clear(screen.getByLabelText(/^Confirm the email/));
    await userEvent.type(screen.getByLabelText(/^Confirm the email/), 'asha@duka.co.tz');
    await submit('Save my details');
    expect(await fieldError(currentPassword())).toBe('Current password is required');
    expect(server.calls('PUT', '/api/v2/user/me')).toHaveLength(0);

    await userEvent.type(currentPassword(), 'Wrong-pass1');
    await submit('Save my details');
    await waitFor(() =>
      expect(fieldError(currentPassword())).resolves.toBe('Current password invalid!'),
    );
    // Said once, under the field, which takes the focus: no toast to cover the Save button.
    expect(screen.getAllByText('Current password invalid!')).toHaveLength(1);
    expect(document.activeElement).toBe(currentPassword());
    expect((screen.getByLabelText(/^Mobile number/) as HTMLInputElement).value).toBe('754123456');
  });

  it('changes the sign-in email once the code mailed to it is entered', async () => {
    const user = await signedIn();
    const server = stubServer({
      'GET /api/v2/user/me': () => json(200, user),
      'PUT /api/v2/user/me': () => json(200, { ...user, pendingEmail: 'asha@duka.co.tz' }),
      'POST /api/v2/user/email/confirm': async (request) => {
        const { code } = (await request.json()) as { code: string };
        return code === '123456'
          ? json(200, { ...user, email: 'asha@duka.co.tz' })
          : json(400, {
              code: 'otp_incorrect',
              message: 'Incorrect OTP. Please check the code and try again.',
              fields: { code: 'Incorrect OTP. Please check the code and try again.' },
            });
      },
    });
    await renderApp('/profile');
    for (const label of [/^Email/, /^Confirm the email/]) {
      await userEvent.clear(await screen.findByLabelText(label));
      await userEvent.type(screen.getByLabelText(label), 'asha@duka.co.tz');
    }
    await userEvent.type(currentPassword(), 'Mine-pass7');
    await submit('Save my details');
    await screen.findByText('Confirm your new email');
    expect(await server.calls('PUT', '/api/v2/user/me')[0]!.json()).toMatchObject({
      email: 'asha@duka.co.tz',
      currentPassword: 'Mine-pass7',
    });
    // Until the code comes back, the form shows the email the account still has.
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe(user.email);

    const [first] = screen.getAllByLabelText('6-digit code');
    await userEvent.click(first!);
    await userEvent.keyboard('654321');
    await submit('Confirm the new email');
    expect(
      (await screen.findAllByText('Incorrect OTP. Please check the code and try again.')).length,
    ).toBeGreaterThan(0);

    await userEvent.click(screen.getAllByLabelText('6-digit code')[0]!);
    await userEvent.keyboard('123456');
    await submit('Confirm the new email');
    await screen.findByText('Your sign-in email is now asha@duka.co.tz.');
    expect(screen.queryByText('Confirm your new email')).toBeNull();
    expect(useSession.getState().user?.email).toBe('asha@duka.co.tz');
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('asha@duka.co.tz');
  });

  it('requires the current password and the rules for the new one', async () => {
    const user = await signedIn();
    stubServer({ 'GET /api/v2/user/me': () => json(200, user) });
    await renderApp('/profile');
    await screen.findByLabelText(/^Current password/);
    await submit(/^Change password$/);
    expect(await fieldError(/^Current password/)).toBe('Current password is required');
    expect(await fieldError(/^New password/)).toBe('New password is required');
  });
});

describe('password recovery', () => {
  it('asks for the 6-digit code and explains a blocked code', async () => {
    stubServer({
      'POST /api/v2/password/verify': async (request) => {
        const { code } = (await request.json()) as { code: string };
        return code === '111111'
          ? json(400, {
              code: 'otp_incorrect_last',
              message: 'Incorrect OTP again. You have one attempt left before the code is blocked.',
              fields: {
                code: 'Incorrect OTP again. You have one attempt left before the code is blocked.',
              },
            })
          : json(429, {
              code: 'otp_attempts_exceeded',
              message: 'You have exceeded the maximum attempts (3)',
            });
      },
    });
    await renderApp('/otp-reset-password?verification=abc123');
    await screen.findByText('Enter the code', { selector: 'h1' });
    await submit('Check the code');
    await screen.findByText('Enter the 6-digit code');

    const [first] = screen.getAllByRole('textbox');
    await userEvent.click(first!);
    await userEvent.keyboard('111111');
    await submit('Check the code');
    // The boxes are emptied for the next try, so the message is said in a toast.
    const toast = await screen.findByText(
      'Incorrect OTP again. You have one attempt left before the code is blocked.',
    );
    expect(toast.closest('.mantine-Notification-root')).not.toBeNull();

    await userEvent.click(screen.getAllByRole('textbox')[0]!);
    await userEvent.keyboard('222222');
    await submit('Check the code');
    const blocked = await screen.findByText('You have exceeded the maximum attempts (3)');
    expect(blocked.closest('.mantine-Alert-root')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Check the code' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Request a new code' }).getAttribute('href')).toBe(
      '/recover-password',
    );
  });

  it('says when the recovery link lost its verification', async () => {
    stubServer({});
    await renderApp('/reset-password');
    await screen.findByText('The recovery link is incomplete. Please start again.');
  });
});

describe('contact form', () => {
  it('requires name, email and message, but not the phone', async () => {
    const server = stubServer({
      'POST /v1/accounting/contact-requests': () => json(201, { id: 'c1' }),
    });
    await renderApp('/contact-us');
    await screen.findByLabelText(/^Full name/);
    await submit('Send the message');
    expect(await fieldError(/^Full name/)).toBe('Please enter your full name');
    expect(await fieldError(/^Email/)).toBe('Valid email required');
    expect(await fieldError(/^Message/)).toBe('Please write your message');
    expect(await fieldError(/^Phone/)).toBeNull();

    await userEvent.type(screen.getByLabelText(/^Full name/), 'Mama Ntilie');
    await userEvent.type(screen.getByLabelText(/^Email/), 'mama@example.co.tz');
    await userEvent.type(screen.getByLabelText(/^Message/), 'Nataka akaunti.');
    await submit('Send the message');
    await screen.findByText(
      'Thank you. Your message has been sent; we will reply to mama@example.co.tz.',
    );
    expect(await server.calls('POST', '/v1/accounting/contact-requests')[0]!.json()).toEqual({
      fullName: 'Mama Ntilie',
      email: 'mama@example.co.tz',
      phone: '',
      message: 'Nataka akaunti.',
    });
  });
});

describe('the session ending', () => {
  it('takes the user from a signed-in page to the login page, saying why', async () => {
    const user = await signedIn();
    stubServer({ 'GET /api/v2/user/me': () => json(200, user) });
    const { router } = await renderApp('/dashboard');
    await screen.findByText('Duka la Juma');
    // The server refused the refresh token (as the client does on a 401 from refresh).
    await act(() => useSession.getState().clear('refused'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    await screen.findByText('Your session has ended. Please sign in again.');
  });
});
