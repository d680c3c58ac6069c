import { beforeEach, describe, expect, it } from 'vitest';
import { SYNC_BATCH_PATH, type SyncBatchEntry } from '../../domain/sync-batch';
import { deleteCustomer, saveCustomer } from '../../src/db/customers';
import { db } from '../../src/db/db';
import { saveProduct } from '../../src/db/products';
import { BACKOFF_BASE_MS, BACKOFF_CAP_MS } from '../../src/sync/backoff';
import { drainOutbox } from '../../src/sync/drain';
import { withSyncLock } from '../../src/sync/lock';
import { syncNow } from '../../src/sync/sync-now';
import type { SyncRequest } from '../../src/sync/transport';
import { echo, fakeServer, refusal } from './helpers/fake-server';
import { resetLocalDatabase } from './helpers/local-db';

const COMPANY = '11111111-1111-4111-8111-111111111111';

beforeEach(resetLocalDatabase);

const walkIn = (name: string) => ({ name, identificationType: 'NO_IDENTIFICATION' as const });

/** A clock the test moves, and a jitter of zero (the shortest wait). */
function clock(start = Date.now() + 1000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms), random: () => 0 };
}

describe('the outbox drain', () => {
  it('sends every change in the order it was made, each with its Idempotency-Key', async () => {
    const asha = await saveCustomer(COMPANY, walkIn('Asha'));
    const soap = await saveProduct(COMPANY, { name: 'Sabuni', taxType: 'standard' });
    await saveCustomer(COMPANY, { ...walkIn('Asha Mwinyi'), id: asha.id });
    await deleteCustomer(COMPANY, asha.id);
    const keys = (await db.outbox.orderBy('seq').toArray()).map((e) => e.key);
    const server = fakeServer();

    const result = await drainOutbox({ send: server.send, companyId: COMPANY });

    expect(result).toEqual({ status: 'done', sent: 4 });
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      `PUT /v1/accounting/customers/${asha.id}?companyId=${COMPANY}`,
      `PUT /v1/accounting/products/${soap.id}?companyId=${COMPANY}`,
      `PUT /v1/accounting/customers/${asha.id}?companyId=${COMPANY}`,
      `DELETE /v1/accounting/customers/${asha.id}?companyId=${COMPANY}`,
    ]);
    expect(server.requests.map((r) => r.headers['Idempotency-Key'])).toEqual(keys);
    expect(JSON.parse(server.requests[2]!.body!)).toMatchObject({ name: 'Asha Mwinyi' });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.customers.get(asha.id)).toBeUndefined();
    expect(await db.products.get(soap.id)).toMatchObject({
      syncState: 'synced',
      version: expect.any(Number),
    });
  });

  it('keeps an entry that got no answer and waits longer after each failure', async () => {
    const time = clock();
    const first = await saveCustomer(COMPANY, walkIn('Offline One'));
    await saveCustomer(COMPANY, walkIn('Offline Two'));
    const server = fakeServer('network-error');
    const drain = () => drainOutbox({ send: server.send, companyId: COMPANY, ...time });

    expect(await drain()).toEqual({
      status: 'offline',
      sent: 0,
      retryAt: time.now() + BACKOFF_BASE_MS / 2,
    });
    expect(await db.outbox.count()).toBe(2);
    expect(await db.outbox.orderBy('seq').first()).toMatchObject({
      attempts: 1,
      lastError: 'offline',
    });
    expect(await db.meta.get('connectivity')).toMatchObject({ value: { online: false } });

    // Before its time, the entry is not tried again, and nothing overtakes it.
    expect((await drain()).status).toBe('waiting');
    expect(server.requests).toHaveLength(1);

    time.advance(BACKOFF_BASE_MS);
    expect((await drain()).status).toBe('offline');
    const afterTwo = await db.outbox.orderBy('seq').first();
    expect(afterTwo!.attempts).toBe(2);
    expect(afterTwo!.nextAttemptAt - time.now()).toBe(BACKOFF_BASE_MS);

    // The wait never grows past the cap.
    for (let i = 0; i < 20; i++) {
      time.advance(BACKOFF_CAP_MS);
      await drain();
    }
    const capped = await db.outbox.orderBy('seq').first();
    expect(capped!.nextAttemptAt - time.now()).toBeLessThanOrEqual(BACKOFF_CAP_MS);

    // The connection comes back: the same request, with the same key, goes out and succeeds.
    server.fallback = echo;
    expect(await drain()).toMatchObject({ status: 'waiting' });
    expect(
      await drainOutbox({ send: server.send, companyId: COMPANY, ...time, ignoreBackoff: true }),
    ).toEqual({
      status: 'done',
      sent: 2,
    });
    const keys = new Set(
      server.requests
        .filter((r) => r.path.includes(first.id))
        .map((r) => r.headers['Idempotency-Key']),
    );
    expect(keys.size).toBe(1);
    expect(await db.meta.get('connectivity')).toMatchObject({ value: { online: true } });
  });

  it('keeps an entry the server failed on (5xx) and notes the reason', async () => {
    const time = clock();
    const saved = await saveCustomer(COMPANY, walkIn('Server Trouble'));
    const server = fakeServer();
    server.answers.push(refusal(503, 'internal', 'Something went wrong. Please try again.'));
    const result = await drainOutbox({ send: server.send, companyId: COMPANY, ...time });
    expect(result).toMatchObject({ status: 'waiting', sent: 0 });
    expect(await db.outbox.toArray()).toMatchObject([
      { attempts: 1, lastError: 'Something went wrong. Please try again.' },
    ]);
    expect(await db.customers.get(saved.id)).toMatchObject({
      syncState: 'pending',
      syncError: null,
    });
    time.advance(BACKOFF_BASE_MS);
    expect(await drainOutbox({ send: server.send, companyId: COMPANY, ...time })).toEqual({
      status: 'done',
      sent: 1,
    });
  });

  it('stops retrying a refused change, shows the refusal on the record, and goes on', async () => {
    const duplicate = await saveCustomer(COMPANY, {
      name: 'Made Offline',
      identificationType: 'TAX_IDENTIFICATION_NUMBER',
      identificationNumber: '123456789',
    });
    const next = await saveCustomer(COMPANY, walkIn('Next One'));
    const server = fakeServer();
    server.answers.push(
      refusal(409, 'customer_id_duplicated', 'Namba ya utambulisho wa mteja imejirudia', {
        identificationNumber: 'Namba ya utambulisho wa mteja imejirudia',
      }),
    );
    const result = await drainOutbox({ send: server.send, companyId: COMPANY });
    expect(result).toEqual({ status: 'done', sent: 2 });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.customers.get(duplicate.id)).toMatchObject({
      syncState: 'failed',
      syncError: {
        status: 409,
        code: 'customer_id_duplicated',
        message: 'Namba ya utambulisho wa mteja imejirudia',
        fields: { identificationNumber: 'Namba ya utambulisho wa mteja imejirudia' },
      },
    });
    expect(await db.customers.get(next.id)).toMatchObject({ syncState: 'synced' });

    // Fixing the record queues it again and clears the error.
    await saveCustomer(COMPANY, { ...duplicate, identificationNumber: '987654321' });
    expect(await db.customers.get(duplicate.id)).toMatchObject({
      syncState: 'pending',
      syncError: null,
    });
    await drainOutbox({ send: server.send, companyId: COMPANY });
    expect(await db.customers.get(duplicate.id)).toMatchObject({ syncState: 'synced' });
  });

  it('brings back a customer whose deletion the server refused', async () => {
    const saved = await saveCustomer(COMPANY, walkIn('Has Invoices'));
    await drainOutbox({ send: fakeServer().send, companyId: COMPANY });
    await deleteCustomer(COMPANY, saved.id);
    const server = fakeServer();
    server.answers.push(
      refusal(409, 'customer_has_invoices', 'This customer has invoices and cannot be deleted'),
    );
    await drainOutbox({ send: server.send, companyId: COMPANY });
    expect(await db.customers.get(saved.id)).toMatchObject({
      deleted: 0,
      syncState: 'failed',
      syncError: { message: 'This customer has invoices and cannot be deleted' },
    });
  });

  it('treats a deletion the server no longer knows as done', async () => {
    const saved = await saveCustomer(COMPANY, walkIn('Gone Elsewhere'));
    await drainOutbox({ send: fakeServer().send, companyId: COMPANY });
    await deleteCustomer(COMPANY, saved.id);
    const server = fakeServer(refusal(404, 'customer_not_found', 'Customer not found'));
    await drainOutbox({ send: server.send, companyId: COMPANY });
    expect(await db.customers.get(saved.id)).toBeUndefined();
  });

  it('keeps everything when the session has ended, without counting an attempt', async () => {
    await saveCustomer(COMPANY, walkIn('Signed Out'));
    const server = fakeServer(refusal(401, 'token_expired', 'Expired JWT Token'));
    expect(await drainOutbox({ send: server.send, companyId: COMPANY })).toEqual({
      status: 'signed_out',
      sent: 0,
    });
    expect(await db.outbox.toArray()).toMatchObject([{ attempts: 0 }]);
  });

  it("sends only the signed-in company's changes", async () => {
    await saveCustomer(COMPANY, walkIn('Mine'));
    await saveCustomer('22222222-2222-4222-8222-222222222222', walkIn('Theirs'));
    const server = fakeServer();
    await drainOutbox({ send: server.send, companyId: COMPANY });
    expect(server.requests).toHaveLength(1);
    expect(await db.outbox.count()).toBe(1);
  });
});

