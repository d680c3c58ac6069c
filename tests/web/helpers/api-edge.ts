// The server at the network edge for screens that save records: it answers the session calls,
// and answers (or, while `online` is false, drops like a lost connection) the outbox and the
// changes feed, by fetch and by XMLHttpRequest (uploads). Records every request.
import { vi } from 'vitest';
import type { SessionUser } from '../../../domain/roles';
import { json } from './fetch';
import { stubXhrOverFetch } from './xhr';

export interface ApiEdge {
  online: boolean;
  /** An answer for the next outbox call instead of the echo (e.g. a duplicate refusal). */
  refuseNext: Response | null;
  /** How the server answers a customer CSV upload. */
  importAnswer: ((request: Request) => Response | Promise<Response>) | null;
  /** While set, the changes feed answers only once it settles (a first download under way). */
  changesGate: Promise<void> | null;
  /** The feed's page after the cursor `since`, instead of an empty last page. */
  changesPage: ((since: string) => Promise<unknown>) | null;
  seen: {
    method: string;
    path: string;
    body: string | null;
    headers: Headers;
    answered: boolean;
  }[];
  /** The outbox calls the server answered. */
  writes(): { method: string; path: string; body: string | null }[];
}

let version = 100;

export function stubApiEdge(user: SessionUser, options: { online?: boolean } = {}): ApiEdge {
  const edge: ApiEdge = {
    online: options.online ?? false,
    refuseNext: null,
    importAnswer: null,
    changesGate: null,
    changesPage: null,
    seen: [],
    writes: () =>
      edge.seen.filter((r) => r.answered && (r.method === 'PUT' || r.method === 'DELETE')),
  };
  stubXhrOverFetch();
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const isUpload = request.headers.get('content-type')?.startsWith('multipart/') ?? false;
    const body = request.body && !isUpload ? await request.clone().text() : null;
    const seen = {
      method: request.method,
      path: url.pathname,
      body,
      headers: request.headers,
      answered: true,
    };
    edge.seen.push(seen);
    if (url.pathname === '/api/v2/user/me') return json(200, user);
    if (url.pathname === '/v1/accounting/health') return json(200, { status: 'ok' });
    if (!edge.online) {
      seen.answered = false;
      throw new TypeError('Failed to fetch');
    }
    if (url.pathname === '/v1/accounting/customers/import' && edge.importAnswer) {
      return edge.importAnswer(request);
    }
    if (url.pathname === '/v1/accounting/changes') {
      if (edge.changesGate) await edge.changesGate;
      if (edge.changesPage)
        return json(200, await edge.changesPage(url.searchParams.get('since')!));
      return json(200, { changes: [], cursor: '0', more: false, reset: false });
    }
    if (edge.refuseNext) {
      const answer = edge.refuseNext;
      edge.refuseNext = null;
      return answer;
    }
    if (request.method === 'DELETE') return new Response(null, { status: 204 });
    if (request.method === 'PUT') {
      const now = new Date().toISOString();
      return json(200, {
        ...(JSON.parse(body ?? '{}') as object),
        id: url.pathname.split('/').pop(),
        version: ++version,
        createdAt: now,
        updatedAt: now,
      });
    }
    return json(404, { code: 'not_found', message: 'Not found' });
  });
  return edge;
}
