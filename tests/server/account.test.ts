// The signed-in user's own account: first-login password, profile, language, a new email
// confirmed by a code from a real SMTP server, password change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../helpers/factories';
import { createTestServer, type TestServer } from '../helpers/server';
import { startSmtp, type TestSmtp } from '../helpers/smtp';

let server: TestServer;
let smtp: TestSmtp;
let addressCounter = 0;
beforeAll(async () => {
  smtp = await startSmtp();
  server = await createTestServer({ config: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const codeFrom = (text: string | undefined) => /\b(\d{6})\b/.exec(text ?? '')?.[1];

async function signIn(username: string, password = TEST_PASSWORD) {
  const { status, body } = await server.call('POST', '/api/v2/login', {
    body: { username, password },
    address: `10.20.0.${++addressCounter}`,
  });
  expect(status).toBe(200);
  return body as { token: string; refresh_token: string; user: Record<string, unknown> };
}

describe('first sign-in', () => {
  it('keeps the user to the password change until a valid new password is set', async () => {
    const user = await createUser(server.deps.db, 'operator', { mustChangePassword: true });
    const session = await signIn(user.username);
    expect(session.user.changePassword).toBe(true);

    const blocked = await server.call('PUT', '/api/v2/user/language', {
      token: session.token,
      body: { language: 'sw' },
    });
    expect(blocked.status).toBe(200); // the language may be chosen first
    const elsewhere = await server.call('PUT', '/api/v2/user/me', {
      token: session.token,
      body: {},
    });
    expect(elsewhere).toMatchObject({ status: 403, body: { code: 'password_change_required' } });

    const weak = await server.call('POST', '/api/v2/user/first-password', {
      token: session.token,
      body: { newPassword: 'password', confirmPassword: 'password' },
    });
    expect(weak.status).toBe(422);
    expect(weak.body.fields.newPassword).toBe(
      'Nenosiri linahitaji herufi kubwa, herufi ndogo, tarakimu na alama maalum',
    );

    const mismatch = await server.call('POST', '/api/v2/user/first-password', {
      token: session.token,
      body: { newPassword: 'Fresh-pass1', confirmPassword: 'Fresh-pass2' },
    });
    expect(mismatch.body.fields).toEqual({ confirmPassword: 'Manenosiri hayalingani' });

    const done = await server.call('POST', '/api/v2/user/first-password', {
      token: session.token,
      body: { newPassword: 'Fresh-pass1', confirmPassword: 'Fresh-pass1' },
    });
    expect(done.status).toBe(200);
    expect(done.body.user.changePassword).toBe(false);
    // The token from before the change no longer works; the new one does.
    expect((await server.call('GET', '/api/v2/user/me', { token: session.token })).status).toBe(
      401,
    );
    expect((await server.call('GET', '/api/v2/user/me', { token: done.body.token })).status).toBe(
      200,
    );
    // And it cannot be used again to skip the current password.
    const again = await server.call('POST', '/api/v2/user/first-password', {
      token: done.body.token,
      body: { newPassword: 'Other-pass1', confirmPassword: 'Other-pass1' },
    });
    expect(again.status).toBe(403);
  });
});

describe('profile', () => {
  const profile = (overrides: Record<string, unknown> = {}) => ({
    firstName: 'Amina',
    lastName: 'Juma',
    email: 'amina.juma@example.co.tz',
    confirmEmail: 'amina.juma@example.co.tz',
    mobile: '754123456',
    language: 'en',
    ...overrides,
  });

  it('saves names, phone and language at once', async () => {
    const user = await createUser(server.deps.db, 'company_owner');
    const { token } = await signIn(user.username);
    const { status, body } = await server.call('PUT', '/api/v2/user/me', {
      token,
      body: profile({ email: user.email, confirmEmail: user.email, language: 'sw' }),
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      firstname: 'Amina',
      lastname: 'Juma',
      email: user.email,
      mobile: '754123456',
      language: 'sw',
      pendingEmail: null,
    });
    // Errors now come in Swahili for this user.
    const bad = await server.call('PUT', '/api/v2/user/me', {
      token,
      body: profile({ email: user.email, confirmEmail: user.email, mobile: '0754123456' }),
    });
    expect(bad.body.fields).toEqual({ mobile: 'Tafadhali weka namba sahihi ya simu' });
  });

  it('changes the email only with the current password and the code mailed to it, and tells the old address', async () => {
    const user = await createUser(server.deps.db, 'company_owner');
    const { token } = await signIn(user.username);
    const newEmail = `new-${user.id.slice(0, 8)}@example.co.tz`;
    const change = (extra: Record<string, unknown>) =>
      server.call('PUT', '/api/v2/user/me', {
        token,
        body: profile({ email: newEmail, confirmEmail: newEmail, ...extra }),
      });

    expect(await change({})).toMatchObject({
      status: 422,
      body: { fields: { currentPassword: 'Current password is required' } },
    });
    expect(await change({ currentPassword: 'Wrong-pass1' })).toMatchObject({
      status: 400,
      body: { code: 'current_password_invalid' },
    });
    const asked = await change({ currentPassword: TEST_PASSWORD });
    expect(asked).toMatchObject({
      status: 200,
      body: { email: user.email, pendingEmail: newEmail },
    });

    const mail = await smtp.waitFor(newEmail);
    expect(mail.subject).toBe('Your Risiti email change code');
    const code = codeFrom(mail.text)!;
    const wrong = code === '000000' ? '111111' : '000000';
    expect(
      await server.call('POST', '/api/v2/user/email/confirm', { token, body: { code: wrong } }),
    ).toMatchObject({ status: 400, body: { code: 'otp_incorrect' } });
    expect((await server.call('GET', '/api/v2/user/me', { token })).body.email).toBe(user.email);

    const done = await server.call('POST', '/api/v2/user/email/confirm', { token, body: { code } });
    expect(done).toMatchObject({ status: 200, body: { email: newEmail } });
    const notice = await smtp.waitFor(user.email);
    expect(notice.subject).toBe('Your Risiti sign-in email was changed');
    expect(notice.text).toContain(newEmail);
    // The code is spent.
    expect(
      (await server.call('POST', '/api/v2/user/email/confirm', { token, body: { code } })).status,
    ).toBe(400);
  });

  it("is not locked out of the email code by strangers' recoveries from the same address", async () => {
    const user = await createUser(server.deps.db, 'operator');
    const { token } = await signIn(user.username);
    const newEmail = `shared-${user.id.slice(0, 8)}@example.co.tz`;
    await server.call('PUT', '/api/v2/user/me', {
      token,
      body: profile({ email: newEmail, confirmEmail: newEmail, currentPassword: TEST_PASSWORD }),
    });
    const code = codeFrom((await smtp.waitFor(newEmail)).text)!;
    // A shop's phones behind one carrier address, and someone there asking for codes.
    const shared = '10.77.0.1';
    let answer = 200;
    for (let i = 0; answer !== 429 && i < 50; i++) {
      answer = (
        await server.call('POST', '/api/v2/password/recover', {
          body: { email: `stranger-${i}@example.co.tz` },
          address: shared,
        })
      ).status;
    }
    expect(answer).toBe(429);
    const done = await server.call('POST', '/api/v2/user/email/confirm', {
      token,
      body: { code },
      address: shared,
    });
    expect(done).toMatchObject({ status: 200, body: { email: newEmail } });
  });

  it('names each wrong field and saves nothing', async () => {
    const user = await createUser(server.deps.db, 'operator');
    const { token } = await signIn(user.username);
    const { status, body } = await server.call('PUT', '/api/v2/user/me', {
      token,
      body: profile({
        firstName: 'Al',
        email: 'x'.repeat(45) + '@a.com',
        confirmEmail: 'other@example.co.tz',
        mobile: '12345',
      }),
    });
    expect(status).toBe(422);
    expect(body.fields).toEqual({
      firstName: 'First name must be 3 to 50 characters',
      email: 'Email must be at most 50 characters',
      confirmEmail: 'The email confirmation does not match',
      mobile: 'Please enter a valid phone number',
    });
    const me = await server.call('GET', '/api/v2/user/me', { token });
    expect(me.body.firstname).toBe('Test');
  });

  it("answers a taken email like a free one, and never mails its owner's address a code", async () => {
    const other = await createUser(server.deps.db, 'operator');
    const user = await createUser(server.deps.db, 'operator');
    const { token } = await signIn(user.username);
    const free = `free-${user.id.slice(0, 8)}@example.co.tz`;
    const ask = (email: string) =>
      server.call('PUT', '/api/v2/user/me', {
        token,
        body: profile({ email, confirmEmail: email, currentPassword: TEST_PASSWORD }),
      });
    const taken = await ask(other.email.toUpperCase());
    const open = await ask(free);
    expect(taken.status).toBe(open.status);
    expect(taken.body.pendingEmail).toBe(other.email.toUpperCase());
    expect(open.body.pendingEmail).toBe(free);
    await smtp.waitFor(free);
    const mailedTo = JSON.stringify(smtp.messages.map((message) => message.to)).toLowerCase();
    expect(mailedTo).not.toContain(other.email.toLowerCase());
    expect((await server.call('GET', '/api/v2/user/me', { token })).body.email).toBe(user.email);
  });
});

describe('password change', () => {
  it('needs the current password, then signs out the other devices', async () => {
    const user = await createUser(server.deps.db, 'operator');
    const phone = await signIn(user.username);
    const laptop = await signIn(user.username);
    const wrong = await server.call('POST', '/api/v2/user/password', {
      token: laptop.token,
      body: {
        currentPassword: 'Nope-pass1',
        newPassword: 'Brand-new1',
        confirmPassword: 'Brand-new1',
      },
    });
    expect(wrong).toMatchObject({
      status: 400,
      body: {
        message: 'Current password invalid!',
        fields: { currentPassword: 'Current password invalid!' },
      },
    });

    const changed = await server.call('POST', '/api/v2/user/password', {
      token: laptop.token,
      body: {
        currentPassword: TEST_PASSWORD,
        newPassword: 'Brand-new1',
        confirmPassword: 'Brand-new1',
      },
    });
    expect(changed.status).toBe(200);
    expect(
      (await server.call('GET', '/api/v2/user/me', { token: changed.body.token })).status,
    ).toBe(200);
    const phoneRefresh = await server.call('POST', '/api/v2/user/token/refresh', {
      body: { refresh_token: phone.refresh_token },
    });
    expect(phoneRefresh.status).toBe(401);
    expect((await server.call('GET', '/api/v2/user/me', { token: phone.token })).status).toBe(401);
  });

  it('checks length and character rules of the new password', async () => {
    const user = await createUser(server.deps.db, 'operator');
    const { token } = await signIn(user.username);
    const cases: Array<[string, string]> = [
      ['Ab1!', 'Password must be 6 to 20 characters'],
      ['Abcdefghijk1!xyzuvwqr', 'Password must be 6 to 20 characters'],
      [
        'abcdef1!',
        'Password needs a capital letter, a small letter, a digit and a special character',
      ],
      [
        'ABCDEF1!',
        'Password needs a capital letter, a small letter, a digit and a special character',
      ],
      [
        'Abcdefg!',
        'Password needs a capital letter, a small letter, a digit and a special character',
      ],
      [
        'Abcdefg1',
        'Password needs a capital letter, a small letter, a digit and a special character',
      ],
    ];
    for (const [newPassword, message] of cases) {
      const res = await server.call('POST', '/api/v2/user/password', {
        token,
        body: { currentPassword: TEST_PASSWORD, newPassword, confirmPassword: newPassword },
      });
      expect(res.body.fields?.newPassword, newPassword).toBe(message);
    }
  });
});

describe('sign-out', () => {
  it('ends the device session: its refresh token stops working', async () => {
    const user = await createUser(server.deps.db, 'operator');
    const session = await signIn(user.username);
    expect(
      (
        await server.call('POST', '/api/v2/logout', {
          body: { refresh_token: session.refresh_token },
        })
      ).status,
    ).toBe(204);
    const refreshed = await server.call('POST', '/api/v2/user/token/refresh', {
      body: { refresh_token: session.refresh_token },
    });
    expect(refreshed.status).toBe(401);
  });
});

describe('rate limits per address', () => {
  it('slows down one address trying many accounts', async () => {
    const address = '10.30.0.1';
    let last = 0;
    for (let i = 0; i < 51; i++) {
      const res = await server.call('POST', '/api/v2/login', {
        body: { username: `ghost-${i}`, password: 'Wrong-pass1' },
        address,
      });
      last = res.status;
    }
    expect(last).toBe(429);
    const user = await createUser(server.deps.db, 'operator');
    const fromElsewhere = await server.call('POST', '/api/v2/login', {
      body: { username: user.username, password: TEST_PASSWORD },
      address: '10.30.0.2',
    });
    expect(fromElsewhere.status).toBe(200);
  }, 60_000);
});
