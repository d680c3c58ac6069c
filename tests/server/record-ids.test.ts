// Ids chosen by phones belong to their company: another company creating a record under an id
// this one already uses is answered exactly like a new id, and each company's records live side
// by side, untouched by the other's writes. So no answer tells a stranger which ids exist.
import crypto from 'node:crypto';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFiscalEnv, type FiscalEnv } from '../helpers/fiscal';
import { invoiceBody, invoiceShop, submitHeaders, type InvoiceShop } from '../helpers/invoices';
import { digits } from '../helpers/factories';

let env: FiscalEnv;
beforeAll(async () => {
  env = await createFiscalEnv();
});
afterAll(async () => {
  await env.close();
});

const call = (...args: Parameters<FiscalEnv['server']['call']>) => env.server.call(...args);
// A code no other category of the run has: two random codes of one company could match, and the
// second would be refused as taken.
let codes = 0;
const uniqueCode = () => `C${(codes += 1)}-${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
const receiptCode = () => `${crypto.randomBytes(3).toString('hex').toUpperCase()}${digits(3)}`;

interface Kind {
  path: string;
  /** A valid create body under `id`; `mark` tells one company's record from the other's. */
  body(id: string, mark: string): Record<string, unknown>;
  /** The field that carries the mark in the answer. */
  marked(record: Record<string, unknown>): unknown;
}

const kinds: Record<string, Kind> = {
  customers: {
    path: '/v1/accounting/customers',
    body: (id, mark) => ({
      id,
      name: mark,
      identificationType: 'TAX_IDENTIFICATION_NUMBER',
      identificationNumber: digits(9),
      phoneNumber: '0712 345 678',
      email: null,
      vatRegistrationNumber: null,
    }),
    marked: (record) => record.name,
  },
  products: {
    path: '/v1/accounting/products',
    body: (id, mark) => ({
      id,
      name: mark,
      unitPrice: 350_000,
      taxType: 'standard',
      priceIncludesVat: true,
    }),
    marked: (record) => record.name,
  },
  invoices: {
    path: '/v1/accounting/invoices',
    body: (id, mark) => invoiceBody({ id, reference: mark }),
    marked: (record) => record.reference,
  },
  expenses: {
    path: '/v1/accounting/expenses',
    body: (id, mark) => ({
      id,
      source: 'manual',
      receiptCode: receiptCode(),
      date: '14-07-2025',
      time: '14:32',
      currency: 'TZS',
      amountType: 'INCLUSIVE',
      categoryId: null,
      vendor: { name: 'Mama Ntilie Supplies', tin: digits(9), vrn: '', phone: '', serial: '' },
      items: [{ description: mark, quantity: 1000, unitAmount: 295_000, taxType: 'STANDARD' }],
      payments: [{ method: 'CASH', amount: 295_000 }],
    }),
    marked: (record) => (record.items as { description: string }[])[0]!.description,
  },
  vendors: {
    path: '/v1/accounting/vendors',
    body: (id, mark) => ({ id, name: mark, tin: digits(9) }),
    marked: (record) => record.name,
  },
  'expense categories': {
    path: '/v1/accounting/expense-categories',
    body: (id, mark) => ({ id, name: mark, code: uniqueCode() }),
    marked: (record) => record.name,
  },
};

const mark = (who: string) => `${who} ${crypto.randomBytes(3).toString('hex')}`;
const keys = (body: Record<string, unknown>) => Object.keys(body).sort();

async function pulled(shop: InvoiceShop, id: string) {
  const page = await call('GET', '/v1/accounting/changes?since=0&limit=1000', {
    token: shop.token,
  });
  expect(page.status).toBe(200);
  return (page.body.changes as { id: string; record?: Record<string, unknown> }[]).filter(
    (change) => change.id === id,
  );
}

describe.each(Object.entries(kinds))('%s under an id another company uses', (_name, kind) => {
  it('are created like a new id, and each company keeps and changes only its own', async () => {
    const a = await invoiceShop(env);
    const b = await invoiceShop(env);
    const id = crypto.randomUUID();
    const markA = mark('A');
    const created = await call('POST', kind.path, { token: a.token, body: kind.body(id, markA) });
    expect(created.status).toBe(201);

    // B cannot tell A's id from a fresh one: same status, same shape, B's own record.
    const markB = mark('B');
    const taken = await call('POST', kind.path, { token: b.token, body: kind.body(id, markB) });
    const fresh = await call('POST', kind.path, {
      token: b.token,
      body: kind.body(crypto.randomUUID(), mark('B')),
    });
    expect([taken.status, fresh.status]).toEqual([201, 201]);
    expect(keys(taken.body)).toEqual(keys(fresh.body));
    expect(taken.body).toMatchObject({ id, version: 1 });
    expect(kind.marked(taken.body)).toBe(markB);

    const readA = await call('GET', `${kind.path}/${id}`, { token: a.token });
    expect(readA.body).toEqual(created.body);
    const readB = await call('GET', `${kind.path}/${id}`, { token: b.token });
    expect(readB.body).toEqual(taken.body);

    // Each list and changes feed shows the company's own record under that id, once.
    for (const [shop, own] of [
      [a, markA],
      [b, markB],
    ] as const) {
      const list = await call('GET', `${kind.path}?limit=100`, { token: shop.token });
      const rows = (list.body.items as Record<string, unknown>[]).filter((row) => row.id === id);
      expect(rows.map(kind.marked)).toEqual([own]);
    }
    const feedA = await pulled(a, id);
    expect(feedA.map((change) => kind.marked(change.record!))).toEqual([markA]);

    // B's later write of the id changes B's record only.
    const markB2 = mark('B again');
    const changed = await call('PUT', `${kind.path}/${id}`, {
      token: b.token,
      body: kind.body(id, markB2),
    });
    expect(changed.status).toBe(200);
    expect(changed.body.version).toBe(2);
    expect(kind.marked(changed.body)).toBe(markB2);
    expect((await call('GET', `${kind.path}/${id}`, { token: a.token })).body).toEqual(
      created.body,
    );
  });
});

describe('deleting an id two companies use', () => {
  it.each(['customers', 'products'])(
    '%s: deletes the caller’s record and leaves its tombstone to the caller only',
    async (name) => {
      const kind = kinds[name]!;
      const a = await invoiceShop(env);
      const b = await invoiceShop(env);
      const c = await invoiceShop(env);
      const id = crypto.randomUUID();
      const created = await call('POST', kind.path, { token: a.token, body: kind.body(id, 'A') });
      await call('POST', kind.path, { token: b.token, body: kind.body(id, 'B') });
      expect((await call('DELETE', `${kind.path}/${id}`, { token: b.token })).status).toBe(204);
      expect((await call('GET', `${kind.path}/${id}`, { token: b.token })).status).toBe(404);
      expect((await call('GET', `${kind.path}/${id}`, { token: a.token })).body).toEqual(
        created.body,
      );
      const tombstoneB = (await pulled(b, id)).map((change) => Boolean(change.record));
      expect(tombstoneB).toEqual([false]);
      expect((await pulled(a, id)).map((change) => Boolean(change.record))).toEqual([true]);
      // B's deletion is B's: a third company is not told that the id was ever used.
      const third = await call('POST', kind.path, { token: c.token, body: kind.body(id, 'C') });
      expect(third.status).toBe(201);
      // A deleting its own record afterwards works as usual.
      expect((await call('DELETE', `${kind.path}/${id}`, { token: a.token })).status).toBe(204);
      expect((await call('GET', `${kind.path}/${id}`, { token: c.token })).status).toBe(200);
    },
  );
});

describe('submitting an invoice id two companies use', () => {
  it("fiscalizes the caller's own draft and leaves the other company's as it was", async () => {
    const a = await invoiceShop(env);
    const b = await invoiceShop(env);
    const id = crypto.randomUUID();
    const draftA = await call('POST', '/v1/accounting/invoices', {
      token: a.token,
      body: invoiceBody({ id, reference: 'A' }),
    });
    await call('POST', '/v1/accounting/invoices', {
      token: b.token,
      body: invoiceBody({ id, reference: 'B' }),
    });
    const submittedB = await call('POST', `/v1/accounting/invoices/${id}/submit`, {
      token: b.token,
      headers: submitHeaders(),
    });
    expect(submittedB.status).toBe(200);
    expect(submittedB.body).toMatchObject({ status: 'submitted', reference: 'B' });
    const stillDraft = await call('GET', `/v1/accounting/invoices/${id}`, { token: a.token });
    expect(stillDraft.body).toEqual(draftA.body);

    const submittedA = await call('POST', `/v1/accounting/invoices/${id}/submit`, {
      token: a.token,
      headers: submitHeaders(),
    });
    expect(submittedA.status).toBe(200);
    expect(submittedA.body).toMatchObject({ status: 'submitted', reference: 'A' });
    expect(submittedA.body.fiscal.verificationCode).not.toBe(
      submittedB.body.fiscal.verificationCode,
    );
    const canceled = await call('POST', `/v1/accounting/invoices/${id}/cancel`, {
      token: b.token,
    });
    expect(canceled.status).toBe(409);
    const pdfA = await env.server.app.request(`/v1/accounting/invoices/${id}/pdf`, {
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(pdfA.status).toBe(200);
  });

  it('lets a draft name only customers and corrected invoices of its own company', async () => {
    const a = await invoiceShop(env);
    const b = await invoiceShop(env);
    const customer = await call('POST', kinds.customers!.path, {
      token: a.token,
      body: kinds.customers!.body(crypto.randomUUID(), 'A'),
    });
    const withCustomer = await call('POST', '/v1/accounting/invoices', {
      token: b.token,
      body: invoiceBody({ customerId: customer.body.id }),
    });
    expect(withCustomer.status).toBe(422);
    expect(withCustomer.body.fields).toHaveProperty('customerId');
  });
});

describe('expense files under an id another company uses', () => {
  it('stores the file on the caller’s expense and leaves the other’s file alone', async () => {
    const a = await invoiceShop(env);
    const b = await invoiceShop(env);
    const expenses = kinds.expenses!;
    const expenseId = crypto.randomUUID();
    for (const shop of [a, b]) {
      const saved = await call('POST', expenses.path, {
        token: shop.token,
        body: expenses.body(expenseId, mark('bought')),
      });
      expect([saved.status, saved.body.code]).toEqual([201, undefined]);
    }
    const id = crypto.randomUUID();
    const upload = async (token: string, bytes: Buffer) => {
      const response = await env.server.app.request(
        `/v1/accounting/expenses/${expenseId}/attachments/${id}`,
        {
          method: 'PUT',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'image/png',
            'x-file-name': 'receipt.png',
            'idempotency-key': crypto.randomUUID(),
          },
          body: new Uint8Array(bytes),
        },
      );
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const photoA = await QRCode.toBuffer('https://verify.tra.go.tz/A', { width: 200 });
    const photoB = await QRCode.toBuffer('https://verify.tra.go.tz/B', { width: 240 });
    const storedA = await upload(a.token, photoA);
    const storedB = await upload(b.token, photoB);
    expect([storedA, storedB].map((s) => [s.status, s.body.code])).toEqual([
      [201, undefined],
      [201, undefined],
    ]);
    const read = async (token: string) => {
      const response = await env.server.app.request(
        `/v1/accounting/expenses/${expenseId}/attachments/${id}`,
        { headers: { authorization: `Bearer ${token}` } },
      );
      return Buffer.from(await response.arrayBuffer());
    };
    expect((await read(a.token)).equals(photoA)).toBe(true);
    expect((await read(b.token)).equals(photoB)).toBe(true);
    const removed = await env.server.app.request(
      `/v1/accounting/expenses/${expenseId}/attachments/${id}`,
      {
        method: 'DELETE',
        headers: { authorization: `Bearer ${b.token}`, 'idempotency-key': crypto.randomUUID() },
      },
    );
    expect(removed.status).toBe(204);
    expect((await read(a.token)).equals(photoA)).toBe(true);
  });
});