describe('one sync at a time', () => {
  it('lets a second sync return at once while the first runs, and sends each entry once', async () => {
    for (const name of ['A', 'B', 'C']) await saveCustomer(COMPANY, walkIn(name));
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const server = fakeServer();
    const slowSend: typeof server.send = async (request) => {
      await gate;
      return server.send(request);
    };
    const first = syncNow({ send: slowSend, companyId: COMPANY });
    const second = await syncNow({ send: server.send, companyId: COMPANY });
    expect(second).toEqual({ status: 'busy' });
    release();
    expect(await first).toMatchObject({ status: 'done', drain: { status: 'done', sent: 3 } });
    expect(server.requests.filter((r) => r.method === 'PUT')).toHaveLength(3);
  });

  it('uses the Web Lock shared with the service worker when the browser has it', async () => {
    const held = new Set<string>();
    const calls: Array<{ name: string; ifAvailable: boolean }> = [];
    const locks = {
      async request<T>(
        name: string,
        options: { ifAvailable: true },
        callback: (lock: unknown) => Promise<T>,
      ): Promise<T> {
        calls.push({ name, ifAvailable: options.ifAvailable });
        if (held.has(name)) return callback(null);
        held.add(name);
        try {
          return await callback({ name });
        } finally {
          held.delete(name);
        }
      },
    };
    let inner: unknown;
    const outer = await withSyncLock(async () => {
      inner = await withSyncLock(async () => 'ran', locks);
      return 'outer ran';
    }, locks);
    expect(outer).toBe('outer ran');
    expect(inner).toBe('busy');
    expect(calls).toEqual([
      { name: 'risiti-sync', ifAvailable: true },
      { name: 'risiti-sync', ifAvailable: true },
    ]);
  });
});

