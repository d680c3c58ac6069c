// The outbox's batch call: entries run in order as the calls they stand for, each answered on
// its own; a replay of the whole batch answers the same and stores nothing twice; a refused
// entry does not stop the others, but the batch stops where the phone's drain would; the caller
// is checked before a byte is read; submissions in a batch are numbered without a gap.
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SYNC_BATCH_MAX_BYTES,
  SYNC_BATCH_MAX_ENTRIES,
  SYNC_BATCH_PATH,
  type SyncBatchEntry,
  type SyncBatchResult,
} from '../../domain/sync-batch';
import {
  auditLog,
  customers,
  fiscalReceipts,
  idempotencyKeys,
  invoices,
} from '../../server/db/schema';
import { createCompanyWithPeople } from '../helpers/factories';
import { createFiscalEnv, type FiscalEnv } from '../helpers/fiscal';
import { invoiceBody, invoiceShop, type InvoiceShop } from '../helpers/invoices';
import { storedCounts } from '../helpers/routes';
import { tokenFor } from '../helpers/session';
import { batchEntry, expectAnsweredAloneAsInBatch, postBatch } from '../helpers/sync-batch';

let env: FiscalEnv;
let shop: InvoiceShop;
beforeAll(async () => {
  env = await createFiscalEnv();
  shop = await invoiceShop(env);
});
afterAll(async () => {
  await env.close();
});

const batchUrl = (companyId: string) => `${SYNC_BATCH_PATH}?companyId=${companyId}`;

const sendBatch = (entries: SyncBatchEntry[], token = shop.token) =>
  postBatch(env.server, shop.companyId, token, entries);

/**
 * Sends the entries as the phone's drain does: those past where the server stopped (its time
 * budget, on a busy machine) are sent again, until every entry has its answer.
 */
async function sendAll(entries: SyncBatchEntry[]): Promise<SyncBatchResult> {
  const answers: SyncBatchResult['answers'] = [];
  while (answers.length < entries.length) {
    const batch = await sendBatch(entries.slice(answers.length));
    expect(batch.status).toBe(200);
    expect(batch.body.answers.length).toBeGreaterThan(0);
    answers.push(...batch.body.answers);
  }
  return { answers };
}

const entry = (
  method: SyncBatchEntry['method'],
  path: string,
  body?: unknown,
  extra?: Partial<SyncBatchEntry>,
) => batchEntry(shop.companyId, method, path, body, extra);

/** The hash the Idempotency-Key middleware keeps for the entry's call. */
function requestHash(one: SyncBatchEntry): string {
  const url = new URL(one.path, 'http://localhost');
  return crypto
    .createHash('sha256')
    .update(`${one.method} ${url.pathname}${url.search}\n`)
    .update(one.body ?? '')
    .digest('hex');
}

const customer = (name: string) => ({
  name,
  identificationType: 'NO_IDENTIFICATION',
  phoneNumber: '0712345678',
});

