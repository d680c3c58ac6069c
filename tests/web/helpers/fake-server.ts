// A scripted stand-in for the API at the network edge: records every request the sync layer
// sends and answers from a queue of responses (or fails like a dropped connection).
import type { SyncRequest, SyncResponse, SyncSend } from '../../../src/sync/transport';

type Answer =
  SyncResponse | 'network-error' | ((request: SyncRequest) => SyncResponse | 'network-error');

export interface FakeServer {
  send: SyncSend;
  requests: SyncRequest[];
  /** Answers for the next calls, in order; when empty, `fallback` answers. */
  answers: Answer[];
  fallback: Answer;
}

export function fakeServer(fallback: Answer = (request) => echo(request)): FakeServer {
  const server: FakeServer = {
    requests: [],
    answers: [],
    fallback,
    send: async (request) => {
      server.requests.push(request);
      await Promise.resolve();
      const next = server.answers.shift() ?? server.fallback;
      const answer = typeof next === 'function' ? next(request) : next;
      if (answer === 'network-error') throw new TypeError('Failed to fetch');
      return answer;
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
