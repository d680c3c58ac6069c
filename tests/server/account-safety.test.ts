// What an attacker and the owner see when passwords are guessed, in parallel and in a row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../helpers/factories';
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