describe('a batch', () => {
  it('runs its entries in order and answers each as its own call would', async () => {
    const customerId = crypto.randomUUID();
    const draft = invoiceBody({ customerId });
    const entries = [
      entry('PUT', `/customers/${customerId}`, { id: customerId, ...customer('Asha Juma') }),
      // Names the customer created just before it in the same batch.
      entry('PUT', `/invoices/${String(draft.id)}`, draft, { headers: { 'X-Device-Id': 'd-1' } }),
      entry('POST', `/invoices/${String(draft.id)}/submit`, undefined, { requires: [1] }),
    ];
    const batch = await sendBatch(entries);
    expect(batch.status).toBe(200);
    const answers = batch.body.answers;
    expect(answers.map((a) => [a.key, a.status])).toEqual([
      [entries[0]!.key, 201],
      [entries[1]!.key, 201],
      [entries[2]!.key, 200],
    ]);
    expect(answers[0]!.body).toMatchObject({ id: customerId, name: 'Asha Juma', version: 1 });
    expect(answers[2]!.body).toMatchObject({ id: draft.id, status: 'submitted' });
    const [row] = await env.deps.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, String(draft.id)));
    expect(row).toMatchObject({ customerId, status: 'submitted', lastDeviceId: 'd-1' });

    // The same calls one by one, with the same keys, answer what the batch answered.
    await expectAnsweredAloneAsInBatch(env.server, shop.token, entries, answers);
  });

  it('answers a replay of the whole batch the same, and stores nothing twice', async () => {
    const ids = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const entries = ids.map((id, i) =>
      entry('PUT', `/customers/${id}`, { id, ...customer(`Replay ${i} ${id}`) }),
    );
    const first = await sendBatch(entries);
    expect(first.body.answers.map((a) => a.status)).toEqual([201, 201, 201]);
    const stored = await storedCounts(env.server);
    const again = await sendBatch(entries);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await storedCounts(env.server)).toEqual(stored);
  });

  it('answers a bad entry on its own and runs the ones after it', async () => {
    const [a, c] = [crypto.randomUUID(), crypto.randomUUID()];
    const bad = crypto.randomUUID();
    const entries = [
      entry('PUT', `/customers/${a}`, { id: a, ...customer('Before the bad one') }),
      entry('PUT', `/customers/${bad}`, { id: bad, name: '', identificationType: 'XYZ' }),
      entry('PUT', `/customers/${c}`, { id: c, ...customer('After the bad one') }),
    ];
    const answers = (await sendBatch(entries)).body.answers;
    expect(answers.map((x) => x.status)).toEqual([201, 422, 201]);
    expect(answers[1]!.body).toMatchObject({
      code: 'validation_failed',
      fields: { name: expect.any(String) },
    });
    const rows = await env.deps.db.select({ id: customers.id }).from(customers);
    const stored = new Set(rows.map((r) => r.id));
    expect([stored.has(a), stored.has(bad), stored.has(c)]).toEqual([true, false, true]);
  });

  it('stops before an entry whose earlier change of the same record was refused', async () => {
    const draft = invoiceBody({ items: [{ unitPrice: -5 }] });
    const other = crypto.randomUUID();
    const entries = [
      entry('PUT', `/invoices/${String(draft.id)}`, draft),
      entry('POST', `/invoices/${String(draft.id)}/submit`, undefined, { requires: [0] }),
      entry('PUT', `/customers/${other}`, { id: other, ...customer('Waits its turn') }),
    ];
    const batch = await sendBatch(entries);
    expect(batch.body.answers.map((a) => a.status)).toEqual([422]);
    const [stored] = await env.deps.db.select().from(customers).where(eq(customers.id, other));
    expect(stored).toBeUndefined();
  });

  it('stops after an entry that must be tried again, so nothing overtakes it', async () => {
    const ids = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const entries = ids.map((id, i) =>
      entry('PUT', `/customers/${id}`, { id, ...customer(`In order ${i} ${id}`) }),
    );
    // The second one's first call is still running somewhere.
    const now = env.clock.now();
    await env.deps.db.insert(idempotencyKeys).values({
      scope: shop.companyId,
      key: entries[1]!.key,
      requestHash: requestHash(entries[1]!),
      lockedUntil: new Date(now.getTime() + 60_000),
      expiresAt: new Date(now.getTime() + 86_400_000),
      createdAt: now,
    });
    const batch = await sendBatch(entries);
    expect(batch.body.answers.map((a) => [a.status, (a.body as { code?: string }).code])).toEqual([
      [201, undefined],
      [409, 'idempotency_in_progress'],
    ]);
    const [third] = await env.deps.db.select().from(customers).where(eq(customers.id, ids[2]!));
    expect(third).toBeUndefined();
  });

  it('writes a run of new customers together, each as its own call would have', async () => {
    const taken = `T${crypto.randomInt(1e8, 1e9)}`;
    const existing = crypto.randomUUID();
    await sendBatch([
      entry('PUT', `/customers/${existing}`, {
        id: existing,
        name: 'Already here',
        identificationType: 'PASSPORT',
        identificationNumber: taken,
      }),
    ]);
    const ids = Array.from({ length: 30 }, () => crypto.randomUUID());
    const bodies: Record<string, unknown>[] = ids.map((id, i) => ({
      id,
      ...customer(`Run ${i} ${id}`),
    }));
    // A repeat of an earlier entry's number, one of a customer already stored, an edit.
    const repeat = `R${crypto.randomInt(1e8, 1e9)}`;
    Object.assign(bodies[5]!, { identificationType: 'PASSPORT', identificationNumber: repeat });
    Object.assign(bodies[9]!, { identificationType: 'PASSPORT', identificationNumber: repeat });
    Object.assign(bodies[14]!, { identificationType: 'PASSPORT', identificationNumber: taken });
    ids[20] = existing;
    bodies[20] = {
      id: existing,
      name: 'Edited in the run',
      identificationType: 'NO_IDENTIFICATION',
    };
    const entries = ids.map((id, i) => entry('PUT', `/customers/${id}`, bodies[i]));
    const answers = (await sendBatch(entries)).body.answers;
    expect(answers.map((a) => a.status)).toEqual(
      ids.map((_, i) => (i === 9 || i === 14 ? 409 : i === 20 ? 200 : 201)),
    );
    expect(answers[9]!.body).toMatchObject({ code: 'customer_id_duplicated' });
    expect(answers[20]!.body).toMatchObject({ name: 'Edited in the run', version: 2 });

    const created = ids.filter((_, i) => ![9, 14, 20].includes(i));
    const rows = await env.deps.db
      .select()
      .from(customers)
      .where(eq(customers.companyId, shop.companyId));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(created.every((id) => byId.get(id)?.version === 1)).toBe(true);
    // Each its own change position, in the batch's order.
    const seqs = created.map((id) => byId.get(id)!.seq);
    expect(new Set(seqs).size).toBe(seqs.length);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    const audits = await env.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, shop.companyId), eq(auditLog.action, 'customer_created')));
    const audited = new Set(audits.map((a) => a.entityId));
    expect(created.every((id) => audited.has(id))).toBe(true);

    // Every key answers alone, replayed, exactly as in the batch.
    for (const [index, one] of entries.entries()) {
      const single = await env.server.call(one.method, one.path, {
        token: shop.token,
        headers: { 'Idempotency-Key': one.key },
        body: JSON.parse(one.body!),
      });
      expect(single.status).toBe(answers[index]!.status);
      expect(single.body).toEqual(answers[index]!.body);
      expect(single.headers.get('Idempotent-Replayed')).toBe('true');
      expect(single.headers.get('content-type')).toMatch(/^application\/json/);
    }
    // A new customer saved alone is answered in the same shape.
    const alone = crypto.randomUUID();
    const single = await env.server.call(
      'PUT',
      `/v1/accounting/customers/${alone}?companyId=${shop.companyId}`,
      {
        token: shop.token,
        body: { id: alone, ...customer('Alone') },
      },
    );
    expect(Object.keys(single.body as object).sort()).toEqual(
      Object.keys(answers[0]!.body as object).sort(),
    );
  });

  it('numbers the submissions of a batch one after another, without a gap, once', async () => {
    const drafts = Array.from({ length: 40 }, (_, i) =>
      invoiceBody({ items: [{ unitPrice: 100_000 + i }] }),
    );
    // Every draft saved, then the submissions in the reverse order of the saves.
    const all = [
      ...drafts.map((draft) => entry('PUT', `/invoices/${String(draft.id)}`, draft)),
      ...drafts.map((draft) => entry('POST', `/invoices/${String(draft.id)}/submit`)).reverse(),
    ];
    const batch = await sendAll(all);
    expect(batch.answers).toHaveLength(80);
    expect(batch.answers.every((a) => a.status === 200 || a.status === 201)).toBe(true);
    const numbers = batch.answers
      .slice(40)
      .map((a) => (a.body as { fiscal: { receiptNumber: number } }).fiscal.receiptNumber);
    for (let i = 1; i < numbers.length; i++) expect(numbers[i]).toBe(numbers[i - 1]! + 1);

    const replay = await sendAll(all);
    expect(replay).toEqual(batch);
    const receipts = await env.deps.db
      .select({ invoiceId: fiscalReceipts.invoiceId })
      .from(fiscalReceipts)
      .where(eq(fiscalReceipts.companyId, shop.companyId));
    const ours = receipts.filter((r) => drafts.some((d) => d.id === r.invoiceId));
    expect(ours).toHaveLength(40);
  });

  it('answers each entry with the rights of the caller, through the route it names', async () => {
    const owner = await createCompanyWithPeople(env.deps.db);
    const stranger = await tokenFor(env.server, owner.operator);
    const id = crypto.randomUUID();
    const batch = await env.server.call(
      'POST',
      `${SYNC_BATCH_PATH}?companyId=${owner.company.id}`,
      {
        token: stranger,
        body: {
          entries: [
            {
              key: crypto.randomUUID(),
              method: 'PUT',
              path: `/v1/accounting/customers/${id}?companyId=${shop.companyId}`,
              body: JSON.stringify({ id, ...customer('Not yours') }),
            },
          ],
        },
      },
    );
    expect(batch.status).toBe(200);
    expect((batch.body as SyncBatchResult).answers[0]!.status).toBe(403);
    const [row] = await env.deps.db.select().from(customers).where(eq(customers.id, id));
    expect(row).toBeUndefined();
  });
});

