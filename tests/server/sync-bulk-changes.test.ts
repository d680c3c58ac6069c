// Customers' and products' saves and deletes in a sync batch, written together: two shops make
// the same changes, one in a batch and one call by call, and end with the same answers, rows,
// tombstones, audit, change positions and stored answers. A refused entry stops a run and is
// answered by its route; the rest of the batch still runs, in order.
import crypto from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncBatchEntry } from '../../domain/sync-batch';
import {
  auditLog,
  changeCounters,
  customers,
  idempotencyKeys,
  products,
  tombstones,
} from '../../server/db/schema';
import { createFiscalEnv, type FiscalEnv } from '../helpers/fiscal';
import { invoiceBody, invoiceShop, type InvoiceShop } from '../helpers/invoices';
import { batchAnswers, batchEntry } from '../helpers/sync-batch';

let env: FiscalEnv;
beforeAll(async () => {
  env = await createFiscalEnv();
});
afterAll(async () => {
  await env.close();
});

/** A change as the outbox queues it: no company yet, its own key. */
interface Change {
  key: string;
  method: SyncBatchEntry['method'];
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

const change = (
  method: Change['method'],
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
): Change => ({
  key: crypto.randomUUID(),
  method,
  path,
  ...(body === undefined ? {} : { body }),
  ...(headers ? { headers } : {}),
});

const entryOf = (shop: InvoiceShop, c: Change): SyncBatchEntry =>
  batchEntry(shop.companyId, c.method, c.path, c.body, {
    key: c.key,
    ...(c.headers ? { headers: c.headers } : {}),
  });

async function sendBatch(shop: InvoiceShop, changes: Change[]) {
  const entries = changes.map((c) => entryOf(shop, c));
  const answers = await batchAnswers(env.server, shop.companyId, shop.token, entries);
  return answers.map(({ status, body }) => ({ status, body }));
}

/** Each change on its own call, as the outbox sends it without batches. */
async function sendOneByOne(shop: InvoiceShop, changes: Change[]) {
  const answers = [];
  for (const c of changes) {
    const one = entryOf(shop, c);
    const response = await env.server.call(one.method, one.path, {
      token: shop.token,
      headers: { ...c.headers, 'Idempotency-Key': one.key },
      ...(c.body === undefined ? {} : { body: c.body }),
    });
    answers.push({ status: response.status, body: response.body as unknown });
  }
  return answers;
}

/** Everything the shop's changes left on the server, without what names the shop itself. */
async function stored(shop: InvoiceShop) {
  const db = env.deps.db;
  const companyId = shop.companyId;
  const strip = <T extends { companyId: string | null }>({ companyId: _, ...rest }: T) => rest;
  const customerRows = await db
    .select()
    .from(customers)
    .where(eq(customers.companyId, companyId))
    .orderBy(asc(customers.seq));
  const productRows = await db
    .select()
    .from(products)
    .where(eq(products.companyId, companyId))
    .orderBy(asc(products.seq));
  const deleted = await db
    .select()
    .from(tombstones)
    .where(eq(tombstones.companyId, companyId))
    .orderBy(asc(tombstones.seq));
  const audit = await db
    .select({
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      data: auditLog.data,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(
      and(eq(auditLog.companyId, companyId), inArray(auditLog.entity, ['customer', 'product'])),
    );
  const keys = await db
    .select({
      key: idempotencyKeys.key,
      status: idempotencyKeys.status,
      responseBody: idempotencyKeys.responseBody,
      responseType: idempotencyKeys.responseType,
    })
    .from(idempotencyKeys)
    .where(eq(idempotencyKeys.scope, companyId));
  const [counter] = await db
    .select({ lastSeq: changeCounters.lastSeq })
    .from(changeCounters)
    .where(eq(changeCounters.companyId, companyId));
  const byText = (a: unknown, b: unknown) =>
    JSON.stringify(a) < JSON.stringify(b) ? -1 : JSON.stringify(a) > JSON.stringify(b) ? 1 : 0;
  return {
    customers: customerRows.map(strip),
    products: productRows.map(strip),
    tombstones: deleted.map(strip),
    audit: audit.sort(byText),
    keys: keys.sort(byText),
    lastSeq: counter?.lastSeq,
  };
}

/** Counts the database transactions `run` opens. */
async function countTransactions<T>(run: () => Promise<T>): Promise<{ result: T; count: number }> {
  const db = env.deps.db as unknown as { transaction: (...args: unknown[]) => Promise<unknown> };
  const original = db.transaction;
  let count = 0;
  db.transaction = function (this: unknown, ...args: unknown[]) {
    count++;
    return original.apply(this, args);
  };
  try {
    return { result: await run(), count };
  } finally {
    db.transaction = original;
  }
}

const customer = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  identificationType: 'NO_IDENTIFICATION',
  phoneNumber: '0712345678',
  ...extra,
});
const product = (name: string, unitPrice: number | null = 100_000) => ({
  name,
  unitPrice,
  taxType: 'standard',
  priceIncludesVat: true,
});

describe('customers and products in a batch, written together', () => {
  it('store what their routes would have, and answer a refusal through its route', async () => {
    const ids = (n: number) => Array.from({ length: n }, () => crypto.randomUUID());
    const c = ids(10);
    const p = ids(8);
    const tin = `${crypto.randomInt(1e8, 1e9)}`;
    const vrn = `${crypto.randomInt(1e7, 1e8)}V`;
    // What both shops have before: stored call by call.
    const before: Change[] = [
      ...c.slice(0, 6).map((id, i) => change('PUT', `/customers/${id}`, customer(`Mteja ${i}`))),
      ...p.slice(0, 5).map((id, i) => change('PUT', `/products/${id}`, product(`Bidhaa ${i}`))),
      change('DELETE', `/customers/${c[4]}`),
    ];
    const changes: Change[] = [
      change('PUT', `/customers/${c[0]}`, customer('Mteja 0 renamed')),
      change('PUT', `/products/${p[5]}`, product('Sabuni')),
      change('DELETE', `/customers/${c[1]}`),
      change('PUT', `/products/${p[0]}`, product('Bidhaa 0', 120_000)),
      change(
        'PUT',
        `/customers/${c[6]}`,
        customer('Mpya', {
          identificationType: 'TAX_IDENTIFICATION_NUMBER',
          identificationNumber: tin,
        }),
      ),
      change('DELETE', `/products/${p[1]}`),
      // Already so, and already deleted: answered without a write.
      change('PUT', `/customers/${c[2]}`, customer('Mteja 2')),
      change('DELETE', `/customers/${c[4]}`),
      change('PUT', `/products/${p[6]}`, product('Maji', null)),
      change('PUT', `/customers/${c[3]}`, customer('Mteja 3', { vatRegistrationNumber: vrn })),
      // The same TIN again: refused by the route.
      change(
        'PUT',
        `/customers/${c[7]}`,
        customer('Nakala', {
          identificationType: 'TAX_IDENTIFICATION_NUMBER',
          identificationNumber: tin,
        }),
      ),
      // On an invoice: refused.
      change('DELETE', `/products/${p[4]}`),
      change('DELETE', `/customers/${c[5]}`),
      change('PUT', `/products/${p[5]}`, product('Sabuni ya kufulia')),
      // Deleted earlier in this batch: not found.
      change('PUT', `/customers/${c[1]}`, customer('Mteja 1 again')),
      change('PUT', `/customers/${c[8]}`, customer('Mwisho')),
      change('PUT', `/products/${p[7]}`, product('Mkate')),
      // Another product's name, in other case and spacing.
      change('PUT', `/products/${p[2]}`, product('  BIDHAA   3 ')),
    ];

    const shops = [await invoiceShop(env), await invoiceShop(env)];
    for (const shop of shops) {
      expect((await sendOneByOne(shop, before)).every((a) => a.status < 300)).toBe(true);
      const invoice = await env.server.call('POST', '/v1/accounting/invoices', {
        token: shop.token,
        body: invoiceBody({ customerId: c[5], items: [{ unitPrice: 100_000, productId: p[4] }] }),
      });
      expect(invoice.status).toBe(201);
    }
    const [batched, alone] = shops as [InvoiceShop, InvoiceShop];
    const { result: answers, count } = await countTransactions(() => sendBatch(batched, changes));
    const expected = await sendOneByOne(alone, changes);

    expect(answers.map((a) => a.status)).toEqual([
      200, 201, 204, 200, 201, 204, 200, 204, 201, 200, 409, 409, 409, 200, 404, 201, 201, 409,
    ]);
    expect(answers).toEqual(expected);
    expect(answers[10]!.body).toMatchObject({ code: 'customer_id_duplicated' });
    expect(answers[11]!.body).toMatchObject({ code: 'product_in_use' });
    expect(answers[12]!.body).toMatchObject({ code: 'customer_has_invoices' });
    expect(answers[17]!.body).toMatchObject({ code: 'product_name_duplicated' });
    // Runs, not one transaction per change (the first ten changes are one).
    expect(count).toBeLessThan(changes.length);
    expect(await stored(batched)).toEqual(await stored(alone));

    // A replay of the whole batch answers the same and writes nothing.
    const state = await stored(batched);
    expect(await sendBatch(batched, changes)).toEqual(answers);
    expect(await stored(batched)).toEqual(state);
  });

  it('answers a key sent again with another body as its route does', async () => {
    const shop = await invoiceShop(env);
    const first = [
      change('PUT', `/customers/${crypto.randomUUID()}`, customer('Asha')),
      change('PUT', `/products/${crypto.randomUUID()}`, product('Chai')),
    ];
    expect((await sendBatch(shop, first)).map((a) => a.status)).toEqual([201, 201]);
    const reused = [
      change('PUT', `/products/${crypto.randomUUID()}`, product('Kahawa')),
      { ...first[0]!, body: customer('Asha Juma') },
      { ...first[1]! },
      change('PUT', `/products/${crypto.randomUUID()}`, product('Sukari')),
    ];
    const answers = await sendBatch(shop, reused);
    expect(answers.map((a) => a.status)).toEqual([201, 422, 201, 201]);
    expect(answers[1]!.body).toMatchObject({ code: 'idempotency_mismatch' });
    expect(answers[2]!.body).toMatchObject({ name: 'Chai', version: 1 });
    const [asha] = await env.deps.db
      .select()
      .from(customers)
      .where(eq(customers.id, first[0]!.path.split('/')[2]!));
    expect(asha).toMatchObject({ name: 'Asha', version: 1 });
  });

  it('ends a run at a change of a record an earlier entry changed, and keeps the order', async () => {
    const shop = await invoiceShop(env);
    const id = crypto.randomUUID();
    const other = crypto.randomUUID();
    const changes = [
      change('PUT', `/customers/${id}`, customer('Baraka')),
      change('PUT', `/customers/${other}`, customer('Neema')),
      change('PUT', `/customers/${id}`, customer('Baraka Mushi')),
      change('DELETE', `/customers/${other}`),
    ];
    const answers = await sendBatch(shop, changes);
    expect(answers.map((a) => a.status)).toEqual([201, 201, 200, 204]);
    expect(answers[2]!.body).toMatchObject({ name: 'Baraka Mushi', version: 2 });
    const rows = await env.deps.db
      .select()
      .from(customers)
      .where(eq(customers.companyId, shop.companyId));
    expect(rows.map((row) => [row.name, row.version])).toEqual([['Baraka Mushi', 2]]);
    const [gone] = await env.deps.db
      .select()
      .from(tombstones)
      .where(eq(tombstones.companyId, shop.companyId));
    // Positions in the batch's order: the delete came last.
    expect(gone!.seq).toBeGreaterThan(rows[0]!.seq);
  });

  it('takes saves made on the stored version together, and refuses one made on an older', async () => {
    const batched = await invoiceShop(env);
    const alone = await invoiceShop(env);
    const ids = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const start = [
      change('PUT', `/customers/${ids[0]}`, customer('Baraka')),
      change('PUT', `/customers/${ids[1]}`, customer('Neema')),
      change('PUT', `/products/${ids[2]}`, product('Sukari')),
    ];
    // Another phone changed Neema after this one last saw her.
    const elsewhere = [change('PUT', `/customers/${ids[1]}`, customer('Neema Said'))];
    const changes = [
      change('PUT', `/customers/${ids[0]}`, customer('Baraka Mushi'), { 'If-Match': '"1"' }),
      change('PUT', `/customers/${ids[1]}`, customer('Neema J.'), { 'if-match': '"1"' }),
      change('PUT', `/products/${ids[2]}`, product('Sukari 1kg'), { 'If-Match': '"1"' }),
      change('PUT', `/customers/${crypto.randomUUID()}`, customer('Asha')),
    ];
    for (const shop of [batched, alone]) {
      await sendOneByOne(shop, start);
      await sendOneByOne(shop, elsewhere);
    }
    const { result: answers, count } = await countTransactions(() => sendBatch(batched, changes));
    const expected = await sendOneByOne(alone, changes);

    expect(answers.map((a) => a.status)).toEqual([200, 412, 200, 201]);
    expect(answers).toEqual(expected);
    expect(answers[1]!.body).toMatchObject({
      code: 'record_changed',
      current: { name: 'Neema Said', version: 2 },
    });
    expect(answers[2]!.body).toMatchObject({ name: 'Sukari 1kg', version: 2 });
    // One run before the refusal (a lone entry goes through its route), its route, one after.
    expect(count).toBeLessThanOrEqual(4);
    expect(await stored(batched)).toEqual(await stored(alone));
  });
});
