// Drafts through the API: create, save from several devices, cancel, list, the changes feed,
// what keeps customers and products from being deleted, and company isolation.
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { eatDate } from '../../domain/dates';
import { invoiceFieldsSchema, invoiceTotals } from '../../domain/schemas/invoice';
import { companies, vfdCounters } from '../../server/db/schema';
import { createUser } from '../helpers/factories';
import { createFiscalEnv, FAST, type FiscalEnv } from '../helpers/fiscal';
import { invoiceBody, invoiceShop, submitHeaders } from '../helpers/invoices';
import { invoiceQueueHooks } from '../../server/invoices/settle';
import { createTraWorker } from '../../server/vfd/worker';
import { tokenFor } from '../helpers/session';

let env: FiscalEnv;
beforeAll(async () => {
  env = await createFiscalEnv();
});
afterAll(async () => {
  await env.close();
});

const call = (...args: Parameters<FiscalEnv['server']['call']>) => env.server.call(...args);
const post = (token: string, body: unknown, headers: Record<string, string> = {}) =>
  call('POST', '/v1/accounting/invoices', { token, body, headers });
const put = (token: string, id: string, body: unknown, headers: Record<string, string> = {}) =>
  call('PUT', `/v1/accounting/invoices/${id}`, { token, body, headers });

async function pullInvoices(token: string) {
  const page = await call('GET', '/v1/accounting/changes?since=0&limit=1000', { token });
  expect(page.status).toBe(200);
  return (
    page.body.changes as Array<{ type: string; id: string; seq: number; record: any }>
  ).filter((c) => c.type === 'invoice');
}

