import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARTING_CATEGORIES } from '../../domain/expense-categories';
import {
  createCompanyWithPeople,
  createOrganization,
  createUser,
  digits,
  mobileDigits,
} from '../helpers/factories';
import { tokenFor } from '../helpers/session';
import { createTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});

const code = () =>
  `${crypto.randomBytes(3).toString('hex').toUpperCase()}${crypto.randomInt(1, 999)}`;

async function shop() {
  const people = await createCompanyWithPeople(server.deps.db);
  return {
    ...people,
    token: await tokenFor(server, people.operator),
    ownerToken: await tokenFor(server, people.owner),
  };
}

/** A cash purchase of two bags of sugar at Tsh 2,950 each, VAT included. */
const expense = (overrides: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  source: 'manual',
  receiptCode: code(),
  date: '14-07-2025',
  time: '14:32',
  currency: 'TZS',
  amountType: 'INCLUSIVE',
  categoryId: null,
  vendor: { name: 'Mama Ntilie Supplies', tin: digits(9), vrn: '', phone: '', serial: '' },
  items: [{ description: 'Sukari 1kg', quantity: 2000, unitAmount: 295_000, taxType: 'STANDARD' }],
  payments: [{ method: 'CASH', amount: 590_000 }],
  ...overrides,
});

