// A scripted stand-in for the API at the network edge: records every request the sync layer
// sends and answers from a queue of responses (or fails like a dropped connection). A batch
// call is taken apart as the server does: each entry is recorded and answered as its own call,
// in order, stopping where the server stops; a dropped connection on its first entry drops the
// batch, on a later one ends the batch there (the rest is sent again, and fails then).
import {
  SYNC_BATCH_PATH,
  syncOutcome,
  type SyncBatchAnswer,
  type SyncBatchEntry,
} from '../../../domain/sync-batch';
import type { SyncRequest, SyncResponse, SyncSend } from '../../../src/sync/transport';

type Answer =
  SyncResponse | 'network-error' | ((request: SyncRequest) => SyncResponse | 'network-error');

export interface FakeServer {
  send: SyncSend;
  requests: SyncRequest[];
  /** Answers for the next calls, in order; when empty, `fallback` answers. */
  answers: Answer[];
  fallback: Answer;
  /** The batch calls as sent (their entries are in `requests` too). */
  batches: SyncRequest[];
}

export interface FakeServerOptions {
  /** false: the batch call is unknown (404), as on a server older than it. */
  batch?: boolean;
}

export function fakeServer(
  fallback: Answer = (request) => echo(request),
  options: FakeServerOptions = {},
): FakeServer {
  const answer = (request: SyncRequest) => {
    const queued = server.answers.shift();
    const next = queued ?? server.fallback;
    return { queued, response: typeof next === 'function' ? next(request) : next };
  };
  const runBatch = (request: SyncRequest): SyncResponse => {
    const { entries } = JSON.parse(request.body!) as { entries: SyncBatchEntry[] };
    const answers: SyncBatchAnswer[] = [];
    for (const [index, entry] of entries.entries()) {
      const blocked = entry.requires?.some(
        (earlier) => syncOutcome(answers[earlier]!.status, answers[earlier]!.body) !== 'success',
      );
      if (blocked) break;
      const one: SyncRequest = {
        method: entry.method,
        path: entry.path,
        headers: { ...entry.headers, 'Idempotency-Key': entry.key },
        body: entry.body,
      };
      const { queued, response } = answer(one);
      if (response === 'network-error') {
        if (index === 0) {
          server.requests.push(one);
          throw new TypeError('Failed to fetch');
        }
        if (queued !== undefined) server.answers.unshift(queued);
        break;
      }
      server.requests.push(one);
      answers.push({ key: entry.key, status: response.status, body: response.body });
      const outcome = syncOutcome(response.status, response.body);
      if (outcome === 'retry' || outcome === 'session') break;
    }
    return { status: 200, body: { answers } };
  };
  const server: FakeServer = {
    requests: [],
    answers: [],
    fallback,
    batches: [],
    send: async (request) => {
      await Promise.resolve();
      if (request.path.split('?')[0] === SYNC_BATCH_PATH) {
        server.batches.push(request);
        if (options.batch === false) {
          return { status: 404, body: { code: 'not_found', message: 'Not found' } };
        }
        return runBatch(request);
      }
      server.requests.push(request);
      const { response } = answer(request);
      if (response === 'network-error') throw new TypeError('Failed to fetch');
      return response;
    },
  };
  return server;
}

let version = 0;

/** What the real server answers to a PUT: the record with a server version; 204 for a DELETE. */
export function echo(request: SyncRequest): SyncResponse {
  if (request.method === 'DELETE') return { status: 204, body: null };
  if (request.method === 'GET')
    return { status: 200, body: { changes: [], cursor: '0', more: false, reset: false } };
  const id = request.path.split('?')[0]!.split('/').pop()!;
  const now = new Date().toISOString();
  return {
    status: 200,
    body: {
      ...(JSON.parse(request.body ?? '{}') as object),
      id,
      version: ++version,
      createdAt: now,
      updatedAt: now,
    },
  };
}

export const refusal = (
  status: number,
  code: string,
  message: string,
  fields?: object,
): SyncResponse => ({
  status,
  body: { code, message, ...(fields ? { fields } : {}) },
});
