// Every write route × every caller, with a body far past any limit, declared or chunked: the
// caller is checked before a byte is read (401 signed out, 403/404 without the right), and
// whoever may send a body gets a 413, never a 422 or a 5xx. Nothing is stored. The routes come
// from the app itself, so a route added later is covered without changing this test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appRoutes,
  CALLERS,
  callersOf,
  storedCounts,
  urlFor,
  WRITE_METHODS,
  type Callers,
} from '../helpers/routes';
import { createTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let callers: Callers;
beforeAll(async () => {
  server = await createTestServer();
  callers = await callersOf(server);
});
afterAll(async () => {
  await server.close();
});

const HUGE = 100 * 1024 * 1024;
/** Past the largest limit of any route (a 10 MB customer file). */
const CHUNKED = 11 * 1024 * 1024;

/** A body sent in chunks without a length, generated as it is read. */
function chunkedBody(size: number): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= size) return controller.close();
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

/** Routes anyone may call without signing in. */
const PUBLIC = [
  /^\/api\/v2\/(login|user\/token\/refresh|logout|password\/.*|recover.*|verify.*|reset.*)/,
  /^\/v1\/accounting\/(contact-requests|registrations)$/,
  // The USSD gateway's callback: its token, not a sign-in (and a 404 while none is configured).
  /^\/ussd\/callback$/,
];

async function send(
  method: string,
  url: string,
  token: string | undefined,
  body: 'declared' | 'chunked',
) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const init: RequestInit & { duplex?: 'half' } =
    body === 'declared'
      ? { method, headers: { ...headers, 'content-length': String(HUGE) }, body: '{}' }
      : { method, headers, body: chunkedBody(CHUNKED), duplex: 'half' };
  const response = await server.app.request(url, init);
  const text = await response.text();
  let code: string | undefined;
  try {
    code = (JSON.parse(text) as { code?: string }).code;
  } catch {
    /* not JSON */
  }
  return { status: response.status, code };
}

describe('request bodies', () => {
  it('are refused before reading for callers without the right, and past the limit for the others', async () => {
    const routes = appRoutes(server, WRITE_METHODS);
    expect(routes.length).toBeGreaterThan(40);
    const before = await storedCounts(server);
    const problems: string[] = [];
    const refusedAsTooLarge = new Set<string>();
    for (const route of routes) {
      const isPublic = PUBLIC.some((pattern) => pattern.test(route.path));
      for (const caller of CALLERS) {
        for (const kind of ['declared', 'chunked'] as const) {
          const url = urlFor(route, callers);
          const { status, code } = await send(route.method, url, callers.tokens[caller], kind);
          const where = `${route.method} ${route.path} as ${caller} (${kind}): ${status} ${code}`;
          if (status >= 500) problems.push(`server error: ${where}`);
          else if (status < 400) problems.push(`accepted: ${where}`);
          else if (status === 422 && code !== 'idempotency_key_invalid')
            problems.push(`body read and validated: ${where}`);
          else if (caller === 'anonymous' && !isPublic && status !== 401)
            problems.push(`not 401 signed out: ${where}`);
          if (status === 413) refusedAsTooLarge.add(`${route.method} ${route.path} ${caller}`);
        }
      }
    }
    expect(problems).toEqual([]);
    // Those allowed to send a body are told it is too large.
    for (const expected of [
      'POST /v1/accounting/organizations platform',
      'POST /v1/accounting/companies platform',
      'POST /v1/accounting/companies orgAdmin',
      'PUT /v1/accounting/companies/:id orgAdmin',
      'POST /v1/accounting/companies/:id/z-reports owner',
      'PUT /v1/accounting/companies/:id/vfd/cert-serial platform',
      'POST /v1/accounting/customers operator',
      'POST /v1/accounting/customers/import owner',
      'POST /v1/accounting/products operator',
      'POST /v1/accounting/invoices operator',
      'POST /v1/accounting/expenses owner',
      'POST /api/v2/login anonymous',
    ]) {
      expect(refusedAsTooLarge, expected).toContain(expected);
    }
    // And the others are not.
    for (const refused of [
      'POST /v1/accounting/organizations operator',
      'POST /v1/accounting/companies operator',
      'POST /v1/accounting/companies owner',
      'POST /v1/accounting/companies/:id/z-reports operator',
    ]) {
      expect(refusedAsTooLarge, refused).not.toContain(refused);
    }
    expect(await storedCounts(server)).toEqual(before);
    console.info(
      `body limits: ${routes.length} write routes × ${CALLERS.length} callers × 2 bodies, ` +
        `${refusedAsTooLarge.size} route-caller pairs refused as too large`,
    );
  }, 120_000);
});
