import { HTTPError } from 'ky';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, SessionEndedError } from '../../src/api/client';
import { storageLease } from '../../src/api/lock';
import { useConnection } from '../../src/stores/connection';
import { useSession } from '../../src/stores/session';
import { accessToken } from './helpers/jwt';
import { signedIn, signedOut } from './helpers/session';

type Handler = (request: Request) => Response | Promise<Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const expired = () => json(401, { code: 'token_expired', message: 'Expired JWT Token' });

/** A fake server: routes by path, records every request it saw. */
function fakeServer(routes: Record<string, Handler>) {
  const seen: Request[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    seen.push(request.clone());
    const handler = routes[new URL(request.url).pathname];
    if (!handler) return json(404, { code: 'not_found', message: 'Not found' });
    return handler(request);
  });
  const calls = (path: string) => seen.filter((request) => new URL(request.url).pathname === path);
  return { fetch: fetch as unknown as typeof globalThis.fetch, seen, calls };
}

const bearer = (request: Request) => request.headers.get('authorization')?.slice(7);

function client(
  server: ReturnType<typeof fakeServer>,
  mirror?: { token: string; refreshToken: string },
) {
  return createApiClient({
    prefixUrl: 'http://risiti.test/',
    fetch: server.fetch,
    locale: () => 'sw',
    lock: (_name, task) => task(),
    readMirror: async () => mirror,
  });
}

beforeEach(() => {
  useConnection.setState({ status: 'unknown', lastAnswerAt: null });
});
afterEach(async () => {
  await signedOut();
});

