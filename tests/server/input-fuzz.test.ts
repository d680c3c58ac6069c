// Junk at every route, as every caller: NUL and other control characters, lone surrogates,
// huge and tiny numbers, deep nesting, wrong types, long strings and any unicode, in the body
// and the query. The answer is never a 5xx, and a refused write stores nothing. The routes come
// from the app itself, so routes added later are covered. Fixed seed: a failure repeats.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceBody } from '../helpers/invoices';
import {
  appRoutes,
  CALLERS,
  callersOf,
  storedCounter,
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

const SEED = 20261123;

function nested(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

const junkText = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDFFFy',
    '\u001F\u007F',
    '%00',
    "'; drop table users; --",
    '',
    ' ',
    '😀'.repeat(300),
    'x'.repeat(5000),
    '9'.repeat(400),
    '-1',
    '1e308',
    'NaN',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);

const junkNumber = fc.oneof(
  fc.constantFrom(-1, 0, 0.0001, 1e308, -1e308, 1e15, 1e9, 2 ** 53 + 1, Number.MIN_VALUE),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

const junkLeaf: fc.Arbitrary<unknown> = fc.oneof(
  junkText,
  junkNumber,
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
);

const FIELDS = [
  'id',
  'name',
  'username',
  'password',
  'email',
  'phone',
  'tin',
  'description',
  'reference',
  'customer',
  'items',
  'quantity',
  'unitPrice',
  'taxType',
  'date',
  'status',
  'organizationId',
  'serial',
  'certSerial',
  'language',
  'payments',
  'note',
  'amount',
  'to',
];

const junkObject = fc.dictionary(fc.constantFrom(...FIELDS), junkLeaf, { maxKeys: 8 });

/** A real invoice with one junk value in a line or the customer: reaches the totals. */
const junkInvoice = fc
  .tuple(
    fc.constantFrom('quantity', 'unitPrice', 'description', 'discountPercent'),
    junkLeaf,
    fc.integer({ min: 1, max: 200 }),
    fc.constantFrom(1e15, 1e9, 1),
    fc.constantFrom('name', 'phoneNumber', 'email'),
    junkText,
  )
  .map(([field, value, lines, price, customerField, text]) => {
    const body = invoiceBody({
      items: Array.from({ length: lines }, () => ({ unitPrice: price, quantity: 1e9 })),
    }) as { items: Record<string, unknown>[]; customer: Record<string, unknown> };
    body.items[0]![field] = value;
    body.customer[customerField] = text;
    return body;
  });

const junkBody: fc.Arbitrary<unknown> = fc.oneof(
  junkLeaf,
  junkObject,
  fc.array(junkObject, { maxLength: 3 }),
  fc.record({ items: fc.array(junkObject, { maxLength: 3 }), customer: junkObject }),
  junkInvoice,
  fc.integer({ min: 30, max: 200 }).map(nested),
);

const junkQuery = fc.dictionary(
  fc.constantFrom('search', 'limit', 'offset', 'from', 'to', 'status', 'layout', 'organizationId'),
  junkText,
  { maxKeys: 3 },
);

const BODIES_PER_CALL = 3;

describe('junk input', () => {
  it('never gets a server error, and a refused write stores nothing', async () => {
    const routes = appRoutes(server);
    const counts = await storedCounter(server);
    const bodies = fc.sample(junkBody, {
      seed: SEED,
      numRuns: routes.length * CALLERS.length * BODIES_PER_CALL,
    });
    const queries = fc.sample(junkQuery, { seed: SEED + 1, numRuns: bodies.length });
    const problems: string[] = [];
    const statuses: Record<number, number> = {};
    let requests = 0;
    const started = Date.now();
    for (const route of routes) {
      const write = WRITE_METHODS.includes(route.method);
      for (const caller of CALLERS) {
        for (let i = 0; i < BODIES_PER_CALL; i++) {
          const body = bodies[requests];
          const query = new URLSearchParams(queries[requests]);
          requests++;
          const url = `${urlFor(route, callers)}&${query.toString()}`;
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          const token = callers.tokens[caller];
          if (token) headers.authorization = `Bearer ${token}`;
          const before = write ? await counts() : '';
          const response = await server.app.request(url, {
            method: route.method,
            headers,
            ...(write ? { body: JSON.stringify(body) } : {}),
          });
          const text = await response.text();
          statuses[response.status] = (statuses[response.status] ?? 0) + 1;
          const where = `${route.method} ${url} as ${caller} with ${JSON.stringify(body)?.slice(0, 300)}`;
          if (response.status >= 500) problems.push(`${response.status} ${text}: ${where}`);
          else if (write && response.status >= 400 && (await counts()) !== before) {
            problems.push(`stored on ${response.status}: ${where}`);
          }
        }
      }
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.info(
      `input fuzz: ${requests} requests, ${routes.length} routes, ${CALLERS.length} roles, ` +
        `seed ${SEED}, ${seconds} s; statuses ${JSON.stringify(statuses)}`,
    );
    expect(problems.slice(0, 20)).toEqual([]);
  }, 180_000);
});

describe('text and amounts that cannot be saved', () => {
  const post = (path: string, body: unknown, caller: 'operator' | 'owner' = 'operator') =>
    server.call('POST', path, {
      token: callers.tokens[caller]!,
      body,
      headers: { 'accept-language': 'sw' },
    });

  it('name the field with a translated message', async () => {
    const customer = await post('/v1/accounting/customers', { name: 'Juma\u0000' });
    expect(customer.status).toBe(422);
    expect(customer.body.fields).toEqual({
      name: 'This text contains characters that cannot be saved',
    });
    const invoice = await post(
      '/v1/accounting/invoices',
      invoiceBody({ reference: 'R\u0000', items: [{ unitPrice: 1000, description: 'a\uD800' }] }),
    );
    expect(invoice.status).toBe(422);
    expect(Object.keys(invoice.body.fields as object).sort()).toEqual([
      'items.0.description',
      'reference',
    ]);
    const login = await server.call('POST', '/api/v2/login', {
      body: { username: 'juma\u0000', password: 'x' },
      headers: { 'accept-language': 'sw' },
    });
    expect(login.status).toBe(422);
    expect(login.body.fields).toEqual({
      username: 'Maandishi haya yana herufi ambazo haziwezi kuhifadhiwa',
    });
    const search = await server.call('GET', '/v1/accounting/customers?search=%00', {
      token: callers.tokens.operator!,
    });
    expect(search.status).toBe(422);
    expect(search.body.fields).toEqual({
      search: 'This text contains characters that cannot be saved',
    });
    const long = await server.call('GET', `/v1/accounting/products?search=${'a'.repeat(101)}`, {
      token: callers.tokens.operator!,
    });
    expect(long.status).toBe(422);
  });

  it('refuses deep nesting as malformed', async () => {
    const deep = await post('/v1/accounting/customers', { name: 'Juma', note: nested(40) });
    expect(deep.status).toBe(400);
  });

  it("gives a line's quantity its own message, and bounds the invoice total", async () => {
    for (const quantity of [-1, 0.0001, 1e308]) {
      const bad = await post(
        '/v1/accounting/invoices',
        invoiceBody({ items: [{ quantity, unitPrice: 1000 }] }),
      );
      expect(bad.status, String(quantity)).toBe(422);
      expect(Object.keys(bad.body.fields as object)).toEqual(['items.0.quantity']);
    }
    for (const items of [
      Array.from({ length: 2 }, () => ({ quantity: 1e9, unitPrice: 1e15 })),
      Array.from({ length: 200 }, () => ({ unitPrice: 1e15 })),
    ]) {
      const huge = await post('/v1/accounting/invoices', invoiceBody({ items }));
      expect(huge.status).toBe(422);
      expect(huge.body.fields).toEqual({
        items: 'The invoice total may be at most 5,000,000,000,000 TZS',
      });
    }
  });

  it('keep the values of their messages', async () => {
    const form = new FormData();
    form.set('file', new File(['Name,Phone\nJuma,0712345678\n'], 'c.csv', { type: 'text/csv' }));
    const missing = await server.call('POST', '/v1/accounting/customers/import', {
      token: callers.tokens.owner!,
      body: form,
    });
    expect(missing.status).toBe(422);
    expect(missing.body.message).toMatch(/column\(s\): \w/);
    expect(missing.body.fields.file).toBe(missing.body.message);
  });
});
