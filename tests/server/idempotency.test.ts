import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../server/app';
import { requireAuth } from '../../server/auth/middleware';
import type { AppEnv } from '../../server/context';
import { auditLog, customers, idempotencyKeys } from '../../server/db/schema';
import { idempotency } from '../../server/http/idempotency';
import { createLogger } from '../../server/logger';
import { digits } from '../helpers/factories';
import { signedInCompany, tokenFor } from '../helpers/session';
import { createTestServer, type TestServer } from '../helpers/server';
import { jsonBodyLimit } from '../../server/http/validate';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

const customer = () => ({
  id: crypto.randomUUID(),
  name: 'Neema Stores',
  identificationType: 'TAX_IDENTIFICATION_NUMBER',
  identificationNumber: digits(9),
});

const post = (token: string, key: string, body: unknown, url = '/v1/accounting/customers') =>
  server.call('POST', url, { token, body, headers: { 'Idempotency-Key': key } });

describe('Idempotency-Key on the business API', () => {
  it('answers a replay with the first answer, and the write happens once', async () => {
    const { token } = await signedInCompany(server);
    const key = crypto.randomUUID();
    const body = customer();
    const first = await post(token, key, body);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    // The record changes in between; the replay still gets the first answer.
    await server.call('PUT', `/v1/accounting/customers/${body.id}`, {
      token,
      body: { ...body, name: 'Neema Stores Ltd' },
    });
    const replay = await post(token, key, body);
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const created = await server.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, body.id), eq(auditLog.action, 'customer_created')));
    expect(created).toHaveLength(1);
  });

  it('replays a refusal too, so a replay cannot turn an error into a success', async () => {
    const { token } = await signedInCompany(server);
    const existing = customer();
    await post(token, crypto.randomUUID(), existing);
    const key = crypto.randomUUID();
    const duplicate = { ...customer(), identificationNumber: existing.identificationNumber };
    const first = await post(token, key, duplicate);
    expect(first.body.code).toBe('customer_id_duplicated');
    await server.call('DELETE', `/v1/accounting/customers/${existing.id}`, { token });
    const replay = await post(token, key, duplicate);
    expect(replay).toMatchObject({ status: 409, body: first.body });
  });

  it('refuses the same key with a different request', async () => {
    const { token } = await signedInCompany(server);
    const key = crypto.randomUUID();
    const body = customer();
    await post(token, key, body);
    const changed = await post(token, key, { ...body, name: 'Another Name' });
    expect(changed).toMatchObject({
      status: 422,
      body: {
        code: 'idempotency_mismatch',
        message: 'This request was already sent with different content',
      },
    });
    const elsewhere = await server.call('PUT', `/v1/accounting/customers/${body.id}`, {
      token,
      body,
      headers: { 'Idempotency-Key': key },
    });
    expect(elsewhere.body.code).toBe('idempotency_mismatch');
  });

  it('keeps keys apart per company', async () => {
    const a = await signedInCompany(server);
    const b = await signedInCompany(server);
    const key = crypto.randomUUID();
    expect((await post(a.token, key, customer())).status).toBe(201);
    const other = await post(b.token, key, customer());
    expect(other.status).toBe(201);
    expect(other.headers.get('idempotent-replayed')).toBeNull();
  });

  it('replays a deletion', async () => {
    const { token } = await signedInCompany(server);
    const body = customer();
    await post(token, crypto.randomUUID(), body);
    const key = crypto.randomUUID();
    const url = `/v1/accounting/customers/${body.id}`;
    const first = await server.call('DELETE', url, { token, headers: { 'Idempotency-Key': key } });
    const again = await server.call('DELETE', url, { token, headers: { 'Idempotency-Key': key } });
    expect([first.status, again.status]).toEqual([204, 204]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('refuses a malformed key', async () => {
    const { token } = await signedInCompany(server);
    for (const key of ['has space', 'x'.repeat(256)]) {
      const response = await post(token, key, customer());
      expect(response).toMatchObject({
        status: 422,
        body: {
          code: 'idempotency_key_invalid',
          fields: {
            'Idempotency-Key': 'The Idempotency-Key header must be 1 to 255 visible characters',
          },
        },
      });
    }
  });

  it('replays a CSV import sent again with a new multipart boundary', async () => {
    const { token } = await signedInCompany(server);
    const key = crypto.randomUUID();
    const csv = `name,identification_type,identification_number,phone_number,email,vat_registration_number\nPendo Shop,TIN,${digits(9)},,,\n`;
    const send = (content: string) => {
      const form = new FormData();
      form.set('file', new File([content], 'customers.csv', { type: 'text/csv' }));
      return server.call('POST', '/v1/accounting/customers/import', {
        token,
        body: form,
        headers: { 'Idempotency-Key': key },
      });
    };
    expect((await send(csv)).body.imported).toBe(1);
    const replay = await send(csv);
    expect(replay.body.imported).toBe(1);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const list = await server.call('GET', '/v1/accounting/customers', { token });
    expect(list.body.total).toBe(1);
    expect((await send(`${csv}Other,NIL,,,,\n`)).body.code).toBe('idempotency_mismatch');
  });

  it('leaves a body that only claims to be a form to the route, which says what is wrong', async () => {
    const { token } = await signedInCompany(server);
    const claim = (url: string, type = 'multipart/form-data; boundary=xyz') =>
      server.call('POST', url, {
        token,
        body: 'garbage',
        headers: { 'Idempotency-Key': crypto.randomUUID(), 'content-type': type },
      });
    const imported = await claim('/v1/accounting/customers/import');
    expect(imported.status).toBe(422);
    expect(imported.body.code).toBe('csv_file_required');
    for (const url of [
      '/v1/accounting/customers',
      '/v1/accounting/products',
      '/v1/accounting/invoices',
      '/v1/accounting/expenses',
    ]) {
      const answer = await claim(url, 'multipart/form-data');
      expect({ url, status: answer.status, code: answer.body.code }).toEqual({
        url,
        status: 422,
        code: 'validation_failed',
      });
    }
    const unknown = await claim(
      `/v1/accounting/invoices/${crypto.randomUUID()}/submit`,
      'multipart/form-data',
    );
    expect(unknown.status).toBe(404);
  });
});

describe('the idempotency middleware', () => {
  /** A fresh app with test routes behind the middleware; counts how often each handler ran. */
  function appWithProbe(options: Parameters<typeof idempotency>[1] = {}) {
    const runs = { slow: 0, flaky: 0, echo: 0 };
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const probe = new Hono<AppEnv>();
    probe.use('*', jsonBodyLimit(), requireAuth(server.deps), idempotency(server.deps, options));
    probe.post('/slow', async (c) => {
      runs.slow++;
      await gate;
      return c.json({ run: runs.slow });
    });
    probe.post('/flaky', (c) => {
      runs.flaky++;
      if (runs.flaky === 1) throw new Error('database went away');
      return c.json({ run: runs.flaky });
    });
    probe.post('/echo', async (c) => {
      runs.echo++;
      return c.json({ run: runs.echo, body: await c.req.json() });
    });
    // The flaky route's failure is expected here, so it is not logged.
    const app = createApp({ ...server.deps, log: createLogger('silent') });
    app.route('/probe', probe);
    const call = async (path: string, token: string, key: string, body: unknown = {}) => {
      const response = await app.request(`/probe${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'Idempotency-Key': key,
        },
        body: JSON.stringify(body),
      });
      return { status: response.status, headers: response.headers, body: await response.json() };
    };
    return { runs, release, call };
  }

  // A busy machine may take a while to get a request to its handler; a fixed pause was not enough.
  const WAIT = { timeout: 10_000, interval: 20 };
  /** Until the first request has claimed its key and runs. */
  const runningOnce = (probe: ReturnType<typeof appWithProbe>) =>
    vi.waitFor(() => expect(probe.runs.slow).toBe(1), WAIT);

  it('tells a second caller to wait while the first request still runs', async () => {
    const { token } = await signedInCompany(server);
    const probe = appWithProbe();
    const key = crypto.randomUUID();
    const first = probe.call('/slow', token, key);
    await runningOnce(probe);
    const second = await probe.call('/slow', token, key);
    expect(second).toMatchObject({ status: 409, body: { code: 'idempotency_in_progress' } });
    expect(second.headers.get('retry-after')).toBe('1');
    probe.release();
    expect((await first).body).toEqual({ run: 1 });
    expect((await probe.call('/slow', token, key)).body).toEqual({ run: 1 });
    expect(probe.runs.slow).toBe(1);
  });

  it('does not keep a server failure: the retry runs again', async () => {
    const { token } = await signedInCompany(server);
    const probe = appWithProbe();
    const key = crypto.randomUUID();
    expect((await probe.call('/flaky', token, key)).status).toBe(500);
    const retry = await probe.call('/flaky', token, key);
    expect(retry).toMatchObject({ status: 200, body: { run: 2 } });
    expect((await probe.call('/flaky', token, key)).body).toEqual({ run: 2 });
  });

  it('lets a replay take over a first request whose process died, after its lease', async () => {
    const { token } = await signedInCompany(server);
    const probe = appWithProbe({ leaseMs: 30_000 });
    const key = crypto.randomUUID();
    const abandoned = probe.call('/slow', token, key);
    await runningOnce(probe);
    server.clock.advance(31_000);
    const takeover = probe.call('/slow', token, key);
    await vi.waitFor(() => expect(probe.runs.slow).toBe(2), WAIT);
    probe.release();
    await Promise.all([abandoned, takeover]);
  });

  it('forgets an answer after its time, so the key can be used again', async () => {
    const { token, operator } = await signedInCompany(server);
    const probe = appWithProbe({ ttlMs: 60_000 });
    const key = crypto.randomUUID();
    expect((await probe.call('/echo', token, key, { n: 1 })).body).toEqual({
      run: 1,
      body: { n: 1 },
    });
    expect((await probe.call('/echo', token, key, { n: 2 })).body.code).toBe(
      'idempotency_mismatch',
    );
    server.clock.advance(61_000);
    const fresh = await tokenFor(server, operator);
    expect((await probe.call('/echo', fresh, key, { n: 2 })).body).toEqual({
      run: 2,
      body: { n: 2 },
    });
  });
  it("deletes a company's expired keys, at most once a minute", async () => {
    const { token, company, operator } = await signedInCompany(server);
    const keysOf = async () =>
      (
        await server.deps.db
          .select({ key: idempotencyKeys.key })
          .from(idempotencyKeys)
          .where(eq(idempotencyKeys.scope, company.id))
      ).map((row) => row.key);
    const probe = appWithProbe({ ttlMs: 30_000 });
    const [first, second, third] = [1, 2, 3].map(() => crypto.randomUUID());
    await probe.call('/echo', token, first!, { n: 1 });
    server.clock.advance(31_000);
    // The first key has expired, but its company was cleaned up less than a minute ago.
    await probe.call('/echo', await tokenFor(server, operator), second!, { n: 2 });
    expect(await keysOf()).toEqual(expect.arrayContaining([first, second]));
    server.clock.advance(31_000);
    await probe.call('/echo', await tokenFor(server, operator), third!, { n: 3 });
    expect(await keysOf()).toEqual([third]);
  });
});

describe('simultaneous replays', () => {
  it('create one customer: the others wait or get the first answer', async () => {
    const { token, company } = await signedInCompany(server);
    const key = crypto.randomUUID();
    const body = customer();
    const answers = await Promise.all([1, 2, 3].map(() => post(token, key, body)));
    expect(
      answers.filter((a) => a.status === 201 && !a.headers.get('idempotent-replayed')),
    ).toHaveLength(1);
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    const rows = await server.deps.db
      .select()
      .from(customers)
      .where(eq(customers.companyId, company.id));
    expect(rows).toHaveLength(1);
  });
});
