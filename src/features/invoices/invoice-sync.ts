// Syncing on the invoice screens' own account: right after a submit (so the receipt number shows
// as soon as the server gives it), on the submitted section's countdown and its refresh button.
// The same drain and pull as the background sync, under the same lock; if another sync holds
// the lock, this one waits for it and goes again, so a refresh is never silently skipped.
import { api, SessionEndedError } from '../../api/client';
import { syncNow, type SyncResult } from '../../sync/sync-now';
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

/** Resolves with any HTTP answer; rejects only when none came (no network, timeout). */
const send: SyncSend = async (request) => {
  const headers: Record<string, string> = { ...request.headers };
  if (request.body !== undefined) headers['content-type'] ??= 'application/json';
  try {
    const response = await api(request.path.replace(/^\//, ''), {
      method: request.method,
      headers,
      body: request.body,
      throwHttpErrors: false,
    });
    return { status: response.status, body: await readBody(response) };
  } catch (error) {
    if (error instanceof SessionEndedError) {
      return { status: 401, body: { code: 'refresh_invalid', message: error.message } };
    }
    throw error;
  }
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends what waits and pulls what changed, now; null when it could not run within `waitMs`. */
export async function syncInvoicesNow(
  companyId: string,
  waitMs = 15_000,
): Promise<SyncResult | null> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const result = await syncNow({ send, companyId, ignoreBackoff: true });
    if (result.status !== 'busy') return result;
    if (Date.now() > deadline) return null;
    await sleep(300);
  }
}
