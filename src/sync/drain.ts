// Sends the outbox, oldest first, one entry at a time (DESIGN.md "Sync rules"). Order matters:
// a customer must exist before the invoice that names it. An entry leaves the outbox only when
// the server answered it: a success updates the record, a refusal (4xx) marks the record with
// the server's message and steps aside; no answer or a server error keeps the entry, waiting
// longer after each failure, and stops the drain so nothing overtakes it.
import type { ErrorBody } from '../../domain/errors';
import { db, type OutboxEntry, type RecordSyncError } from '../db/db';
import { backoffDelay } from './backoff';
import {
  CONNECTIVITY_KEY,
  changesRecord,
  entitySync,
  uploadProgressOf,
  type Connectivity,
} from './entities';
import type { SyncRequest, SyncResponse, SyncSend } from './transport';

export type DrainResult =
  | { status: 'done'; sent: number }
  | { status: 'offline'; sent: number; retryAt: number }
  | { status: 'waiting'; sent: number; retryAt: number }
  | { status: 'signed_out'; sent: number };

export interface DrainOptions {
  send: SyncSend;
  companyId: string;
  /** Try the first entry now even if it is backing off (the network just came back). */
  ignoreBackoff?: boolean;
  now?: () => number;
  random?: () => number;
}

/** Refusals that belong to the session, not to the change: keep the entry for after sign-in. */
const SESSION_CODES = new Set([
  'unauthorized',
  'token_expired',
  'token_invalid',
  'account_disabled',
  'company_inactive',
  'password_change_required',
]);

function errorBody(response: SyncResponse): ErrorBody {
  const body = response.body as Partial<ErrorBody> | null;
  return {
    code: typeof body?.code === 'string' ? body.code : `http_${response.status}`,
    message: typeof body?.message === 'string' ? body.message : `HTTP ${response.status}`,
    ...(body?.fields ? { fields: body.fields } : {}),
  };
}

type Outcome = 'success' | 'refused' | 'retry' | 'session';

export function classify(response: SyncResponse): Outcome {
  const { status } = response;
  const code = (response.body as { code?: unknown } | null)?.code;
  if (status >= 200 && status < 300) return 'success';
  if (status === 401 || (typeof code === 'string' && SESSION_CODES.has(code))) return 'session';
  if (status >= 500 || status === 408 || status === 425 || status === 429) return 'retry';
  if (code === 'idempotency_in_progress') return 'retry';
  return 'refused';
}

/**
 * Records whether the server answered. Written only when that changes: every answer of a drain
 * passes here, and each write is a durable commit of its own. `at` is thus the moment the
 * connection was lost (or found).
 */
export async function setConnectivity(online: boolean, now: number): Promise<void> {
  const current = (await db.meta.get(CONNECTIVITY_KEY))?.value as Connectivity | undefined;
  if (current?.online === online) return;
  const value: Connectivity = { online, at: now };
  await db.meta.put({ key: CONNECTIVITY_KEY, value });
}