describe('the outbox drain in batches', () => {
  const customers = async (count: number, prefix = 'Batch') => {
    const saved = [];
    for (let i = 0; i < count; i++)
      saved.push(await saveCustomer(COMPANY, walkIn(`${prefix} ${i}`)));
    return saved;
  };
  const batchKeys = (request: SyncRequest) =>
    (JSON.parse(request.body!) as { entries: SyncBatchEntry[] }).entries.map((e) => e.key);

  it('sends the queue in ordered batches of at most 200, each entry with its own key', async () => {
    const saved = await customers(250);
    const keys = (await db.outbox.orderBy('seq').toArray()).map((e) => e.key);
    const server = fakeServer();

    expect(await drainOutbox({ send: server.send, companyId: COMPANY })).toEqual({
      status: 'done',
      sent: 250,
    });
    expect(server.batches.map((b) => `${b.method} ${b.path}`)).toEqual([
      `POST ${SYNC_BATCH_PATH}?companyId=${COMPANY}`,
      `POST ${SYNC_BATCH_PATH}?companyId=${COMPANY}`,
    ]);
    expect(server.batches.map((b) => batchKeys(b).length)).toEqual([200, 50]);
    expect(server.batches.flatMap(batchKeys)).toEqual(keys);
    expect(server.requests.map((r) => r.path.split('?')[0])).toEqual(
      saved.map((c) => `/v1/accounting/customers/${c.id}`),
    );
    expect(await db.outbox.count()).toBe(0);
    const stored = await db.customers.bulkGet(saved.map((c) => c.id));
    expect(stored.every((c) => c?.syncState === 'synced' && c.version > 0)).toBe(true);
  });

  it('handles each answer as its own: a refusal in the middle marks that record and goes on', async () => {
    const [first, refused, last] = await customers(3, 'Middle');
    const server = fakeServer();
    server.answers.push(
      echo,
      refusal(422, 'validation_failed', 'Please check the highlighted fields', {
        name: 'Required',
      }),
    );
    expect(await drainOutbox({ send: server.send, companyId: COMPANY })).toEqual({
      status: 'done',
      sent: 3,
    });
    expect(server.batches).toHaveLength(1);
    expect(await db.customers.get(first!.id)).toMatchObject({ syncState: 'synced' });
    expect(await db.customers.get(refused!.id)).toMatchObject({
      syncState: 'failed',
      syncError: { code: 'validation_failed', status: 422, fields: { name: 'Required' } },
    });
    expect(await db.customers.get(last!.id)).toMatchObject({ syncState: 'synced' });
  });

  it('stops at an entry to retry: the ones before are done, the ones after wait unsent', async () => {
    const time = clock();
    const saved = await customers(5, 'Midway');
    const server = fakeServer();
    server.answers.push(
      echo,
      echo,
      refusal(503, 'internal', 'Something went wrong. Please try again.'),
    );
    const drain = () => drainOutbox({ send: server.send, companyId: COMPANY, ...time });

    expect(await drain()).toEqual({
      status: 'waiting',
      sent: 2,
      retryAt: time.now() + BACKOFF_BASE_MS / 2,
    });
    expect(server.requests).toHaveLength(3);
    const waiting = await db.outbox.orderBy('seq').toArray();
    expect(waiting.map((e) => [e.recordId, e.attempts])).toEqual([
      [saved[2]!.id, 1],
      [saved[3]!.id, 0],
      [saved[4]!.id, 0],
    ]);
    expect(await db.customers.get(saved[3]!.id)).toMatchObject({ syncState: 'pending' });

    // Nothing overtakes the waiting entry; once it is due, it leads the next batch.
    expect((await drain()).status).toBe('waiting');
    expect(server.batches).toHaveLength(1);
    time.advance(BACKOFF_BASE_MS);
    expect(await drain()).toEqual({ status: 'done', sent: 3 });
    expect(batchKeys(server.batches[1]!)).toEqual(waiting.map((e) => e.key));
  });

  it('keeps the rest untouched when the session ends midway', async () => {
    const saved = await customers(3, 'Session');
    const server = fakeServer();
    server.answers.push(echo, refusal(401, 'token_expired', 'Expired JWT Token'));
    expect(await drainOutbox({ send: server.send, companyId: COMPANY })).toEqual({
      status: 'signed_out',
      sent: 1,
    });
    const left = await db.outbox.orderBy('seq').toArray();
    expect(left.map((e) => [e.recordId, e.attempts])).toEqual([
      [saved[1]!.id, 0],
      [saved[2]!.id, 0],
    ]);
  });

  it('keeps the whole batch when no answer came, and the head backs off', async () => {
    const time = clock();
    await customers(3, 'Dropped');
    const server = fakeServer('network-error');
    expect(await drainOutbox({ send: server.send, companyId: COMPANY, ...time })).toMatchObject({
      status: 'offline',
      sent: 0,
    });
    const left = await db.outbox.orderBy('seq').toArray();
    expect(left.map((e) => e.attempts)).toEqual([1, 0, 0]);
    expect(await db.meta.get('connectivity')).toMatchObject({ value: { online: false } });
  });

  it('sends a change that requires an earlier one of the same record only after its answer', async () => {
    const asha = await saveCustomer(COMPANY, walkIn('Asha'));
    await saveCustomer(COMPANY, { ...walkIn('Asha Mwinyi'), id: asha.id });
    await saveCustomer(COMPANY, { ...walkIn('Asha M. Mwinyi'), id: asha.id });
    const other = await saveCustomer(COMPANY, walkIn('Baraka'));
    const server = fakeServer();
    server.answers.push(refusal(422, 'validation_failed', 'Please check the highlighted fields'));
    const entries = (batch: number) =>
      (JSON.parse(server.batches[batch]!.body!) as { entries: SyncBatchEntry[] }).entries;

    expect(await drainOutbox({ send: server.send, companyId: COMPANY })).toEqual({
      status: 'done',
      sent: 4,
    });
    expect(entries(0).map((e) => e.requires)).toEqual([undefined, [0], [1], undefined]);
    // The server stopped before the second change of the refused record; the phone handled the
    // refusal, then sent the rest.
    expect(server.batches).toHaveLength(2);
    expect(entries(1).map((e) => e.requires)).toEqual([undefined, [0], undefined]);
    expect(server.requests.map((r) => r.path.split('?')[0])).toEqual([
      `/v1/accounting/customers/${asha.id}`,
      `/v1/accounting/customers/${asha.id}`,
      `/v1/accounting/customers/${asha.id}`,
      `/v1/accounting/customers/${other.id}`,
    ]);
    expect(await db.customers.get(asha.id)).toMatchObject({
      name: 'Asha M. Mwinyi',
      syncState: 'synced',
    });
    expect(await db.customers.get(other.id)).toMatchObject({ syncState: 'synced' });
  });

  it('removes deleted customers, keeps refused ones and saves the rest, from one batch', async () => {
    const [gone, kept, renamed, savedThenGone] = await customers(4, 'Known');
    await drainOutbox({ send: fakeServer().send, companyId: COMPANY });
    await deleteCustomer(COMPANY, gone!.id);
    await deleteCustomer(COMPANY, kept!.id);
    await saveCustomer(COMPANY, { ...walkIn('Known 2, Kariakoo'), id: renamed!.id });
    await saveCustomer(COMPANY, { ...walkIn('Known 3 renamed'), id: savedThenGone!.id });
    await deleteCustomer(COMPANY, savedThenGone!.id);
    const fresh = await saveCustomer(COMPANY, walkIn('New after the deletions'));
    const server = fakeServer();
    server.answers.push(
      echo,
      refusal(409, 'customer_has_invoices', 'This customer is named on invoices'),
    );

    expect(await drainOutbox({ send: server.send, companyId: COMPANY })).toEqual({
      status: 'done',
      sent: 6,
    });
    expect(server.batches).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.customers.get(gone!.id)).toBeUndefined();
    expect(await db.customers.get(savedThenGone!.id)).toBeUndefined();
    expect(await db.customers.get(kept!.id)).toMatchObject({
      deleted: 0,
      syncState: 'failed',
      syncError: { code: 'customer_has_invoices', status: 409 },
    });
    expect(await db.customers.get(renamed!.id)).toMatchObject({
      name: 'Known 2, Kariakoo',
      syncState: 'synced',
    });
    expect(await db.customers.get(fresh.id)).toMatchObject({ syncState: 'synced' });
  });

  it('keeps what was typed when a later change of the record waits behind the batch', async () => {
    const [first] = await customers(1, 'Behind');
    await drainOutbox({ send: fakeServer().send, companyId: COMPANY });
    await saveCustomer(COMPANY, { ...walkIn('Behind once'), id: first!.id });
    await customers(199, 'Filler');
    await saveCustomer(COMPANY, { ...walkIn('Behind twice'), id: first!.id });
    const server = fakeServer();
    let seen: unknown;
    const send: typeof server.send = async (request) => {
      // The batch's answers are stored before the second rename, the 201st change, is sent.
      if (server.batches.length === 1) seen ??= await db.customers.get(first!.id);
      return server.send(request);
    };

    expect(await drainOutbox({ send, companyId: COMPANY })).toEqual({ status: 'done', sent: 201 });
    expect(server.batches.map((b) => batchKeys(b).length)).toEqual([200]);
    expect(seen).toMatchObject({ name: 'Behind twice', syncState: 'pending' });
    expect(await db.customers.get(first!.id)).toMatchObject({
      name: 'Behind twice',
      syncState: 'synced',
    });
  });

  it('sends the next batch while storing the answers to one that fully succeeded', async () => {
    await customers(450, 'Ahead');
    const server = fakeServer();
    server.answers.push(...Array.from({ length: 200 }, () => echo));
    // The 201st change, in the second batch, is refused: the third waits for its handling.
    server.answers.push(refusal(422, 'validation_failed', 'Please check the highlighted fields'));
    const queuedAtSend: number[] = [];
    const send: typeof server.send = async (request) => {
      queuedAtSend.push(await db.outbox.count());
      return server.send(request);
    };

    expect(await drainOutbox({ send, companyId: COMPANY })).toEqual({ status: 'done', sent: 450 });
    expect(server.batches.map((b) => batchKeys(b).length)).toEqual([200, 200, 50]);
    // The second batch left before the first one's answers were stored; the third only after
    // the second's were, refusal included.
    expect(queuedAtSend).toEqual([450, 450, 50]);
    expect(await db.outbox.count()).toBe(0);
    expect(
      await db.customers.where('[companyId+syncState]').equals([COMPANY, 'failed']).count(),
    ).toBe(1);
  });

  it('sends one call per change to a server without the batch call', async () => {
    const saved = await customers(3, 'Older server');
    const server = fakeServer(echo, { batch: false });
    expect(await drainOutbox({ send: server.send, companyId: COMPANY })).toEqual({
      status: 'done',
      sent: 3,
    });
    expect(server.batches).toHaveLength(1);
    expect(server.requests.map((r) => r.path.split('?')[0])).toEqual(
      saved.map((c) => `/v1/accounting/customers/${c.id}`),
    );
  });
});
