import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { createCompanyWithPeople, createUser, TEST_PASSWORD } from '../helpers/factories';
import { createTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

const login = (username: string, password: string, address = '10.0.0.1', language = 'en') =>
  server.call('POST', '/api/v2/login', {
    body: { username, password },
    address,
    headers: { 'accept-language': language },
  });

describe('sign-in', () => {
  it('returns tokens and the user for the right password', async () => {
    const { operator, company } = await createCompanyWithPeople(server.deps.db);
    const { status, body } = await login(operator.username.toUpperCase(), TEST_PASSWORD);
    expect(status).toBe(200);
    expect(body.token).toMatch(/^ey/);
    expect(body.refresh_token).toHaveLength(43);
    expect(body.user).toMatchObject({
      id: operator.id,
      role: 'operator',
      isAdmin: false,
      company_id: company.id,
      company: { name: company.name },
      changePassword: false,
    });
  });

  it('answers the same for an unknown user and a wrong password, in the asked language', async () => {
    const user = await createUser(server.deps.db, 'operator');
    const wrong = await login(user.username, 'Wrong-pass1', '10.0.0.2');
    const unknown = await login('nobody-here', 'Wrong-pass1', '10.0.0.2');
    expect(wrong).toMatchObject({
      status: 401,
      body: { code: 'invalid_credentials', message: 'Invalid credentials' },
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    const swahili = await login(user.username, 'Wrong-pass1', '10.0.0.2', 'sw');
    expect(swahili.body.message).toBe('Hati sio sahihi');
  });

  it('names the missing fields', async () => {
    const { status, body } = await server.call('POST', '/api/v2/login', { body: { username: '' } });
    expect(status).toBe(422);
    expect(body.fields).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
  });

  it('blocks an address after 5 failures on an account, but not the owner elsewhere', async () => {
    const user = await createUser(server.deps.db, 'operator');
    for (let i = 0; i < 5; i++) {
      expect((await login(user.username, 'Wrong-pass1', '10.1.0.9')).status).toBe(401);
    }
    const locked = await login(user.username, TEST_PASSWORD, '10.1.0.9');
    expect(locked.status).toBe(429);
    // The wait is a minute, said in good English.
    expect(locked.body.message).toBe('Too many attempts. Please wait 1 minute and try again.');
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await login(user.username, TEST_PASSWORD, '10.1.1.1')).status).toBe(200);
    server.clock.advance(60_000 + 1000);
    expect((await login(user.username, TEST_PASSWORD, '10.1.0.9')).status).toBe(200);
  });
});

describe('access tokens', () => {
  it('refuses a forged token', async () => {
    const user = await createUser(server.deps.db, 'operator');
    const forged = await new SignJWT({ role: 'platform_admin', tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuer('risiti')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(48)));
    const { status, body } = await server.call('GET', '/api/v2/user/me', { token: forged });
    expect(status).toBe(401);
    expect(body.code).toBe('token_invalid');
  });

  it('says Expired JWT Token once the 15 minutes are over', async () => {
    const user = await createUser(server.deps.db, 'operator');
    const { body } = await login(user.username, TEST_PASSWORD, '10.2.0.1');
    expect((await server.call('GET', '/api/v2/user/me', { token: body.token })).status).toBe(200);
    server.clock.advance(16 * 60_000);
    const expired = await server.call('GET', '/api/v2/user/me', { token: body.token });
    expect(expired).toMatchObject({
      status: 401,
      body: { code: 'token_expired', message: 'Expired JWT Token' },
    });
  });

  it('refuses a disabled operator at once, even with a token issued before', async () => {
    const user = await createUser(server.deps.db, 'operator');
    const { body } = await login(user.username, TEST_PASSWORD, '10.3.0.1');
    await server.deps.db.update(users).set({ status: 'inactive' }).where(eq(users.id, user.id));
    const refused = await server.call('GET', '/api/v2/user/me', { token: body.token });
    expect(refused).toMatchObject({ status: 403, body: { code: 'account_disabled' } });
    const refreshed = await server.call('POST', '/api/v2/user/token/refresh', {
      body: { refresh_token: body.refresh_token },
    });
    expect(refreshed.status).toBe(403);
  });
});

describe('the signed-in user, read on each request', () => {
  it('comes from one statement planned once, and a token naming another user is refused', async () => {
    const { operator } = await createCompanyWithPeople(server.deps.db);
    const { body } = await login(operator.username, TEST_PASSWORD, '10.4.0.1');
    const me = await server.call('GET', '/api/v2/user/me', { token: body.token });
    expect(me).toMatchObject({ status: 200, body: { username: operator.username } });
    // On PostgreSQL drizzle prepares it on each connection, out of this session's sight.
    if (server.deps.dbKind === 'pglite') {
      const prepared = (await server.deps.db.execute(
        sql`select name from pg_prepared_statements where name = 'signed_in_user'`,
      )) as { rows: unknown[] };
      expect(prepared.rows).toEqual([{ name: 'signed_in_user' }]);
    }
    const stranger = await new SignJWT({ role: 'operator', tv: 0, sid: crypto.randomUUID() })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(crypto.randomUUID())
      .setIssuedAt(Math.floor(server.clock.now().getTime() / 1000))
      .setExpirationTime(Math.floor(server.clock.now().getTime() / 1000) + 60)
      .setIssuer('risiti')
      .sign(server.deps.secrets.jwtKey);
    const refused = await server.call('GET', '/api/v2/user/me', { token: stranger });
    expect(refused).toMatchObject({ status: 401, body: { code: 'token_invalid' } });
  });
});

describe('refresh tokens', () => {
  it('rotates on every use, and a replayed token revokes the whole session', async () => {
    const user = await createUser(server.deps.db, 'operator');
    const first = (await login(user.username, TEST_PASSWORD, '10.4.0.1')).body;
    const second = await server.call('POST', '/api/v2/user/token/refresh', {
      body: { refresh_token: first.refresh_token },
    });
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);

    const replay = await server.call('POST', '/api/v2/user/token/refresh', {
      body: { refresh_token: first.refresh_token },
    });
    expect(replay).toMatchObject({ status: 401, body: { code: 'refresh_invalid' } });
    // The thief's replay also ends the legitimate holder's newer token.
    const after = await server.call('POST', '/api/v2/user/token/refresh', {
      body: { refresh_token: second.body.refresh_token },
    });
    expect(after.status).toBe(401);
  });
});
