// A stand-in for the server at the network edge: answers by method and path, records requests.
import { vi } from 'vitest';

export type Route = (request: Request) => Response | Promise<Response>;

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function stubServer(routes: Record<string, Route>) {
  const seen: Request[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    seen.push(request.clone());
    const route = routes[`${request.method} ${new URL(request.url).pathname}`];
    if (route) return route(request);
    if (new URL(request.url).pathname === '/v1/accounting/health') {
      return json(200, { status: 'ok' });
    }
    return json(404, { code: 'not_found', message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetch);
  return {
    seen,
    calls: (method: string, path: string) =>
      seen.filter((r) => r.method === method && new URL(r.url).pathname === path),
  };
}

/** A phone without a connection: only the signed-in user's own record answers (from the cache). */
export function stubOffline(user: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(new Request(input, init).url).pathname;
      if (path === '/api/v2/user/me') return json(200, user);
      throw new TypeError('Failed to fetch');
    }),
  );
}
