// What an attacker and the owner see when passwords are guessed, in parallel and in a row.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, organizations } from '../../server/db/schema';
import { createCompanyWithPeople, createUser, TEST_PASSWORD } from '../helpers/factories';
import { createTestServer, type TestServer } from '../helpers/server';
import { takeAttempt, takeGuardedAttempt, LIMITS } from '../../server/auth/rate-limit';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

const login = (username: string, password: string, address: string) =>
  server.call('POST', '/api/v2/login', { body: { username, password }, address });

const statuses = (results: { status: number }[]) => {
  const counts: Record<number, number> = {};
  for (const { status } of results) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
};

describe('login throttle', () => {
  it('checks only 5 of 64 parallel wrong passwords on one account from one address', async () => {
    const user = await createUser(server.deps.db, 'operator');
    const results = await Promise.all(
      Array.from({ length: 64 }, () => login(user.username, 'Wrong-pass1', '10.50.0.1')),
    );
    expect(statuses(results)).toEqual({ 401: 5, 429: 59 });
  });

  it('checks only 50 of 120 parallel wrong passwords from one address', async () => {
    const results = await Promise.all(
      Array.from({ length: 120 }, (_, i) => login(`nobody-${i}`, 'Wrong-pass1', '10.51.0.1')),
    );
    expect(statuses(results)).toEqual({ 401: 50, 429: 70 });
  });

  it('keeps the owner signing in from another address while a stranger guesses', async () => {
    const user = await createUser(server.deps.db, 'operator');
    for (let i = 0; i < 8; i++) await login(user.username, 'Wrong-pass1', '10.52.0.1');
    expect((await login(user.username, TEST_PASSWORD, '10.52.0.2')).status).toBe(200);
  });

  it('blocks the pair for 1, 2, 4, 8 and then 15 minutes', async () => {
    const user = await createUser(server.deps.db, 'operator');
    const address = '10.53.0.1';
    for (let i = 0; i < 5; i++) {
      expect((await login(user.username, 'Wrong-pass1', address)).status).toBe(401);
    }
    for (const minutes of [1, 2, 4, 8, 15, 15]) {
      const blocked = await login(user.username, 'Wrong-pass1', address);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBe(minutes * 60);
      server.clock.advance(minutes * 60_000);
      expect((await login(user.username, 'Wrong-pass1', address)).status).toBe(401);
    }
  });

  it('forgets the failures after a right password', async () => {
    const user = await createUser(server.deps.db, 'operator');
    const address = '10.54.0.1';
    for (let i = 0; i < 4; i++) await login(user.username, 'Wrong-pass1', address);
    expect((await login(user.username, TEST_PASSWORD, address)).status).toBe(200);
    for (let i = 0; i < 4; i++) {
      expect((await login(user.username, 'Wrong-pass1', address)).status).toBe(401);
    }
  });
});

describe('shared counters', () => {
  it('let through exactly the limit of parallel takers', async () => {
    const now = server.clock.now();
    const take = (fn: typeof takeAttempt, key: string, limit = LIMITS.loginPerAddress) =>
      fn(server.deps.db, key, limit, now).then(
        () => 'ok',
        () => 'refused',
      );
    const plain = await Promise.all(Array.from({ length: 80 }, () => take(takeAttempt, 'k:plain')));
    expect(plain.filter((r) => r === 'ok')).toHaveLength(50);
    const guarded = await Promise.all(
      Array.from({ length: 40 }, () => take(takeGuardedAttempt, 'k:guard', LIMITS.loginPerPair)),
    );
    expect(guarded.filter((r) => r === 'ok')).toHaveLength(5);
  });
});

