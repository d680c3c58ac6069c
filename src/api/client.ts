// The HTTP client of the app. `api` signs every request with the access token, refreshes it
// first when under a minute is left, and on a 401 runs one shared refresh then retries once;
// `publicApi` is for calls made before sign-in. Both send the UI language and report whether
// the server answered.
//
// Refresh tokens rotate on every use and the server revokes the whole session when a rotated
// one is presented again, so exactly one refresh may run at a time across tabs and the service
// worker (a lock), and whoever waits for it adopts the tokens it produced.
import ky, { HTTPError, type KyInstance, type Options } from 'ky';
import { TOKEN_REFRESH_LOCK } from '../db/session-lock';
import { hasUnsavedWork } from '../app/unsaved-work';
import { useConnection } from '../stores/connection';
import { useSession, type TokenPair } from '../stores/session';
import { i18n } from '../i18n/i18n';
import { timeLeft, tokenTimes } from './jwt';
import { webLock, type LockRunner } from './lock';
import { uploadFetch, type UploadProgress } from './upload';

/** Spec §7: refresh first when the token has under one minute left. */
export const REFRESH_MARGIN_MS = 60_000;
const TIMEOUT_MS = 30_000;

/** The session ended (refresh refused): the user must sign in again. */
export class SessionEndedError extends Error {
  constructor() {
    super('session_ended');
    this.name = 'SessionEndedError';
  }
}

export interface ApiClientOptions {
  prefixUrl?: string;
  fetch?: typeof fetch;
  session?: typeof useSession;
  connection?: typeof useConnection;
  lock?: LockRunner;
  locale?: () => string;
  now?: () => number;
  /** The service worker's copy of the tokens, which may be newer than this page's. */
  readMirror?: () => Promise<{ token: string; refreshToken: string } | undefined>;
}

export interface ApiClient {
  api: KyInstance;
  publicApi: KyInstance;
  /** Runs (or joins) the shared refresh; null when the session has ended. */
  refresh(staleToken: string | null): Promise<string | null>;
  /** Per-request `fetch` for `api` that reports the upload's progress (big files). */
  uploadingFetch(onProgress: UploadProgress): typeof fetch;
}

const bearer = (request: Request) =>
  request.headers.get('authorization')?.replace(/^Bearer\s+/i, '') ?? null;

