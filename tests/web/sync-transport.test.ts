import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readStoredSession, writeStoredSession } from '../../src/db/session-store';
import { createApiSend } from '../../src/features/sync/api-send';
import { createStoredSessionSync } from '../../src/sync/stored-session';
import { json, stubServer } from './helpers/fetch';
import { accessToken } from './helpers/jwt';
import { signedIn, signedOut } from './helpers/session';

const COMPANY = '11111111-1111-4111-8111-111111111111';
const PATH = `/v1/accounting/customers/0b7a5300-0000-4000-8000-000000000001?companyId=${COMPANY}`;
const put = {
  method: 'PUT' as const,
  path: PATH,
  headers: { 'Idempotency-Key': 'k-1' },
  body: '{}',
};

afterEach(async () => {
  vi.unstubAllGlobals();
  await signedOut();
});

describe("the page's send (the app's API client)", () => {
  it('signs the call, says the language, and resolves with any answer', async () => {
    await signedIn();
    const server = stubServer({
      'PUT /v1/accounting/customers/0b7a5300-0000-4000-8000-000000000001': () =>
        json(409, {
          code: 'customer_id_duplicated',
          message: 'Customer identification number duplicated',
        }),
    });
    const answer = await createApiSend()(put);
    expect(answer).toEqual({
      status: 409,
      body: {
        code: 'customer_id_duplicated',
        message: 'Customer identification number duplicated',
      },
    });
    const [request] = server.seen;
    expect(request!.headers.get('authorization')).toMatch(/^Bearer /);
    expect(request!.headers.get('accept-language')).toBe('en');
    expect(request!.headers.get('idempotency-key')).toBe('k-1');
    expect(request!.headers.get('content-type')).toBe('application/json');
    expect(new URL(request!.url).search).toBe(`?companyId=${COMPANY}`);
  });

  it('rejects only when no answer came', async () => {
    await signedIn();
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(createApiSend()(put)).rejects.toThrow();
  });

  it('answers like the server would once the session has ended', async () => {
    stubServer({});
    expect(await createApiSend()(put)).toMatchObject({
      status: 401,
      body: { code: 'refresh_invalid' },
    });
  });
});

describe("the service worker's send (the tokens mirrored in IndexedDB)", () => {
  beforeEach(async () => {
    await writeStoredSession({
      token: 'access-1',
      refreshToken: 'refresh-1',
      userId: 'u1',
      companyId: COMPANY,
      updatedAt: 1,
    });
  });

  /** A fake Web Locks API recording which locks were taken. */
  function locks() {
    const taken: string[] = [];
    return {
      taken,
      request: <T>(name: string, _options: unknown, task: () => Promise<T>) => {
        taken.push(name);
        return task();
      },
    };
  }

  it('refreshes an expired token under the shared lock and stores the rotated pair', async () => {
    const calls: string[] = [];
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const token = request.headers.get('authorization');
      calls.push(`${request.method} ${new URL(request.url).pathname} ${token ?? ''}`);
      if (request.url.endsWith('/api/v2/user/token/refresh')) {
        expect(await request.json()).toEqual({ refresh_token: 'refresh-1' });
        return json(200, { token: 'access-2', refresh_token: 'refresh-2' });
      }
      return token === 'Bearer access-2'
        ? json(200, { ok: true })
        : json(401, { code: 'token_expired', message: 'Expired JWT Token' });
    });
    const lock = locks();
    const session = createStoredSessionSync({ baseUrl: 'http://risiti.test', fetch, locks: lock });

    expect(await session.companyId()).toBe(COMPANY);
    expect(await session.send(put)).toEqual({ status: 200, body: { ok: true } });
    expect(calls).toEqual([
      `PUT /v1/accounting/customers/0b7a5300-0000-4000-8000-000000000001 Bearer access-1`,
      'POST /api/v2/user/token/refresh ',
      `PUT /v1/accounting/customers/0b7a5300-0000-4000-8000-000000000001 Bearer access-2`,
    ]);
    expect(lock.taken).toEqual(['risiti-token-refresh']);
    expect(await readStoredSession()).toMatchObject({
      token: 'access-2',
      refreshToken: 'refresh-2',
      companyId: COMPANY,
    });
  });

  it('takes the tokens the page rotated meanwhile instead of presenting a used refresh token', async () => {
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (request.url.endsWith('/token/refresh')) throw new Error('must not refresh again');
      if (request.headers.get('authorization') === 'Bearer access-1') {
        // The page refreshed while this call was on its way.
        await writeStoredSession({
          token: 'access-page',
          refreshToken: 'refresh-page',
          userId: 'u1',
          companyId: COMPANY,
          updatedAt: 2,
        });
        return json(401, { code: 'token_expired', message: 'Expired JWT Token' });
      }
      return json(200, { by: request.headers.get('authorization') });
    });
    const session = createStoredSessionSync({
      baseUrl: 'http://risiti.test',
      fetch,
      locks: locks(),
    });
    expect(await session.send(put)).toEqual({ status: 200, body: { by: 'Bearer access-page' } });
  });

  it('gives back the refusal when the session has ended, without forgetting the tokens', async () => {
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (request.url.endsWith('/token/refresh'))
        return json(401, { code: 'refresh_invalid', message: 'Your session has ended.' });
      return json(401, { code: 'token_expired', message: 'Expired JWT Token' });
    });
    const session = createStoredSessionSync({
      baseUrl: 'http://risiti.test',
      fetch,
      locks: locks(),
    });
    expect(await session.send(put)).toMatchObject({ status: 401, body: { code: 'token_expired' } });
    expect((await readStoredSession())?.refreshToken).toBe('refresh-1');
  });

  it('rejects when the refresh got no answer, so the drain waits and tries again', async () => {
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      if (request.url.endsWith('/token/refresh')) throw new TypeError('Failed to fetch');
      return json(401, { code: 'token_expired', message: 'Expired JWT Token' });
    });
    const session = createStoredSessionSync({
      baseUrl: 'http://risiti.test',
      fetch,
      locks: locks(),
    });
    await expect(session.send(put)).rejects.toThrow();
  });

  it("names the signed-in user's company, mirrored at sign-in, and none once signed out", async () => {
    await signedIn({}, { token: accessToken() });
    const session = createStoredSessionSync({ fetch: vi.fn(), locks: locks() });
    expect(await session.companyId()).toBe('company-1');
    await signedOut();
    expect(await session.companyId()).toBeNull();
  });
});
