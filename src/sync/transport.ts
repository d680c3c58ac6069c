// How sync reaches the server. The drain and the pull receive a `send` function instead of
// calling fetch themselves: the page passes one built on its API client (bearer token, shared
// refresh), the service worker one built on createFetchSend with the tokens mirrored in
// IndexedDB. A send resolves with any HTTP answer and rejects only when no answer came.

export interface SyncRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path and query, e.g. /v1/accounting/changes?since=12 */
  path: string;
  headers: Record<string, string>;
  /** JSON text, already serialised. */
  body?: string;
  /** A file's bytes, sent as the body instead (an expense attachment). */
  file?: Blob;
  /** Told how much of the file has gone out, where the transport can tell. */
  onUploadProgress?: (sent: number, total: number) => void;
}

export interface SyncResponse {
  status: number;
  /** Parsed JSON, or null for an empty or non-JSON answer. */
  body: unknown;
}

export type SyncSend = (request: SyncRequest) => Promise<SyncResponse>;

export interface FetchSendOptions {
  /** Origin of the API; '' for the app's own origin. */
  baseUrl?: string;
  getAccessToken(): Promise<string | null>;
  /** Gets a new access token after a 401 token_expired (one shared refresh); null if signed out. */
  refreshAccessToken?(): Promise<string | null>;
  /** UI language, sent as Accept-Language so refusals come back in it. */
  getLanguage?(): Promise<string | null> | string | null;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A send on plain fetch, for contexts without the app's API client (the service worker). */
export function createFetchSend(options: FetchSendOptions): SyncSend {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? 30_000;
  const attempt = async (request: SyncRequest, token: string | null) => {
    const headers: Record<string, string> = { ...request.headers };
    if (token) headers.authorization = `Bearer ${token}`;
    if (request.body !== undefined) headers['content-type'] ??= 'application/json';
    const language = await options.getLanguage?.();
    if (language) headers['accept-language'] = language;
    const response = await doFetch(`${options.baseUrl ?? ''}${request.path}`, {
      method: request.method,
      headers,
      body: request.file ?? request.body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    return { status: response.status, body: await readBody(response) };
  };
  return async (request) => {
    const first = await attempt(request, await options.getAccessToken());
    const expired =
      first.status === 401 && (first.body as { code?: string } | null)?.code === 'token_expired';
    if (!expired || !options.refreshAccessToken) return first;
    const fresh = await options.refreshAccessToken();
    return fresh ? attempt(request, fresh) : first;
  };
}
