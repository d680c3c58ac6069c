// The outbox's batch call: several queued changes in one request, each still its own call with
// its own Idempotency-Key and its own answer. Server and phone judge an answer by the same rule
// (syncOutcome), so the server stops a batch exactly where the phone's drain would have stopped.

export const SYNC_BATCH_PATH = '/v1/accounting/sync/batch';

/** Entries in one batch, at most. */
export const SYNC_BATCH_MAX_ENTRIES = 200;
/** The batch body the server reads, at most. */
export const SYNC_BATCH_MAX_BYTES = 2 * 1024 * 1024;
/**
 * The phone fills a batch up to this many bytes (half the server's limit), and sends a change
 * larger than that on its own call.
 */
export const SYNC_BATCH_TARGET_BYTES = 1024 * 1024;
/**
 * The server starts no new entry once a batch has run this long and answers the ones it ran,
 * so a slow batch is answered well before the phone gives up waiting (30 s).
 */
export const SYNC_BATCH_TIME_BUDGET_MS = 8_000;

/** The records a batch may change: the paths the outbox writes to. */
export const SYNC_BATCH_PATHS =
  /^\/v1\/accounting\/(customers|products|invoices|expenses|vendors|expense-categories)(\/|$)/;

/**
 * Request headers an entry may carry besides its key: the invoice API's device, and the version
 * a change was made on (see versionTag).
 */
export const SYNC_BATCH_HEADERS = ['x-device-id', 'if-match'] as const;

/**
 * A record's version as an entity tag: the server answers it as `ETag`, and refuses a change
 * sent with `If-Match` of another version (412 `record_changed`) unless it changes nothing.
 */
export function versionTag(version: number): string {
  return `"${version}"`;
}

/** The version an `If-Match` value names: null when absent, undefined when malformed. */
export function taggedVersion(value: string | null | undefined): number | null | undefined {
  if (value === null || value === undefined) return null;
  const match = /^"([1-9][0-9]{0,8})"$/.exec(value.trim());
  return match ? Number(match[1]) : undefined;
}

export interface SyncBatchEntry {
  /** The change's Idempotency-Key, as its own call would send it. */
  key: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path and query, as its own call would use them. */
  path: string;
  headers?: Record<string, string>;
  /** The JSON text its own call would send, byte for byte (the key's request hash). */
  body?: string;
  /**
   * Earlier entries of this batch (by index) that must have succeeded for this one to run:
   * the phone's handling of their refusal may drop or change this entry. When one of them did
   * not succeed, the server stops the batch before this entry.
   */
  requires?: number[];
}

export interface SyncBatchAnswer {
  key: string;
  status: number;
  /** Parsed JSON, or null for an empty or non-JSON answer. */
  body: unknown;
}

/** The answers, in order, to a prefix of the batch's entries; the rest were not run. */
export interface SyncBatchResult {
  answers: SyncBatchAnswer[];
}

/** Refusals that belong to the session, not to the change: kept for after sign-in. */
export const SESSION_CODES: ReadonlySet<string> = new Set([
  'unauthorized',
  'token_expired',
  'token_invalid',
  'account_disabled',
  'company_inactive',
  'password_change_required',
]);

/**
 * success: done; refused: the change cannot be made, the next one may go; retry: nothing
 * after it may go before it (no answer kept, or the first call still runs); session: nothing
 * goes until someone signs in again.
 */
export type SyncOutcome = 'success' | 'refused' | 'retry' | 'session';

export function syncOutcome(status: number, body: unknown): SyncOutcome {
  const code = (body as { code?: unknown } | null)?.code;
  if (status >= 200 && status < 300) return 'success';
  if (status === 401 || (typeof code === 'string' && SESSION_CODES.has(code))) return 'session';
  if (status >= 500 || status === 408 || status === 425 || status === 429) return 'retry';
  if (code === 'idempotency_in_progress') return 'retry';
  return 'refused';
}