describe('recording an expense by hand', () => {
  it('stores it pending, with the totals computed by the server and the seller as a vendor', async () => {
    const { token } = await shop();
    const input = expense();
    const saved = await server.call('PUT', `/v1/accounting/expenses/${input.id}`, {
      token,
      body: { ...input, totals: { totalAmount: 1 } },
    });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({
      id: input.id,
      status: 'pending',
      receiptCode: input.receiptCode,
      date: '2025-07-14',
      time: '14:32:00',
      currencyRate: 1,
      totals: { netAmount: 500_000, totalVat: 90_000, totalAmount: 590_000, balance: 0 },
      totalAmountTzs: 590_000,
      lookup: null,
      version: 1,
    });
    expect(saved.body.vendor.vendorId).toMatch(/^[0-9a-f-]{36}$/);
    const vendor = await server.call(
      'GET',
      `/v1/accounting/vendors/${saved.body.vendor.vendorId}`,
      {
        token,
      },
    );
    expect(vendor.body).toMatchObject({ name: 'Mama Ntilie Supplies', tin: input.vendor.tin });

    const again = await server.call('PUT', `/v1/accounting/expenses/${input.id}`, {
      token,
      body: input,
    });
    expect(again.status).toBe(200);
    expect(again.body.version).toBe(1);
  });

  it('converts a foreign currency to shillings at the rate given', async () => {
    const { token } = await shop();
    const input = expense({
      currency: 'USD',
      currencyRate: '2650.50',
      amountType: 'NO_TAX',
      items: [{ description: 'Printer toner', quantity: '1', unitAmount: '40.00' }],
      payments: [{ method: 'BANK', amount: '40.00' }],
    });
    const saved = await server.call('POST', '/v1/accounting/expenses', { token, body: input });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({
      currency: 'USD',
      currencyRate: 2650.5,
      totals: { totalAmount: 4_000, totalVat: 0 },
      totalAmountTzs: 10_602_000,
      totalVatTzs: 0,
    });
  });

  it('names each wrong field with the messages of the specification', async () => {
    const { token } = await shop();
    const refused = await server.call('POST', '/v1/accounting/expenses', {
      token,
      body: expense({
        receiptCode: '',
        date: '31-02-2025',
        items: [{ description: 'ab', quantity: 1000, unitAmount: 0, taxType: 'STANDARD' }],
        payments: [{ method: 'CASH', amount: 100 }],
      }),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Please check the highlighted fields');
    expect(refused.body.fields).toMatchObject({
      receiptCode: 'Receipt code is required',
      date: 'Enter a valid date as DD-MM-YYYY',
      'items.0.description': 'Description must be 3 to 255 characters',
      'items.0.unitAmount': 'The amount must be greater than 0',
    });
    const unpaid = await server.call('POST', '/v1/accounting/expenses', {
      token,
      body: expense({ payments: [{ method: 'CASH', amount: 500_000 }] }),
      headers: { 'accept-language': 'sw' },
    });
    expect(unpaid.status).toBe(422);
    expect(Object.keys(unpaid.body.fields)).toEqual(['payments']);
  });

  it("refuses a receipt code the company already has: 'Conflict. Code already registered.'", async () => {
    const { token, ownerToken } = await shop();
    const first = expense();
    await server.call('PUT', `/v1/accounting/expenses/${first.id}`, { token, body: first });
    const second = expense({ receiptCode: first.receiptCode.toLowerCase() });
    const refused = await server.call('PUT', `/v1/accounting/expenses/${second.id}`, {
      token: ownerToken,
      body: second,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'expense_receipt_taken',
      message: 'Conflict. Code already registered.',
      fields: { receiptCode: 'This receipt code is already registered' },
    });
    const scanned = await server.call('PUT', `/v1/accounting/expenses/${second.id}/lookup`, {
      token,
      body: { source: 'qr', receiptCode: first.receiptCode, time: '10:00:00' },
    });
    expect(scanned.status).toBe(409);
    expect(scanned.body.code).toBe('expense_receipt_taken');

    const other = await shop();
    const elsewhere = await server.call('PUT', `/v1/accounting/expenses/${second.id}`, {
      token: other.token,
      body: second,
    });
    expect(elsewhere.status).toBe(201);
  });

  it('edits only a pending expense; processed and canceled are final', async () => {
    const { token } = await shop();
    const input = expense();
    await server.call('PUT', `/v1/accounting/expenses/${input.id}`, { token, body: input });
    const edited = await server.call('PUT', `/v1/accounting/expenses/${input.id}`, {
      token,
      body: {
        ...input,
        items: [{ ...input.items[0], quantity: 1000 }],
        payments: [{ method: 'EMONEY', amount: 295_000 }],
      },
    });
    expect(edited.body).toMatchObject({ version: 2, totals: { totalAmount: 295_000 } });
    const processed = await server.call('POST', `/v1/accounting/expenses/${input.id}/status`, {
      token,
      body: { status: 'processed' },
    });
    expect(processed.body).toMatchObject({ status: 'processed', version: 3 });
    expect(processed.body.processedAt).not.toBeNull();
    const locked = await server.call('PUT', `/v1/accounting/expenses/${input.id}`, {
      token,
      body: input,
    });
    expect(locked.status).toBe(409);
    expect(locked.body.message).toBe('Only a pending expense can be changed');
    const cancel = await server.call('POST', `/v1/accounting/expenses/${input.id}/status`, {
      token,
      body: { status: 'canceled' },
    });
    expect(cancel.status).toBe(409);
    const same = await server.call('POST', `/v1/accounting/expenses/${input.id}/status`, {
      token,
      body: { status: 'processed' },
    });
    expect(same.body.version).toBe(3);
    const back = await server.call('POST', `/v1/accounting/expenses/${input.id}/status`, {
      token,
      body: { status: 'pending' },
    });
    expect(back.status).toBe(422);
    expect(back.body.fields.status).toBe('An expense can be marked processed or canceled');
  });

  it('refuses a change made on a version another device has since replaced, with the stored expense', async () => {
    const { token } = await shop();
    const input = expense();
    const path = `/v1/accounting/expenses/${input.id}`;
    const created = await server.call('PUT', path, { token, body: input });
    expect(created.headers.get('etag')).toBe('"1"');
    // Two phones hold version 1: one pays by mobile money, then the other picks a category.
    const paidOther = { ...input, payments: [{ method: 'EMONEY', amount: 590_000 }] };
    const first = await server.call('PUT', path, {
      token,
      headers: { 'If-Match': '"1"' },
      body: paidOther,
    });
    expect(first).toMatchObject({ status: 200, body: { version: 2 } });
    expect(first.headers.get('etag')).toBe('"2"');
    const categoryId = crypto.randomUUID();
    await server.call('POST', '/v1/accounting/expense-categories', {
      token,
      body: { id: categoryId, name: 'Stock', code: `STOCK${digits(4)}`, description: '' },
    });
    const second = await server.call('PUT', path, {
      token,
      headers: { 'If-Match': '"1"' },
      body: { ...input, categoryId },
    });
    expect(second.status).toBe(412);
    expect(second.body).toMatchObject({
      code: 'record_changed',
      current: { version: 2, categoryId: null, payments: [{ method: 'EMONEY' }] },
    });
    const read = await server.call('GET', path, { token });
    expect(read.body).toMatchObject({ version: 2, categoryId: null });
    expect(read.headers.get('etag')).toBe('"2"');
    // Sent again, an accepted change is answered as stored; made on version 2, it is accepted.
    const replay = await server.call('PUT', path, {
      token,
      headers: { 'If-Match': '"1"' },
      body: paidOther,
    });
    expect(replay).toMatchObject({ status: 200, body: { version: 2 } });
    const merged = await server.call('PUT', path, {
      token,
      headers: { 'If-Match': '"2"' },
      body: { ...paidOther, categoryId },
    });
    expect(merged).toMatchObject({ status: 200, body: { version: 3, categoryId } });
    const junk = await server.call('PUT', path, {
      token,
      headers: { 'If-Match': 'W/3' },
      body: input,
    });
    expect(junk).toMatchObject({
      status: 400,
      body: { fields: { 'If-Match': expect.any(String) } },
    });
  });

  it('lists the company’s expenses newest first, by status, period, vendor and search', async () => {
    const { token } = await shop();
    const old = expense({ date: '01-06-2025' });
    const recent = expense({
      date: '15-07-2025',
      vendor: { name: 'Duka la Juma', tin: digits(9) },
    });
    for (const body of [old, recent]) {
      await server.call('PUT', `/v1/accounting/expenses/${body.id}`, { token, body });
    }
    await server.call('POST', `/v1/accounting/expenses/${old.id}/status`, {
      token,
      body: { status: 'canceled' },
    });
    const all = await server.call('GET', '/v1/accounting/expenses', { token });
    expect(all.body.items.map((e: { id: string }) => e.id)).toEqual([recent.id, old.id]);
    const july = await server.call('GET', '/v1/accounting/expenses?from=2025-07-01&to=2025-07-31', {
      token,
    });
    expect(july.body.total).toBe(1);
    const canceled = await server.call('GET', '/v1/accounting/expenses?status=canceled', { token });
    expect(canceled.body.items.map((e: { id: string }) => e.id)).toEqual([old.id]);
    const search = await server.call('GET', '/v1/accounting/expenses?search=juma', { token });
    expect(search.body.items.map((e: { id: string }) => e.id)).toEqual([recent.id]);
    const junk = await server.call('GET', '/v1/accounting/expenses?limit=100000&status=lost', {
      token,
    });
    expect(junk.status).toBe(422);
  });
});

describe('categories and vendors', () => {
  it('gives a new company the starting categories, which sync like any record', async () => {
    const admin = await createUser(server.deps.db, 'platform_admin');
    const organization = await createOrganization(server.deps.db);
    const created = await server.call('POST', '/v1/accounting/companies', {
      token: await tokenFor(server, admin),
      body: {
        organizationId: organization.id,
        name: 'Duka la Mfano Limited',
        tin: digits(9),
        email: `duka-${digits(5)}@example.co.tz`,
        phone: mobileDigits(),
        address: 'Kariakoo, Dar es Salaam',
        serial: `10TZ${digits(6)}`,
      },
    });
    expect(created.status).toBe(201);
    const operator = await createUser(server.deps.db, 'operator', {
      companyId: created.body.id,
      organizationId: organization.id,
    });
    const token = await tokenFor(server, operator);
    const list = await server.call('GET', '/v1/accounting/expense-categories?limit=100', { token });
    expect(list.body.total).toBe(STARTING_CATEGORIES.length);
    expect(list.body.items.map((c: { code: string }) => c.code)).toEqual(
      expect.arrayContaining(['RENT', 'STOCK', 'TRANSPORT', 'UTILITIES', 'SALARIES']),
    );
    expect(list.body.items.find((c: { code: string }) => c.code === 'RENT')).toMatchObject({
      name: 'Rent',
      preset: 'rent',
      active: true,
    });
    const feed = await server.call('GET', '/v1/accounting/changes', { token });
    expect(
      feed.body.changes.filter((c: { type: string }) => c.type === 'expense_category'),
    ).toHaveLength(STARTING_CATEGORIES.length);
  });

  it("refuses a second category with the same code: 'Conflict. Code already registered.'", async () => {
    const { token } = await shop();
    const fuel = { id: crypto.randomUUID(), name: 'Fuel', code: 'fuel', description: '' };
    const saved = await server.call('PUT', `/v1/accounting/expense-categories/${fuel.id}`, {
      token,
      body: fuel,
    });
    expect(saved.body).toMatchObject({ code: 'FUEL', description: null, active: true });
    const again = await server.call('POST', '/v1/accounting/expense-categories', {
      token,
      body: { name: 'Diesel', code: 'FUEL' },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      message: 'Conflict. Code already registered.',
      fields: { code: 'Conflict. Code already registered.' },
    });
    const inactive = await server.call('PUT', `/v1/accounting/expense-categories/${fuel.id}`, {
      token,
      body: { ...fuel, active: false },
    });
    expect(inactive.body).toMatchObject({ active: false, version: 2 });
    const active = await server.call('GET', '/v1/accounting/expense-categories?active=true', {
      token,
    });
    expect(active.body.items.map((c: { id: string }) => c.id)).not.toContain(fuel.id);
  });

  it("refuses a TIN or serial another vendor has: 'Conflict. Tax Number or Serial already registered.'", async () => {
    const { token, company } = await shop();
    const vendor = {
      name: 'Kilimo Traders',
      tin: '101-825-906',
      vrn: '10017937k',
      serial: '10tz100781',
    };
    const created = await server.call('POST', '/v1/accounting/vendors', { token, body: vendor });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      tin: '101825906',
      vrn: '10017937K',
      serial: '10TZ100781',
    });
    for (const [body, field] of [
      [{ ...vendor, name: 'Other', serial: null }, 'tin'],
      [{ ...vendor, name: 'Other', tin: '222222286' }, 'serial'],
    ] as const) {
      const refused = await server.call('POST', '/v1/accounting/vendors', { token, body });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        message: 'Conflict. Tax Number or Serial already registered.',
        fields: { [field]: 'Conflict. Tax Number or Serial already registered.' },
      });
    }
    const swahili = await createUser(server.deps.db, 'operator', {
      companyId: company.id,
      organizationId: company.organizationId,
      language: 'sw',
    });
    const sw = await server.call('POST', '/v1/accounting/vendors', {
      token: await tokenFor(server, swahili),
      body: { ...vendor, name: 'Nyingine', serial: null },
    });
    expect(sw.status).toBe(409);
    expect(sw.body.message).not.toBe('Conflict. Tax Number or Serial already registered.');
  });

  it('refuses a vendor or category changed on a version another device has since replaced', async () => {
    const { token } = await shop();
    const vendor = { id: crypto.randomUUID(), name: 'Kilimo Traders', tin: digits(9) };
    const category = { id: crypto.randomUUID(), name: 'Fuel', code: `F${digits(5)}` };
    for (const [path, record, first, second] of [
      [`/v1/accounting/vendors/${vendor.id}`, vendor, { phone: '0754000111' }, { name: 'Kilimo' }],
      [
        `/v1/accounting/expense-categories/${category.id}`,
        category,
        { active: false },
        { description: 'Diesel and petrol' },
      ],
    ] as const) {
      const created = await server.call('PUT', path, { token, body: record });
      expect(created.headers.get('etag')).toBe('"1"');
      // Two phones hold version 1: the first change is taken, the second is refused with it.
      const taken = await server.call('PUT', path, {
        token,
        headers: { 'If-Match': '"1"' },
        body: { ...record, ...first },
      });
      expect(taken).toMatchObject({ status: 200, body: { version: 2, ...first } });
      expect(taken.headers.get('etag')).toBe('"2"');
      const refused = await server.call('PUT', path, {
        token,
        headers: { 'If-Match': '"1"' },
        body: { ...record, ...second },
      });
      expect(refused).toMatchObject({
        status: 412,
        body: { code: 'record_changed', current: { id: record.id, version: 2, ...first } },
      });
      const read = await server.call('GET', path, { token });
      expect(read.body).toMatchObject({ version: 2, ...first });
      expect(read.headers.get('etag')).toBe('"2"');
      // Sent again, the accepted change is answered as stored; both, on version 2, are taken.
      const replay = await server.call('PUT', path, {
        token,
        headers: { 'If-Match': '"1"' },
        body: { ...record, ...first },
      });
      expect(replay).toMatchObject({ status: 200, body: { version: 2 } });
      const merged = await server.call('PUT', path, {
        token,
        headers: { 'If-Match': '"2"' },
        body: { ...record, ...first, ...second },
      });
      expect(merged).toMatchObject({ status: 200, body: { version: 3, ...first, ...second } });
      const junk = await server.call('PUT', path, {
        token,
        headers: { 'If-Match': 'three' },
        body: record,
      });
      expect(junk).toMatchObject({
        status: 400,
        body: { fields: { 'If-Match': expect.any(String) } },
      });
    }
  });

  it('links an expense to the vendor with the TIN on the receipt instead of adding another', async () => {
    const { token } = await shop();
    const vendor = await server.call('POST', '/v1/accounting/vendors', {
      token,
      body: { name: 'Kilimo Traders', tin: '123456789' },
    });
    const input = expense({ vendor: { name: 'KILIMO TRADERS LTD', tin: '123456789' } });
    const saved = await server.call('POST', '/v1/accounting/expenses', { token, body: input });
    expect(saved.body.vendor).toMatchObject({
      vendorId: vendor.body.id,
      name: 'KILIMO TRADERS LTD',
    });
    const vendors = await server.call('GET', '/v1/accounting/vendors', { token });
    expect(vendors.body.total).toBe(1);
  });
});

