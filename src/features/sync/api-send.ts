// The page's way for sync to reach the server: the app's API client, so outbox calls carry the
// bearer token, share the one token refresh and report whether the server answered.
import type { KyInstance } from 'ky';
import { api, SessionEndedError, uploadingFetch } from '../../api/client';

/** A 5 MB photo on a weak connection (a few hundred kbit/s) takes minutes, not seconds. */
const FILE_TIMEOUT_MS = 10 * 60_000;
import type { SyncSend } from '../../sync/transport';

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Resolves with any HTTP answer; rejects only when none came (no network, timeout). A session
 * that ended reads as the server's 401, so the drain stops and keeps the change for after the
 * next sign-in.
 */
export function createApiSend(client: KyInstance = api): SyncSend {
  return async (request) => {
    const headers: Record<string, string> = { ...request.headers };
    if (request.body !== undefined) headers['content-type'] ??= 'application/json';
    try {
      const response = await client(request.path.replace(/^\//, ''), {
        method: request.method,
        headers,
        body: request.file ?? request.body,
        throwHttpErrors: false,
        // A file goes out through XMLHttpRequest, the one transport that tells how much is sent.
        ...(request.file && request.onUploadProgress
          ? { fetch: uploadingFetch(request.onUploadProgress), timeout: FILE_TIMEOUT_MS }
          : {}),
      });
      return { status: response.status, body: await readBody(response) };
    } catch (error) {
      if (error instanceof SessionEndedError) {
        return { status: 401, body: { code: 'refresh_invalid', message: error.message } };
      }
      throw error;
    }
  };
}