/** Server errors that mean the refresh token will never work again. */
const refusesForGood = (status: number) =>
  status >= 400 && status < 500 && status !== 408 && status !== 429;

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const session = options.session ?? useSession;
  const connection = options.connection ?? useConnection;
  const lock = options.lock ?? webLock;
  const locale = options.locale ?? (() => i18n.locale || 'en');
  const baseFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const readMirror =
    options.readMirror ??
    (async () => {
      const stored = await import('../db/session-store')
        .then((store) => store.readStoredSession())
        .catch(() => undefined);
      return stored && { token: stored.token, refreshToken: stored.refreshToken };
    });
  let serverOffsetMs = 0;
  const serverNow = () => (options.now?.() ?? Date.now()) + serverOffsetMs;

  /** `transport` as the client uses it: it learns whether the server answered, and its clock. */
  const track =
    (transport: typeof fetch): typeof fetch =>
    async (input, init) => {
      let response: Response;
      try {
        response = await transport(input, init);
      } catch (error) {
        if (!(error instanceof DOMException && error.name === 'AbortError')) {
          connection.getState().serverUnreachable();
        }
        throw error;
      }
      // A proxy's 502-504 means our server did not answer.
      if (response.status >= 502 && response.status <= 504) {
        connection.getState().serverUnreachable();
      } else {
        connection.getState().serverAnswered();
      }
      const date = Date.parse(response.headers.get('date') ?? '');
      if (Number.isFinite(date)) serverOffsetMs = date - (options.now?.() ?? Date.now());
      return response;
    };
  const trackingFetch = track(baseFetch);

  const common: Options = {
    prefixUrl: options.prefixUrl ?? `${globalThis.location?.origin ?? ''}/`,
    fetch: trackingFetch,
    retry: 0,
    timeout: TIMEOUT_MS,
    hooks: {
      beforeRequest: [
        (request) => {
          request.headers.set('Accept-Language', locale());
        },
      ],
    },
  };
  const publicApi = ky.create(common);

  let inFlight: Promise<string | null> | null = null;

  async function rotate(staleToken: string | null): Promise<string | null> {
    session.getState().reload();
    const mirror = await readMirror();
    const state = session.getState();
    if (!state.user || !state.refreshToken || !state.token) return null;
    // The service worker may have rotated the tokens since this page last wrote them.
    if (mirror && mirror.refreshToken !== state.refreshToken) {
      const ours = tokenTimes(state.token)?.issuedAt ?? 0;
      const theirs = tokenTimes(mirror.token)?.issuedAt ?? 0;
      if (theirs > ours) {
        await state.setTokens({ token: mirror.token, refresh_token: mirror.refreshToken });
      }
    }
    const current = session.getState();
    if (
      current.token &&
      current.token !== staleToken &&
      timeLeft(current.token, serverNow()) > REFRESH_MARGIN_MS
    ) {
      return current.token;
    }
    let pair: TokenPair;
    try {
      pair = await publicApi
        .post('api/v2/user/token/refresh', { json: { refresh_token: current.refreshToken } })
        .json<TokenPair>();
    } catch (error) {
      if (error instanceof HTTPError && refusesForGood(error.response.status)) {
        // A form holding typing keeps its page; the user is asked to sign in again.
        if (hasUnsavedWork()) current.expire();
        else await current.clear('refused');
        return null;
      }
      // Offline or a server fault: keep the session, the next call tries again.
      throw error;
    }
    await current.setTokens(pair);
    return pair.token;
  }

  function refresh(staleToken: string | null): Promise<string | null> {
    inFlight ??= lock(TOKEN_REFRESH_LOCK, () => rotate(staleToken)).finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  const api = ky.create({
    ...common,
    hooks: {
      beforeRequest: [
        ...(common.hooks?.beforeRequest ?? []),
        async (request) => {
          let token = session.getState().token;
          if (!token || session.getState().expired) throw new SessionEndedError();
          if (timeLeft(token, serverNow()) < REFRESH_MARGIN_MS) {
            try {
              token = await refresh(token);
            } catch {
              // Unreachable: try with the token we have; the request reports the failure.
              token = session.getState().token;
            }
            if (!token) throw new SessionEndedError();
          }
          request.headers.set('Authorization', `Bearer ${token}`);
        },
      ],
      afterResponse: [
        async (request, requestOptions, response) => {
          let final = response;
          if (response.status === 401) {
            const token = await refresh(bearer(request));
            if (!token) throw new SessionEndedError();
            const headers = new Headers(request.headers);
            headers.set('Authorization', `Bearer ${token}`);
            // One retry only, without these hooks: a second 401 is the caller's error.
            final = await ky(new Request(request, { headers }), {
              fetch: trackingFetch,
              retry: 0,
              timeout: TIMEOUT_MS,
              throwHttpErrors: false,
              signal: requestOptions.signal ?? null,
            });
          }
          if (final.status === 403) await onForbidden(final);
          return final;
        },
      ],
    },
  });

  /** The server refuses this user outright: follow it instead of failing call after call. */
  async function onForbidden(response: Response): Promise<void> {
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as { code?: string } | null;
    if (body?.code === 'password_change_required') session.getState().setChangePassword(true);
    else if (body?.code === 'account_disabled') await session.getState().clear('disabled');
    else if (body?.code === 'company_inactive') await session.getState().clear('company-inactive');
  }

  return {
    api,
    publicApi,
    refresh,
    uploadingFetch: (onProgress) => track(uploadFetch(onProgress)),
  };
}

const client = createApiClient();
export const api = client.api;
export const publicApi = client.publicApi;
export const uploadingFetch = client.uploadingFetch;