describe('the batch call itself', () => {
  const huge = (token?: string, companyId = shop.companyId) =>
    env.server.app.request(batchUrl(companyId), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': String(SYNC_BATCH_MAX_BYTES + 1),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: '{}',
    });

  it('checks the caller and the company before reading, and bounds the body', async () => {
    expect((await huge()).status).toBe(401);
    const other = await createCompanyWithPeople(env.deps.db);
    expect((await huge(shop.token, other.company.id)).status).toBe(403);
    expect((await huge(shop.token)).status).toBe(413);
  });

  it('bounds the number of entries', async () => {
    const many = Array.from({ length: SYNC_BATCH_MAX_ENTRIES + 1 }, () => {
      const id = crypto.randomUUID();
      return entry('DELETE', `/customers/${id}`);
    });
    const stored = await storedCounts(env.server);
    expect((await sendBatch(many)).status).toBe(413);
    expect(await storedCounts(env.server)).toEqual(stored);
  });

  it('refuses what is not a batch of outbox calls, before running any of it', async () => {
    const id = crypto.randomUUID();
    const good = entry('PUT', `/customers/${id}`, { id, ...customer('Never stored') });
    const stored = await storedCounts(env.server);
    for (const bad of [
      { ...good, path: `/v1/accounting/companies/${shop.companyId}` },
      { ...good, path: `${SYNC_BATCH_PATH}?companyId=${shop.companyId}` },
      { ...good, path: '//elsewhere.example/v1/accounting/customers' },
      { ...good, path: '/v1/accounting/customers/../companies' },
      { ...good, path: '/tra-sim/efdmsRctApi/api/efdmsRctInfo' },
      { ...good, method: 'GET' },
      { ...good, headers: { Authorization: 'Bearer x' } },
      { ...good, requires: [1] },
      { ...good, body: { not: 'text' } },
      { ...good, extra: true },
    ]) {
      const batch = await env.server.call('POST', batchUrl(shop.companyId), {
        token: shop.token,
        body: { entries: [good, bad] },
      });
      expect(batch.status, JSON.stringify(bad)).toBe(400);
    }
    for (const junk of [null, [], {}, { entries: [] }, { entries: 'x' }, 'entries']) {
      const batch = await env.server.call('POST', batchUrl(shop.companyId), {
        token: shop.token,
        body: junk,
      });
      expect(batch.status, JSON.stringify(junk)).toBe(400);
    }
    expect(await storedCounts(env.server)).toEqual(stored);
  });
});