describe('who may use the expense module (spec §6)', () => {
  it('answers the no-permission error to admins and refuses strangers before reading anything', async () => {
    const { company, token } = await shop();
    const admin = await tokenFor(server, await createUser(server.deps.db, 'platform_admin'));
    const orgAdmin = await tokenFor(
      server,
      await createUser(server.deps.db, 'org_admin', { organizationId: company.organizationId }),
    );
    const input = expense();
    await server.call('PUT', `/v1/accounting/expenses/${input.id}`, { token, body: input });
    const routes: [string, string, unknown?][] = [
      ['GET', '/v1/accounting/expenses'],
      ['GET', '/v1/accounting/expenses/report'],
      ['GET', `/v1/accounting/expenses/${input.id}`],
      ['PUT', `/v1/accounting/expenses/${input.id}`, input],
      ['POST', '/v1/accounting/expenses', expense()],
      ['PUT', `/v1/accounting/expenses/${input.id}/lookup`, { receiptCode: code(), time: '10:00' }],
      ['GET', `/v1/accounting/expenses/${input.id}/lookup`],
      ['POST', `/v1/accounting/expenses/${input.id}/status`, { status: 'canceled' }],
      ['GET', `/v1/accounting/expenses/${input.id}/attachments`],
      ['GET', `/v1/accounting/expenses/${input.id}/attachments/${crypto.randomUUID()}`],
      ['DELETE', `/v1/accounting/expenses/${input.id}/attachments/${crypto.randomUUID()}`],
      ['GET', '/v1/accounting/vendors'],
      ['POST', '/v1/accounting/vendors', { name: 'X Ltd', tin: digits(9) }],
      ['GET', '/v1/accounting/expense-categories'],
      ['POST', '/v1/accounting/expense-categories', { name: 'Fuel', code: 'FUEL' }],
    ];
    for (const [method, url, body] of routes) {
      for (const who of [admin, orgAdmin]) {
        const answer = await server.call(
          method,
          `${url}${url.includes('?') ? '&' : '?'}companyId=${company.id}`,
          {
            token: who,
            ...(body ? { body } : {}),
          },
        );
        expect([method, url, answer.status, answer.body.message]).toEqual([
          method,
          url,
          403,
          'You do not have permission to do this',
        ]);
      }
      const anonymous = await server.call(method, url, body ? { body } : {});
      expect([method, url, anonymous.status]).toEqual([method, url, 401]);
    }
    const unchanged = await server.call('GET', `/v1/accounting/expenses/${input.id}`, { token });
    expect(unchanged.body.status).toBe('pending');
  });

  it("answers another company's records as not found, for every route, and changes nothing", async () => {
    const mine = await shop();
    const stranger = await shop();
    const input = expense();
    await server.call('PUT', `/v1/accounting/expenses/${input.id}`, {
      token: mine.token,
      body: input,
    });
    const vendor = await server.call('POST', '/v1/accounting/vendors', {
      token: mine.token,
      body: { name: 'Kilimo Traders', tin: digits(9) },
    });
    const category = await server.call('POST', '/v1/accounting/expense-categories', {
      token: mine.token,
      body: { name: 'Fuel', code: 'FUEL' },
    });
    const attempts: [string, string, unknown?][] = [
      ['GET', `/v1/accounting/expenses/${input.id}`],
      ['GET', `/v1/accounting/expenses/${input.id}/lookup`],
      ['POST', `/v1/accounting/expenses/${input.id}/status`, { status: 'canceled' }],
      ['GET', `/v1/accounting/expenses/${input.id}/attachments`],
      ['GET', `/v1/accounting/vendors/${vendor.body.id}`],
      ['GET', `/v1/accounting/expense-categories/${category.body.id}`],
    ];
    for (const [method, url, body] of attempts) {
      const answer = await server.call(method, url, {
        token: stranger.token,
        ...(body ? { body } : {}),
      });
      expect([method, url, answer.status]).toEqual([method, url, 404]);
    }
    const foreignCompany = await server.call(
      'GET',
      `/v1/accounting/expenses?companyId=${mine.company.id}`,
      { token: stranger.token },
    );
    expect(foreignCompany.status).toBe(403);
    const stolenCategory = await server.call('POST', '/v1/accounting/expenses', {
      token: stranger.token,
      body: expense({ categoryId: category.body.id }),
    });
    expect(stolenCategory.status).toBe(422);
    expect(stolenCategory.body.fields.categoryId).toBe('Choose a category from the list');
    const stolenVendor = await server.call('POST', '/v1/accounting/expenses', {
      token: stranger.token,
      body: expense({ vendor: { vendorId: vendor.body.id, name: 'Kilimo' } }),
    });
    expect(stolenVendor.status).toBe(422);
    // Ids are the company's own: the stranger writing them makes records of its own company.
    const writes: [string, unknown][] = [
      [`/v1/accounting/expenses/${input.id}`, { ...input, receiptCode: code() }],
      [`/v1/accounting/vendors/${vendor.body.id}`, { name: 'Mine now', tin: digits(9) }],
      [`/v1/accounting/expense-categories/${category.body.id}`, { name: 'Mine', code: 'MINE' }],
    ];
    for (const [url, body] of writes) {
      const answer = await server.call('PUT', url, { token: stranger.token, body });
      expect([url, answer.status]).toEqual([url, 201]);
    }
    const myVendor = await server.call('GET', `/v1/accounting/vendors/${vendor.body.id}`, {
      token: mine.token,
    });
    expect(myVendor.body).toEqual(vendor.body);
    const myCategory = await server.call(
      'GET',
      `/v1/accounting/expense-categories/${category.body.id}`,
      { token: mine.token },
    );
    expect(myCategory.body).toEqual(category.body);
    const still = await server.call('GET', `/v1/accounting/expenses/${input.id}`, {
      token: mine.token,
    });
    expect(still.body).toMatchObject({
      version: 1,
      status: 'pending',
      receiptCode: input.receiptCode,
    });
  });

  it('answers junk with 4xx: bad JSON, unknown ids, bodies past the limit, chunked or not', async () => {
    const { token } = await shop();
    const bad = await server.call('PUT', `/v1/accounting/expenses/${crypto.randomUUID()}`, {
      token,
      headers: { 'content-type': 'application/json' },
      body: undefined,
    });
    expect(bad.status).toBe(400);
    const notUuid = await server.call('GET', '/v1/accounting/expenses/not-an-id', { token });
    expect(notUuid.status).toBe(404);
    expect(notUuid.body.message).toBe('Expense not found');
    const arrays = await server.call('POST', '/v1/accounting/expenses', {
      token,
      body: [1, 2, 3],
    });
    expect(arrays.status).toBe(422);
    const huge = 'x'.repeat(300 * 1024);
    const tooBig = await server.call('POST', '/v1/accounting/vendors', {
      token,
      body: { name: huge, tin: digits(9) },
    });
    expect(tooBig.status).toBe(413);
    const encoder = new TextEncoder();
    const chunked = await server.app.request('/v1/accounting/expense-categories', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(encoder.encode('{"name":"'));
          for (let i = 0; i < 40; i++) controller.enqueue(encoder.encode('y'.repeat(10_000)));
          controller.enqueue(encoder.encode('","code":"BIG"}'));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
  });
});

describe('suggesting a category', () => {
  it("reads the lines with the categories' words, then learns the company's own choices", async () => {
    const { token } = await shop();
    const ask = (body: unknown) =>
      server.call('POST', '/v1/accounting/expenses/categorize', { token, body });
    const category = async (name: string, code: string) => {
      const id = crypto.randomUUID();
      const saved = await server.call('PUT', `/v1/accounting/expense-categories/${id}`, {
        token,
        body: { id, name, code, description: '' },
      });
      expect(saved.status).toBe(201);
      return id;
    };
    const power = await category('Umeme na maji', 'POWER');
    const lunches = await category('Staff lunches', 'LUNCH');

    const umeme = await ask({ items: [{ description: 'Umeme wa mwezi' }] });
    expect(umeme.status).toBe(200);
    expect(umeme.body.suggestion).toMatchObject({ categoryId: power, learned: false });
    expect((await ask({ items: [{ description: 'Chakula cha mchana' }] })).body).toEqual({
      suggestion: null,
    });

    // The shop files its staff's meals under lunches; the engine follows.
    for (const description of ['Chakula cha mchana', 'Chakula cha wafanyakazi']) {
      const saved = expense({
        categoryId: lunches,
        items: [{ description, quantity: 1000, unitAmount: 500_000, taxType: 'STANDARD' }],
        payments: [{ method: 'CASH', amount: 500_000 }],
      });
      expect(
        (await server.call('PUT', `/v1/accounting/expenses/${saved.id}`, { token, body: saved }))
          .status,
      ).toBe(201);
    }
    const lunch = await ask({ items: [{ description: 'Chakula cha jioni' }] });
    expect(lunch.body.suggestion).toMatchObject({ categoryId: lunches, learned: true });
  });

  it('says a description is needed, and refuses strangers and junk', async () => {
    const { token } = await shop();
    const empty = await server.call('POST', '/v1/accounting/expenses/categorize', {
      token,
      body: { items: [{ description: '  ' }] },
    });
    expect(empty.status).toBe(422);
    expect(empty.body.fields.items).toBe(
      'AI categorization needs a description on at least one item',
    );
    const tooMany = await server.call('POST', '/v1/accounting/expenses/categorize', {
      token,
      body: { items: Array.from({ length: 201 }, () => ({ description: 'Sukari' })) },
    });
    expect(tooMany.status).toBe(422);
    const stranger = await server.call('POST', '/v1/accounting/expenses/categorize', {
      body: { items: [{ description: 'LUKU' }] },
    });
    expect(stranger.status).toBe(401);
  });
});