describe('the API client', () => {
  it('signs every call with the access token and the UI language', async () => {
    const token = accessToken();
    await signedIn({}, { token });
    const server = fakeServer({ '/api/v2/user/me': () => json(200, { id: 'user-1' }) });
    await client(server).api.get('api/v2/user/me').json();
    const [request] = server.seen;
    expect(bearer(request!)).toBe(token);
    expect(request!.headers.get('accept-language')).toBe('sw');
    expect(useConnection.getState().status).toBe('online');
  });

  it('refreshes first when the token has under a minute left', async () => {
    await signedIn({}, { token: accessToken(Date.now() - 14.5 * 60_000), refresh_token: 'r-old' });
    const fresh = accessToken();
    const server = fakeServer({
      '/api/v2/user/token/refresh': async (request) => {
        expect(await request.json()).toEqual({ refresh_token: 'r-old' });
        return json(200, { token: fresh, refresh_token: 'r-new' });
      },
      '/api/v2/user/me': () => json(200, { id: 'user-1' }),
    });
    await client(server).api.get('api/v2/user/me').json();
    expect(server.seen.map((request) => new URL(request.url).pathname)).toEqual([
      '/api/v2/user/token/refresh',
      '/api/v2/user/me',
    ]);
    expect(bearer(server.calls('/api/v2/user/me')[0]!)).toBe(fresh);
    expect(localStorage.getItem('jwt')).toBe(fresh);
    expect(localStorage.getItem('refresh_token')).toBe('r-new');
  });

  it('on "Expired JWT Token" runs one refresh for all waiting calls and retries each once', async () => {
    const old = accessToken();
    await signedIn({}, { token: old, refresh_token: 'r-old' });
    const fresh = accessToken();
    let release!: () => void;
    const refreshAnswered = new Promise<void>((resolve) => (release = resolve));
    const server = fakeServer({
      '/api/v2/user/token/refresh': async () => {
        await refreshAnswered;
        return json(200, { token: fresh, refresh_token: 'r-new' });
      },
      '/api/v2/user/me': (request) =>
        bearer(request) === fresh ? json(200, { id: 'user-1' }) : expired(),
    });
    const { api } = client(server);
    const calls = Promise.all([1, 2, 3].map(() => api.get('api/v2/user/me').json()));
    await vi.waitFor(() => expect(server.calls('/api/v2/user/me')).toHaveLength(3));
    release();
    expect(await calls).toEqual([{ id: 'user-1' }, { id: 'user-1' }, { id: 'user-1' }]);
    expect(server.calls('/api/v2/user/token/refresh')).toHaveLength(1);
    const bearers = server.calls('/api/v2/user/me').map(bearer);
    expect(bearers.filter((value) => value === old)).toHaveLength(3);
    expect(bearers.filter((value) => value === fresh)).toHaveLength(3);
  });

  it('retries only once: a second 401 reaches the caller', async () => {
    await signedIn({}, { refresh_token: 'r-old' });
    const server = fakeServer({
      '/api/v2/user/token/refresh': () =>
        json(200, { token: accessToken(), refresh_token: 'r-new' }),
      '/api/v2/user/me': () => expired(),
    });
    const error = await client(server)
      .api.get('api/v2/user/me')
      .json()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HTTPError);
    expect((error as HTTPError).response.status).toBe(401);
    expect(server.calls('/api/v2/user/me')).toHaveLength(2);
    expect(server.calls('/api/v2/user/token/refresh')).toHaveLength(1);
    expect(useSession.getState().user).not.toBeNull();
  });

  it('forgets the user and tokens when the refresh is refused', async () => {
    await signedIn({}, { refresh_token: 'r-stolen' });
    const server = fakeServer({
      '/api/v2/user/token/refresh': () =>
        json(401, { code: 'refresh_invalid', message: 'Your session has ended.' }),
      '/api/v2/user/me': () => expired(),
    });
    await expect(client(server).api.get('api/v2/user/me').json()).rejects.toBeInstanceOf(
      SessionEndedError,
    );
    expect(useSession.getState()).toMatchObject({ user: null, token: null, refreshToken: null });
    for (const key of ['jwt', 'refresh_token', 'user', 'change-password']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(server.calls('/api/v2/user/me')).toHaveLength(1);
  });

  it('keeps the session when the refresh cannot reach the server', async () => {
    await signedIn({}, { refresh_token: 'r-1' });
    const server = fakeServer({
      '/api/v2/user/token/refresh': () => {
        throw new TypeError('Failed to fetch');
      },
      '/api/v2/user/me': () => expired(),
    });
    await expect(client(server).api.get('api/v2/user/me').json()).rejects.toBeInstanceOf(TypeError);
    expect(useSession.getState().user?.id).toBe('user-1');
    expect(localStorage.getItem('refresh_token')).toBe('r-1');
    expect(useConnection.getState().status).toBe('offline');
  });

  it('makes one refresh between two tabs that find the token expired at once', async () => {
    const old = accessToken();
    await signedIn({}, { token: old, refresh_token: 'r-old' });
    const fresh = accessToken();
    const server = fakeServer({
      '/api/v2/user/token/refresh': async (request) => {
        const { refresh_token } = (await request.json()) as { refresh_token: string };
        // Presenting a rotated refresh token again would revoke the session.
        if (refresh_token !== 'r-old') return json(401, { code: 'refresh_invalid', message: 'x' });
        return json(200, { token: fresh, refresh_token: 'r-new' });
      },
      '/api/v2/user/me': (request) =>
        bearer(request) === fresh ? json(200, { id: 'user-1' }) : expired(),
    });
    const tab = () =>
      createApiClient({
        prefixUrl: 'http://risiti.test/',
        fetch: server.fetch,
        lock: storageLease,
        readMirror: async () => undefined,
      });
    const [a, b] = [tab(), tab()];
    const answers = await Promise.all([
      a.api.get('api/v2/user/me').json(),
      b.api.get('api/v2/user/me').json(),
    ]);
    expect(answers).toEqual([{ id: 'user-1' }, { id: 'user-1' }]);
    expect(server.calls('/api/v2/user/token/refresh')).toHaveLength(1);
    expect(useSession.getState().refreshToken).toBe('r-new');
  });

  it('uses the tokens another tab refreshed meanwhile instead of refreshing again', async () => {
    const old = accessToken();
    await signedIn({}, { token: old, refresh_token: 'r-old' });
    const theirs = accessToken();
    // Another tab rotated the tokens and wrote them to localStorage.
    localStorage.setItem('jwt', theirs);
    localStorage.setItem('refresh_token', 'r-theirs');
    const server = fakeServer({
      '/api/v2/user/token/refresh': () => json(401, { code: 'refresh_invalid', message: 'x' }),
      '/api/v2/user/me': (request) =>
        bearer(request) === theirs ? json(200, { id: 'user-1' }) : expired(),
    });
    expect(await client(server).api.get('api/v2/user/me').json()).toEqual({ id: 'user-1' });
    expect(server.calls('/api/v2/user/token/refresh')).toHaveLength(0);
    expect(useSession.getState().refreshToken).toBe('r-theirs');
  });

  it('adopts newer tokens the service worker stored', async () => {
    const now = Date.now();
    await signedIn({}, { token: accessToken(now - 20 * 60_000), refresh_token: 'r-page' });
    const workers = accessToken(now - 1000);
    const server = fakeServer({
      '/api/v2/user/token/refresh': () => json(401, { code: 'refresh_invalid', message: 'x' }),
      '/api/v2/user/me': (request) =>
        bearer(request) === workers ? json(200, { id: 'user-1' }) : expired(),
    });
    const { api } = client(server, { token: workers, refreshToken: 'r-worker' });
    expect(await api.get('api/v2/user/me').json()).toEqual({ id: 'user-1' });
    expect(server.calls('/api/v2/user/token/refresh')).toHaveLength(0);
    expect(localStorage.getItem('refresh_token')).toBe('r-worker');
  });

  it('follows the server when it asks for the first password change', async () => {
    await signedIn();
    const server = fakeServer({
      '/api/v2/user/me': () =>
        json(403, { code: 'password_change_required', message: 'Please change your password' }),
    });
    await expect(client(server).api.get('api/v2/user/me').json()).rejects.toBeInstanceOf(HTTPError);
    expect(useSession.getState().changePassword).toBe(true);
    expect(localStorage.getItem('change-password')).toBe('true');
  });

  it('refuses to call without a session', async () => {
    const server = fakeServer({});
    await expect(client(server).api.get('api/v2/user/me').json()).rejects.toBeInstanceOf(
      SessionEndedError,
    );
    expect(server.seen).toHaveLength(0);
  });
});

describe('the storage lease (browsers without Web Locks)', () => {
  it('lets one holder in at a time', async () => {
    const events: string[] = [];
    const task = (name: string) => async () => {
      events.push(`${name} in`);
      await new Promise((resolve) => setTimeout(resolve, 60));
      events.push(`${name} out`);
    };
    await Promise.all([storageLease('t', task('a')), storageLease('t', task('b'))]);
    expect(events).toHaveLength(4);
    expect(events[0]!.split(' ')[0]).toBe(events[1]!.split(' ')[0]);
    expect(localStorage.getItem('lock:t')).toBeNull();
  });
});
