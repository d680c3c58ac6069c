// POST /v1/accounting/sync/batch: the outbox's queued changes in one request. Each entry is
// run as the call it stands for (same route, same Idempotency-Key, same body bytes, same
// checks), one after the other in the batch's order, and answered on its own. The server stops
// where the phone's drain would stop: after an answer that must be retried or that ends the
// session, and before an entry that needs an earlier one that did not succeed. Entries it did
// not run get no answer and are sent again. Each entry keeps its own transaction: a shared one
// would hold the company's change position and the VFD's counter for the whole batch, stalling
// TRA's answers and, on the embedded database, every other request, and a refusal would undo
// the entries before it.
import { performance } from 'node:perf_hooks';
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  SYNC_BATCH_HEADERS,
  SYNC_BATCH_MAX_BYTES,
  SYNC_BATCH_MAX_ENTRIES,
  SYNC_BATCH_PATHS,
  SYNC_BATCH_TIME_BUDGET_MS,
  syncOutcome,
  type SyncBatchAnswer,
  type SyncBatchEntry,
  type SyncBatchResult,
} from '../../domain/sync-batch';
import { requireAuth } from '../auth/middleware';
import type { AppEnv, Deps } from '../context';
import { appError } from '../http/app-error';
import { batchCallEnv } from '../http/batch-call';
import { bodyLimit } from '../http/body';
import { companyContext } from '../http/company';
import { forgetExpiredKeys, IDEMPOTENCY_HEADER } from '../http/idempotency';
import type { CompanyContext } from '../http/company';
import { checkInput, readJson } from '../http/validate';
import type { BulkRunner } from './bulk-run';
import { customerChanges } from './bulk-customers';
import { productChanges } from './bulk-products';
import { bulkRecordChanges } from './bulk-records';
import { bulkSaveAndSubmitInvoices } from './bulk-invoices';

/** Runs one request through the app, as if it had come on its own (env: see batch-call.ts). */
export type Dispatch = (request: Request, env: object) => Promise<Response>;

const entrySchema = v.strictObject({
  key: v.pipe(v.string(), v.minLength(1), v.maxLength(255)),
  method: v.picklist(['POST', 'PUT', 'PATCH', 'DELETE']),
  path: v.pipe(v.string(), v.maxLength(2048), v.regex(SYNC_BATCH_PATHS)),
  headers: v.optional(v.record(v.string(), v.pipe(v.string(), v.maxLength(255)))),
  body: v.optional(v.string()),
  requires: v.optional(
    v.pipe(
      v.array(v.pipe(v.number(), v.integer(), v.minValue(0))),
      v.maxLength(SYNC_BATCH_MAX_ENTRIES),
    ),
  ),
});

const batchSchema = v.strictObject({
  entries: v.pipe(v.array(entrySchema), v.minLength(1)),
});

const ALLOWED_HEADERS: ReadonlySet<string> = new Set(SYNC_BATCH_HEADERS);

/** The batch as sent, or a 4xx: junk never reaches a route. */
function parseBatch(input: unknown, base: URL): SyncBatchEntry[] {
  const entries = (input as { entries?: unknown } | null)?.entries;
  if (Array.isArray(entries) && entries.length > SYNC_BATCH_MAX_ENTRIES) {
    throw appError(413, 'payload_too_large');
  }
  checkInput(input);
  const parsed = v.safeParse(batchSchema, input);
  if (!parsed.success) throw appError(400, 'bad_request');
  parsed.output.entries.forEach((entry, index) => {
    // The path must stay a path of this API once resolved ("//host", "/../").
    const url = new URL(entry.path, base);
    if (url.origin !== base.origin || !SYNC_BATCH_PATHS.test(url.pathname)) {
      throw appError(400, 'bad_request');
    }
    if (entry.requires?.some((earlier) => earlier >= index)) throw appError(400, 'bad_request');
    for (const name of Object.keys(entry.headers ?? {})) {
      if (!ALLOWED_HEADERS.has(name.toLowerCase())) throw appError(400, 'bad_request');
    }
  });
  return parsed.output.entries;
}

function entryRequest(entry: SyncBatchEntry, base: URL, batch: Request): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(entry.headers ?? {})) headers.set(name, value);
  for (const name of ['authorization', 'accept-language']) {
    const value = batch.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  headers.set(IDEMPOTENCY_HEADER, entry.key);
  if (entry.body !== undefined) headers.set('content-type', 'application/json');
  return new Request(new URL(entry.path, base), {
    method: entry.method,
    headers,
    ...(entry.body !== undefined ? { body: entry.body } : {}),
  });
}

async function answerOf(entry: SyncBatchEntry, response: Response): Promise<SyncBatchAnswer> {
  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
  }
  return { key: entry.key, status: response.status, body };
}

/**
 * Tried in order at each position of the batch; the first that takes a run answers it. Saves
 * and deletes of customers and products share one runner, so a list of edits to both, in any
 * order, is one run.
 */
const BULK_RUNNERS: readonly BulkRunner[] = [
  bulkRecordChanges([customerChanges, productChanges]),
  bulkSaveAndSubmitInvoices,
];

/** Entries answered together from the run's start (none: the first runs through its route). */
async function bulkRun(
  deps: Deps,
  ctx: CompanyContext,
  entries: readonly SyncBatchEntry[],
  base: URL,
): Promise<SyncBatchAnswer[]> {
  try {
    for (const runner of BULK_RUNNERS) {
      const answers = await runner(deps, ctx, entries, base);
      if (answers.length > 0) return answers;
    }
    return [];
  } catch (error) {
    // A write the checks could not foresee (another process's row): each entry runs on its own.
    deps.log.error('Sync batch: writing a run together failed, its entries run one by one', {
      error: String(error),
    });
    return [];
  }
}

export function syncBatchRoutes(deps: Deps, dispatch: Dispatch) {
  const app = new Hono<AppEnv>();

  app.post('/batch', bodyLimit(SYNC_BATCH_MAX_BYTES), requireAuth(deps), async (c) => {
    // The caller and the company first: nothing is read for someone who may not send it.
    const ctx = await companyContext(c, deps);
    const { companyId } = ctx;
    const base = new URL(c.req.url);
    const entries = parseBatch(await readJson(c), base);
    const started = performance.now();
    const env = batchCallEnv({ user: c.get('user') });
    const answers: SyncBatchAnswer[] = [];
    for (let index = 0; index < entries.length;) {
      const entry = entries[index]!;
      if (index > 0 && performance.now() - started > SYNC_BATCH_TIME_BUDGET_MS) break;
      const blocked = entry.requires?.some(
        (earlier) => syncOutcome(answers[earlier]!.status, answers[earlier]!.body) !== 'success',
      );
      if (blocked) break;
      // A run of entries of one kind is written together; entries a run answers all succeeded, so
      // the requirements of those after them hold.
      const run = await bulkRun(deps, ctx, entries.slice(index), base);
      if (run.length > 0) {
        answers.push(...run);
        index += run.length;
        continue;
      }
      index++;
      const request = entryRequest(entry, base, c.req.raw);
      const answer = await answerOf(entry, await dispatch(request, env));
      answers.push(answer);
      const outcome = syncOutcome(answer.status, answer.body);
      if (outcome === 'retry' || outcome === 'session') break;
    }
    await forgetExpiredKeys(deps, companyId);
    const result: SyncBatchResult = { answers };
    return c.json(result);
  });

  return app;
}