function withCompany(path: string, companyId: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}companyId=${encodeURIComponent(companyId)}`;
}

/** The server accepted the entry: drop it, and bring the record up to the server's answer. */
async function accept(entry: OutboxEntry, response: SyncResponse): Promise<void> {
  const sync = entitySync(entry.entity);
  const tables = sync ? [db.outbox, sync.table()] : [db.outbox];
  await db.transaction('rw', tables, async () => {
    await db.outbox.delete(entry.seq!);
    if (!sync) return;
    const table = sync.table();
    const local = await table.get(entry.recordId);
    if (!local) return;
    const answer = sync.answered?.(entry, response.body, local);
    if (answer) {
      await table.update(entry.recordId, answer as never);
      return;
    }
    const remaining = await db.outbox
      .where('[entity+recordId]')
      .equals([entry.entity, entry.recordId])
      .filter(changesRecord)
      .count();
    if (entry.action === 'delete') {
      if (remaining === 0) await table.delete(entry.recordId);
      return;
    }
    const server = sync.toLocal(response.body, local.companyId, local, entry);
    if (remaining === 0 && !local.deleted) {
      await table.put(server);
    } else {
      // Newer local changes are still queued: keep them, and only note the server's version.
      await table.update(entry.recordId, {
        version: server.version,
        syncState: 'pending',
        syncError: null,
      });
    }
  });
}

/** The server refused the entry: drop it and show the refusal on the record. */
async function refuse(entry: OutboxEntry, response: SyncResponse, now: number): Promise<void> {
  const sync = entitySync(entry.entity);
  const tables = sync ? [db.outbox, sync.table()] : [db.outbox];
  const error: RecordSyncError = { ...errorBody(response), status: response.status, at: now };
  await db.transaction('rw', tables, async () => {
    await db.outbox.delete(entry.seq!);
    if (!sync) return;
    const table = sync.table();
    const local = await table.get(entry.recordId);
    if (!local) return;
    if (entry.action === 'delete' && response.status === 404) {
      // Already gone on the server: the deletion has what it wanted.
      const remaining = await db.outbox
        .where('[entity+recordId]')
        .equals([entry.entity, entry.recordId])
        .count();
      if (remaining === 0) await table.delete(entry.recordId);
      return;
    }
    const change = (await sync.refused?.(entry, error, local)) ?? {
      syncState: 'failed',
      syncError: error,
      deleted: 0,
    };
    await table.update(entry.recordId, change as never);
  });
}

async function postpone(
  entry: OutboxEntry,
  reason: string,
  now: number,
  random: () => number,
): Promise<number> {
  const attempts = entry.attempts + 1;
  const retryAt = now + backoffDelay(attempts, random);
  await db.outbox.update(entry.seq!, { attempts, nextAttemptAt: retryAt, lastError: reason });
  return retryAt;
}

async function toRequest(entry: OutboxEntry, companyId: string): Promise<SyncRequest> {
  const file = await entitySync(entry.entity)?.body?.(entry);
  const onUploadProgress = file ? uploadProgressOf(entry) : undefined;
  return {
    method: entry.method,
    path: withCompany(entry.path, companyId),
    headers: { ...entry.headers, 'Idempotency-Key': entry.key },
    ...(file
      ? { file, ...(onUploadProgress ? { onUploadProgress } : {}) }
      : { body: entry.body ? JSON.stringify(entry.body.json) : undefined }),
  };
}

/**
 * Sends the company's outbox until it is empty or an entry cannot be sent now. Callers hold
 * the sync lock (syncNow does), so entries are never sent twice at the same time.
 */
export async function drainOutbox(options: DrainOptions): Promise<DrainResult> {
  const { send, companyId } = options;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  let sent = 0;
  let ignoreBackoff = options.ignoreBackoff ?? false;
  for (;;) {
    const entry = await db.outbox.where('companyId').equals(companyId).first();
    if (!entry) return { status: 'done', sent };
    if (!ignoreBackoff && entry.nextAttemptAt > now()) {
      return { status: 'waiting', sent, retryAt: entry.nextAttemptAt };
    }
    ignoreBackoff = false;
    let response: SyncResponse;
    try {
      response = await send(await toRequest(entry, companyId));
    } catch {
      const retryAt = await postpone(entry, 'offline', now(), random);
      await setConnectivity(false, now());
      return { status: 'offline', sent, retryAt };
    }
    await setConnectivity(true, now());
    switch (classify(response)) {
      case 'success':
        await accept(entry, response);
        sent++;
        break;
      case 'refused':
        await refuse(entry, response, now());
        sent++;
        break;
      case 'session':
        return { status: 'signed_out', sent };
      case 'retry': {
        const retryAt = await postpone(entry, errorBody(response).message, now(), random);
        return { status: 'waiting', sent, retryAt };
      }
    }
  }
}
