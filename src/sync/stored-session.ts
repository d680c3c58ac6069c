// The service worker's way of calling the API as the signed-in user: the tokens the page
// mirrors in IndexedDB ('risiti-session'). A refresh runs under the same lock as the page's and
// writes the rotated tokens back, so the page adopts them instead of presenting the old refresh
// token (which would make the server revoke the whole session).
import {
  readStoredSession,
  TOKEN_REFRESH_LOCK,
  writeStoredSession,
  type StoredSession,
} from '../db/session-store';
import type { ServiceWorkerSyncSession } from './service-worker';
import { createFetchSend } from './transport';

interface LockManagerLike {
  request<T>(name: string, options: { mode: 'exclusive' }, task: () => Promise<T>): Promise<T>;
}

export interface StoredSessionSyncOptions {
  /** Origin of the API; '' for the app's own origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
  locks?: LockManagerLike | undefined;
}

/** Refusals after which the refresh token will never work again (the session ended). */
const refusesForGood = (status: number) =>
  status >= 400 && status < 500 && status !== 408 && status !== 429;

export function createStoredSessionSync(
  options: StoredSessionSyncOptions = {},
): ServiceWorkerSyncSession {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const locks =
    'locks' in options
      ? options.locks
      : (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  const withLock = <T>(task: () => Promise<T>): Promise<T> =>
    locks ? locks.request(TOKEN_REFRESH_LOCK, { mode: 'exclusive' }, task) : task();
  /** The access token the last request went out with: the one the server found expired. */
  let lastUsed: string | null = null;

  /**
   * Null when the session is gone or the server refused the refresh token (the page finds out
   * at its own next refresh and signs out); throws when the server could not be reached.
   */
  const refresh = () =>
    withLock(async (): Promise<string | null> => {
      const stored = await readStoredSession();
      if (!stored) return null;
      // Someone (the page, another sync) rotated the tokens while this one waited for the lock.
      if (stored.token !== lastUsed) return stored.token;
      const response = await doFetch(`${options.baseUrl ?? ''}/api/v2/user/token/refresh`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh_token: stored.refreshToken }),
      });
      if (!response.ok) {
        if (refusesForGood(response.status)) return null;
        throw new Error(`Token refresh answered ${response.status}`);
      }
      const pair = (await response.json()) as { token: string; refresh_token: string };
      const next: Omit<StoredSession, 'id'> = {
        ...stored,
        token: pair.token,
        refreshToken: pair.refresh_token,
        updatedAt: Date.now(),
      };
      await writeStoredSession(next);
      return pair.token;
    });

  const send = createFetchSend({
    ...(options.baseUrl !== undefined ? { baseUrl: options.baseUrl } : {}),
    fetch: doFetch,
    getAccessToken: async () => {
      lastUsed = (await readStoredSession())?.token ?? null;
      return lastUsed;
    },
    refreshAccessToken: async () => {
      const token = await refresh();
      lastUsed = token;
      return token;
    },
  });

  return {
    send,
    companyId: async () => (await readStoredSession())?.companyId ?? null,
  };
}