describe('sessions', () => {
  const me = (token: string) => server.call('GET', '/api/v2/user/me', { token });

  it('ends the access token at once when its device signs out', async () => {
    const user = await createUser(server.deps.db, 'operator');
    const { body } = await login(user.username, TEST_PASSWORD, '10.60.0.1');
    const other = (await login(user.username, TEST_PASSWORD, '10.60.0.1')).body;
    expect((await me(body.token)).status).toBe(200);
    await server.call('POST', '/api/v2/logout', { body: { refresh_token: body.refresh_token } });
    expect(await me(body.token)).toMatchObject({ status: 401, body: { code: 'token_invalid' } });
    expect((await me(other.token)).status).toBe(200);
  });

  it('ends the access tokens of a family revoked for a replayed refresh token', async () => {
    const user = await createUser(server.deps.db, 'operator');
    const first = (await login(user.username, TEST_PASSWORD, '10.61.0.1')).body;
    const refresh = (token: string) =>
      server.call('POST', '/api/v2/user/token/refresh', { body: { refresh_token: token } });
    const second = (await refresh(first.refresh_token)).body;
    expect((await me(second.token)).status).toBe(200);
    expect((await refresh(first.refresh_token)).status).toBe(401);
    expect((await me(second.token)).status).toBe(401);
    expect((await me(first.token)).status).toBe(401);
  });

  it('refuses sign-in and refresh to the people of a disabled company or organization', async () => {
    const { operator, company } = await createCompanyWithPeople(server.deps.db);
    const session = (await login(operator.username, TEST_PASSWORD, '10.62.0.1')).body;
    await server.deps.db
      .update(companies)
      .set({ active: false })
      .where(eq(companies.id, company.id));
    expect(await login(operator.username, TEST_PASSWORD, '10.62.0.1')).toMatchObject({
      status: 403,
      body: { code: 'company_inactive' },
    });
    const refreshed = await server.call('POST', '/api/v2/user/token/refresh', {
      body: { refresh_token: session.refresh_token },
    });
    expect(refreshed).toMatchObject({ status: 403, body: { code: 'company_inactive' } });
    await server.deps.db
      .update(companies)
      .set({ active: true })
      .where(eq(companies.id, company.id));
    await server.deps.db
      .update(organizations)
      .set({ active: false })
      .where(eq(organizations.id, company.organizationId));
    expect((await login(operator.username, TEST_PASSWORD, '10.62.0.1')).status).toBe(403);
  });

  it('answers 401 to malformed tokens', async () => {
    const user = await createUser(server.deps.db, 'operator');
    const key = server.deps.secrets.jwtKey;
    const sign = (claims: Record<string, unknown>, sub: string, expires = true) => {
      const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject(sub);
      jwt.setIssuer('risiti').setIssuedAt(Math.floor(server.clock.now().getTime() / 1000));
      if (expires) jwt.setExpirationTime(Math.floor(server.clock.now().getTime() / 1000) + 600);
      return jwt.sign(key);
    };
    const sid = crypto.randomUUID();
    const tokens = [
      await sign({ role: 'operator', tv: 0, sid }, user.id, false),
      await sign({ role: 'operator', tv: 0, sid }, 'not-a-uuid'),
      await sign({ role: 'operator', tv: 0, sid: 'x' }, user.id),
      await sign({ role: 'operator', tv: 'zero', sid }, user.id),
      await sign({ role: 'operator', tv: 0 }, user.id),
      'not.a.token',
      'eyJhbGciOiJIUzI1NiJ9.e30.',
    ];
    for (const token of tokens) expect((await me(token)).status).toBe(401);
  });
});

describe('password recovery', () => {
  it('answers the same for a known and an unknown email, limits included', async () => {
    const user = await createUser(server.deps.db, 'operator');
    const recover = (email: string, address: string) =>
      server.call('POST', '/api/v2/password/recover', { body: { email }, address });
    const answers = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 7; i++) {
      const known = await recover(user.email, `10.70.0.${i}`);
      const unknown = await recover(`nobody-${user.id}@example.com`, `10.71.0.${i}`);
      answers.known.push(known.status);
      answers.unknown.push(unknown.status);
      expect(Object.keys(known.body)).toEqual(Object.keys(unknown.body));
      if (known.status === 429) expect(known.body).toEqual(unknown.body);
    }
    expect(answers.known).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(answers.unknown).toEqual(answers.known);
  });
});