describe('drafts', () => {
  it('stores a draft under the device id, with the totals the domain computes', async () => {
    const shop = await invoiceShop(env);
    const body = invoiceBody({
      items: [
        { description: 'Sukari 1kg', quantity: 2, unitPrice: 295_000 },
        { description: 'Unga 2kg', quantity: 1.5, unitPrice: 410_050, discountPercent: 12.5 },
        { description: 'Mchele', unitPrice: 120_000, taxType: 'exempted' },
      ],
      payments: [{ type: 'cash', amount: 500_000 }],
      reference: 'PO-77',
    });
    const created = await post(shop.token, body);
    expect(created.status).toBe(201);
    const expected = invoiceTotals(v.parse(invoiceFieldsSchema, body));
    const { lines, ...totals } = expected;
    expect(created.body).toMatchObject({
      id: body.id,
      status: 'draft',
      version: 1,
      origin: 'web',
      reference: 'PO-77',
      operatorId: shop.operatorId,
      operatorName: 'Test User',
      fiscal: null,
      submittedAt: null,
      totals,
      lineTotals: lines,
    });
    expect(created.body.publicId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(created.body.customer).toMatchObject({ name: 'Juma Hamisi', phoneNumber: '712345678' });

    const read = await call('GET', `/v1/accounting/invoices/${body.id}`, { token: shop.token });
    expect(read.body).toEqual(created.body);
    // The same create again (a replay after its key expired) answers the stored draft.
    const again = await post(shop.token, body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(created.body);
    const other = await post(shop.token, { ...body, reference: 'PO-78' });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('conflict');
  });

  it('never trusts totals sent by the client', async () => {
    const shop = await invoiceShop(env);
    const body = invoiceBody({ totals: { totalIncludingTax: 1 }, lineTotals: [] });
    const created = await post(shop.token, body);
    expect(created.body.totals.totalIncludingTax).toBe(295_000);
  });

  it('lets the later write win, raises the version and names the device that wrote it', async () => {
    const shop = await invoiceShop(env);
    const body = invoiceBody();
    const id = body.id as string;
    const first = await put(shop.token, id, body, { 'X-Device-Id': 'phone-a' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ version: 1, lastDeviceId: 'phone-a' });

    const fromA = await put(
      shop.token,
      id,
      { ...body, reference: 'edited on A', version: 1 },
      {
        'X-Device-Id': 'phone-a',
      },
    );
    expect(fromA.body).toMatchObject({ version: 2, reference: 'edited on A' });
    // Phone B edited version 1 offline; its write arrives later and wins.
    const fromB = await put(
      shop.token,
      id,
      { ...body, reference: 'edited on B', version: 1 },
      {
        'X-Device-Id': 'phone-b',
      },
    );
    expect(fromB.status).toBe(200);
    expect(fromB.body).toMatchObject({
      version: 3,
      reference: 'edited on B',
      lastDeviceId: 'phone-b',
    });
    // Sending the same state again changes nothing.
    const same = await put(
      shop.token,
      id,
      { ...body, reference: 'edited on B', version: 3 },
      {
        'X-Device-Id': 'phone-b',
      },
    );
    expect(same.body.version).toBe(3);

    // Phone A learns from the feed that another device replaced its draft.
    const changes = await pullInvoices(shop.token);
    expect(changes).toHaveLength(1);
    expect(changes[0]!.record).toMatchObject({
      id,
      version: 3,
      reference: 'edited on B',
      lastDeviceId: 'phone-b',
    });
  });

  it('refuses payments above the total, naming the payments field, and saves nothing', async () => {
    const shop = await invoiceShop(env);
    const body = invoiceBody({
      payments: [
        { type: 'cash', amount: 200_000 },
        { type: 'e-money', amount: 95_001 },
      ],
    });
    const refused = await post(shop.token, body);
    expect(refused.status).toBe(422);
    expect(refused.body.fields).toEqual({ payments: 'Total payments greater than total invoice' });
    expect(
      (await call('GET', `/v1/accounting/invoices/${body.id}`, { token: shop.token })).status,
    ).toBe(404);
  });

  it('names each wrong field, in the user language', async () => {
    const shop = await invoiceShop(env);
    const refused = await post(
      shop.token,
      invoiceBody({
        customer: {
          name: 'Kampuni',
          identificationType: 'TAX_IDENTIFICATION_NUMBER',
          identificationNumber: '12345',
        },
        items: [{ unitPrice: -1, quantity: 0.0001, description: '' }],
      }),
    );
    expect(refused.status).toBe(422);
    expect(refused.body.fields).toMatchObject({
      'customer.identificationNumber': 'Please enter a correct TIN number',
      'items.0.quantity': 'Enter a quantity above 0 with at most 3 decimals',
      'items.0.unitPrice': 'Enter a unit price of 0 or more',
      'items.0.description': 'Please enter the item description',
    });
    const empty = await post(shop.token, invoiceBody({ items: [] }));
    expect(empty.body.fields).toEqual({ items: 'Add at least one item' });
    await env.deps.db.execute(sql`update users set language = 'sw' where id = ${shop.operatorId}`);
    const swahili = await post(
      shop.token,
      invoiceBody({ payments: [{ type: 'cash', amount: 1_000_000 }] }),
    );
    expect(swahili.body).toMatchObject({
      message: 'Tafadhali hakiki sehemu zilizoonyeshwa',
      fields: { payments: 'Jumla ya malipo ni kubwa kuliko jumla ya ankara' },
    });
  });

  it('records the origin the caller gives, and keeps it over later saves', async () => {
    const shop = await invoiceShop(env);
    const body = invoiceBody({ origin: 'ussd' });
    expect((await post(shop.token, body)).body.origin).toBe('ussd');
    const saved = await put(shop.token, body.id as string, {
      ...body,
      origin: 'web',
      reference: 'x',
    });
    expect(saved.body.origin).toBe('ussd');
    const wrong = await post(shop.token, invoiceBody({ origin: 'fax' }));
    expect(wrong.body.fields).toEqual({ origin: 'This value is not valid' });
  });

  it('refuses every save while TRA blocks the company', async () => {
    const shop = await invoiceShop(env);
    const draft = invoiceBody();
    await post(shop.token, draft);
    await env.deps.db
      .update(companies)
      .set({ blockedByTra: true })
      .where(eq(companies.id, shop.companyId));
    const created = await post(shop.token, invoiceBody());
    expect(created.status).toBe(403);
    expect(created.body).toMatchObject({
      code: 'company_blocked',
      message: 'Your account has been blocked by TRA. Please contact us for more details.',
    });
    const saved = await put(shop.token, draft.id as string, { ...draft, reference: 'changed' });
    expect(saved.body.code).toBe('company_blocked');
    const submitted = await call('POST', `/v1/accounting/invoices/${draft.id}/submit`, {
      token: shop.token,
      headers: submitHeaders(),
    });
    expect(submitted.body.code).toBe('company_blocked');
    const read = await call('GET', `/v1/accounting/invoices/${draft.id}`, { token: shop.token });
    expect(read.body).toMatchObject({ status: 'draft', version: 1, fiscal: null });
  });
});

describe('customers and products on invoices', () => {
  it('links the company customer, refuses another one, and keeps a customer with invoices', async () => {
    const shop = await invoiceShop(env);
    const other = await invoiceShop(env);
    const customer = {
      id: crypto.randomUUID(),
      name: 'Asha Juma',
      identificationType: 'NO_IDENTIFICATION',
    };
    await call('POST', '/v1/accounting/customers', { token: shop.token, body: customer });
    const foreign = { ...customer, id: crypto.randomUUID() };
    await call('POST', '/v1/accounting/customers', { token: other.token, body: foreign });

    const refused = await post(shop.token, invoiceBody({ customerId: foreign.id }));
    expect(refused.status).toBe(422);
    expect(refused.body.fields).toEqual({ customerId: 'Customer not found' });

    const linked = await post(shop.token, invoiceBody({ customerId: customer.id }));
    expect(linked.body.customerId).toBe(customer.id);
    const deleted = await call('DELETE', `/v1/accounting/customers/${customer.id}`, {
      token: shop.token,
    });
    expect(deleted.status).toBe(409);
    expect(deleted.body).toMatchObject({
      code: 'customer_has_invoices',
      message: 'This customer has invoices and cannot be deleted',
    });
  });

  it('keeps a product used on an invoice, and frees it when the draft stops using it', async () => {
    const shop = await invoiceShop(env);
    const product = {
      id: crypto.randomUUID(),
      name: 'Chai',
      unitPrice: 50_000,
      taxType: 'standard',
    };
    await call('POST', '/v1/accounting/products', { token: shop.token, body: product });
    const body = invoiceBody({ items: [{ unitPrice: 50_000, productId: product.id }] });
    await post(shop.token, body);
    const refused = await call('DELETE', `/v1/accounting/products/${product.id}`, {
      token: shop.token,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('product_in_use');

    await put(
      shop.token,
      body.id as string,
      invoiceBody({ id: body.id, items: [{ unitPrice: 50_000 }] }),
    );
    const deleted = await call('DELETE', `/v1/accounting/products/${product.id}`, {
      token: shop.token,
    });
    expect(deleted.status).toBe(204);
  });
});

describe('canceling', () => {
  it('cancels only drafts, twice harmlessly, and never takes a fiscal number', async () => {
    const shop = await invoiceShop(env);
    const nextGc = async () =>
      (
        await env.deps.db
          .select()
          .from(vfdCounters)
          .where(eq(vfdCounters.companyId, shop.companyId))
      )[0]!.nextGc;
    const gcBefore = await nextGc();
    const draft = invoiceBody();
    await post(shop.token, draft);
    const canceled = await call('POST', `/v1/accounting/invoices/${draft.id}/cancel`, {
      token: shop.token,
    });
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ status: 'canceled', version: 2, fiscal: null });
    expect(canceled.body.canceledAt).toEqual(expect.any(String));
    const again = await call('POST', `/v1/accounting/invoices/${draft.id}/cancel`, {
      token: shop.token,
    });
    expect(again.body).toEqual(canceled.body);
    expect(await nextGc()).toBe(gcBefore);

    const edit = await put(shop.token, draft.id as string, { ...draft, reference: 'late edit' });
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe('invoice_canceled');
    const submit = await call('POST', `/v1/accounting/invoices/${draft.id}/submit`, {
      token: shop.token,
      headers: submitHeaders(),
    });
    expect(submit.status).toBe(409);
    expect(submit.body.code).toBe('invoice_canceled');

    // The next receipt takes the number the canceled draft never had.
    const next = invoiceBody();
    await post(shop.token, next);
    const submitted = await call('POST', `/v1/accounting/invoices/${next.id}/submit`, {
      token: shop.token,
      headers: submitHeaders(),
    });
    expect(submitted.body.fiscal.receiptNumber).toBe(gcBefore);
    const late = await call('POST', `/v1/accounting/invoices/${next.id}/cancel`, {
      token: shop.token,
    });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({
      code: 'invoice_not_draft',
      message: 'Only a draft invoice can be canceled',
    });
  });
});

describe('the list', () => {
  it('filters by status, dates and text, and pages with a cursor without repeats', async () => {
    const shop = await invoiceShop(env);
    const firstDay = eatDate(env.clock.now());
    const early = invoiceBody({ reference: 'ORDER-1' });
    await post(shop.token, early);
    env.clock.advance(3 * 86_400_000);
    const token = await tokenFor(env.server, { id: shop.operatorId, role: 'operator' });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const body = invoiceBody({
        customer: {
          name: i === 2 ? 'Mama Ntilie' : `Mteja ${i}`,
          identificationType: 'NO_IDENTIFICATION',
        },
      });
      ids.push(body.id as string);
      await post(token, body);
      env.clock.advance(1000);
    }
    const submitted: any = await call('POST', `/v1/accounting/invoices/${ids[0]}/submit`, {
      token,
      headers: submitHeaders(),
    });
    const list = (query: string) => call('GET', `/v1/accounting/invoices?${query}`, { token });
    const found = async (query: string) =>
      ((await list(query)).body as any).items.map((i: any) => i.id);

    const all = await list('limit=2');
    expect(all.body.items.map((i: any) => i.id)).toEqual([ids[4], ids[3]]);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await list(`limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.body.items.map((i: any) => i.id));
      cursor = page.body.cursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse().concat(early.id as string));

    expect((await list('status=submitted')).body.items.map((i: any) => i.id)).toEqual([ids[0]]);
    expect((await list('status=draft,submitted')).body.items).toHaveLength(6);
    expect(
      (await list(`from=${firstDay}&to=${firstDay}`)).body.items.map((i: any) => i.id),
    ).toEqual([early.id]);
    expect((await list('q=ntilie')).body.items.map((i: any) => i.id)).toEqual([ids[2]]);
    expect((await list('q=order-1')).body.items.map((i: any) => i.id)).toEqual([early.id]);
    // Whatever the case typed, only what the pattern says: % and _ are letters here.
    expect(await found('q=MAMA%20NTILIE')).toEqual([ids[2]]);
    expect(await found('q=%25')).toEqual([]);
    expect(await found('q=mteja_')).toEqual([]);
    // The receipt's number and verification code find the receipt.
    const fiscal = submitted.body.fiscal;
    expect(await found(`q=${fiscal.receiptNumber as number}`)).toContain(ids[0]);
    expect(await found(`q=${(fiscal.verificationCode as string).toLowerCase()}`)).toEqual([ids[0]]);
    // A search pages like the whole list.
    const first: any = await list('q=mteja&limit=2');
    expect(first.body.items.map((i: any) => i.id)).toEqual([ids[4], ids[3]]);
    expect(await found(`q=mteja&limit=2&cursor=${first.body.cursor as string}`)).toEqual([
      ids[1],
      ids[0],
    ]);
    expect((await list('status=lost')).body.fields).toEqual({
      'status.0': 'This value is not valid',
    });
    expect((await list('cursor=nonsense')).status).toBe(422);
    // Cursors that look right and name no invoice: answered 422, never cast by the database.
    for (const cursor of [
      { date: '2026-01-01', createdAt: '1', id: '-'.repeat(36) },
      { date: '2026-02-30', createdAt: '2026-01-01T00:00:00.000Z', id: ids[0] },
      { date: '2026-01-01', createdAt: '2026-02-30T00:00:00.000Z', id: ids[0] },
    ]) {
      const text = Buffer.from(JSON.stringify(cursor)).toString('base64url');
      expect((await list(`cursor=${text}`)).status, JSON.stringify(cursor)).toBe(422);
    }
  });

  it('asked again, shows every change since: a new invoice, an edit, a submit, TRA and a cancel', async () => {
    const shop = await invoiceShop(env);
    const list = async (query = '') =>
      (await call('GET', `/v1/accounting/invoices${query}`, { token: shop.token })).body
        .items as Array<{ id: string; status: string; reference: string | null; fiscal: unknown }>;
    const kept = invoiceBody({ reference: 'FIRST' });
    await post(shop.token, kept);
    expect((await list()).map((i) => i.reference)).toEqual(['FIRST']);
    expect(await list()).toEqual(await list());

    env.clock.advance(1000);
    const next = invoiceBody({ reference: 'SECOND' });
    await post(shop.token, next);
    expect((await list()).map((i) => i.reference)).toEqual(['SECOND', 'FIRST']);
    await put(shop.token, kept.id as string, { ...kept, reference: 'FIRST, CHANGED' });
    expect((await list('?q=changed')).map((i) => i.id)).toEqual([kept.id]);
    expect((await list()).map((i) => i.reference)).toEqual(['SECOND', 'FIRST, CHANGED']);

    await call('POST', `/v1/accounting/invoices/${kept.id}/submit`, {
      token: shop.token,
      headers: submitHeaders(),
    });
    expect((await list('?status=submitted')).map((i) => i.id)).toEqual([kept.id]);
    await env.drain(createTraWorker(env.deps, FAST, invoiceQueueHooks), shop.companyId);
    const issued = (await list()).find((i) => i.id === kept.id)!;
    expect(issued.status).toBe('issued');
    expect(issued.fiscal).toMatchObject({ traStatus: 'accepted' });
    expect(await list('?status=submitted')).toEqual([]);

    await call('POST', `/v1/accounting/invoices/${next.id}/cancel`, { token: shop.token });
    expect((await list('?status=canceled')).map((i) => i.id)).toEqual([next.id]);
    expect((await list()).find((i) => i.id === next.id)!.status).toBe('canceled');
    // Another company's pages are its own, whatever the query.
    const other = await invoiceShop(env);
    expect(
      (await call('GET', '/v1/accounting/invoices', { token: other.token })).body.items,
    ).toEqual([]);
  });
});

describe('company isolation', () => {
  it('an operator of one company cannot read, change, submit, cancel, email or print another company invoice', async () => {
    const a = await invoiceShop(env);
    const b = await invoiceShop(env);
    const body = invoiceBody();
    await post(b.token, body);
    const base = `/v1/accounting/invoices/${body.id}`;
    const attempts = await Promise.all([
      call('GET', base, { token: a.token }),
      call('POST', `${base}/submit`, { token: a.token, headers: submitHeaders() }),
      call('POST', `${base}/cancel`, { token: a.token }),
      call('POST', `${base}/email`, { token: a.token, body: { to: 'x@example.co.tz' } }),
      call('GET', `${base}/pdf`, { token: a.token }),
    ]);
    expect(attempts.map((r) => [r.status, r.body.code])).toEqual(
      Array(5).fill([404, 'invoice_not_found']),
    );
    expect((await call('GET', '/v1/accounting/invoices', { token: a.token })).body.items).toEqual(
      [],
    );
    expect(await pullInvoices(a.token)).toEqual([]);
    // The id is the company's own: A writing it makes a draft of A's, as a fresh id would.
    const own = await put(a.token, body.id as string, { ...body, reference: 'taken over' });
    expect(own.status).toBe(201);
    expect((await post(a.token, body)).status).toBe(409);
    const untouched = await call('GET', base, { token: b.token });
    expect(untouched.body).toMatchObject({ status: 'draft', version: 1, reference: null });
    // Another company's id in the query is refused for a company user.
    const foreign = await call('GET', `/v1/accounting/invoices?companyId=${b.companyId}`, {
      token: a.token,
    });
    expect(foreign.status).toBe(403);
  });

  it('lets a platform admin act on a company named by companyId', async () => {
    const shop = await invoiceShop(env);
    const admin = await createUser(env.deps.db, 'platform_admin');
    const token = await tokenFor(env.server, admin);
    const body = invoiceBody();
    const created = await call('POST', `/v1/accounting/invoices?companyId=${shop.companyId}`, {
      token,
      body,
    });
    expect(created.status).toBe(201);
    const read = await call('GET', `/v1/accounting/invoices/${body.id}`, { token: shop.token });
    expect(read.body.operatorId).toBe(admin.id);
  });
});
