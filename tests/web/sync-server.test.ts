// @vitest-environment node
// The device's data layer against the real server (in process, PGlite): offline work reaches
// the server exactly once, refusals come back onto the records, and a second device pulls it all.
import crypto from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  deleteCustomer,
  findCustomers,
  saveCustomer,
  settleCustomerChange,
} from '../../src/db/customers';
import type { ExpenseInput } from '../../domain/schemas/expense';
import { db } from '../../src/db/db';
import {
  changeExpenseStatus,
  expenseChanges,
  saveExpense,
  settleExpenseChange,
} from '../../src/db/expenses';
import {
  categoryChanges,
  saveCategory,
  saveVendor,
  setCategoryActive,
  settleCategoryChange,
  settleVendorChange,
  vendorChanges,
} from '../../src/db/expense-directory';
import { conflictOf } from '../../src/db/record-changes';
import { clearLocalData } from '../../src/db/local-data';
import { findProducts, saveProduct } from '../../src/db/products';
import { readSyncState } from '../../src/sync/sync-state';
import { syncNow } from '../../src/sync/sync-now';
import { createFetchSend, type SyncSend } from '../../src/sync/transport';
import { createCompanyWithPeople } from '../helpers/factories';
import { createTestServer, type TestServer } from '../helpers/server';
import { tokenFor } from '../helpers/session';
import { typedExpense } from './helpers/expenses';
import { resetLocalDatabase } from './helpers/local-db';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(resetLocalDatabase);

const tin = () => String(crypto.randomInt(100_000_000, 999_999_999));

async function signedInDevice() {
  const people = await createCompanyWithPeople(server.deps.db);
  let token = await tokenFor(server, people.operator);
  let online = true;
  let loseAnswers = 0;
  const requests: string[] = [];
  const send = createFetchSend({
    baseUrl: 'http://risiti.test',
    getAccessToken: async () => token,
    refreshAccessToken: async () => (token = await tokenFor(server, people.operator)),
    getLanguage: () => 'en',
    fetch: async (input, init) => {
      if (!online) throw new TypeError('Failed to fetch');
      requests.push(`${init?.method} ${String(input)}`);
      const response = await server.app.request(String(input), init);
      if (loseAnswers > 0) {
        loseAnswers--;
        throw new TypeError('Network connection lost');
      }
      return response;
    },
  });
  return {
    ...people,
    send: send as SyncSend,
    requests,
    apiToken: () => token,
    setOnline: (value: boolean) => (online = value),
    loseNextAnswers: (n: number) => (loseAnswers = n),
  };
}

/** The record at `path` as the server has it, and another phone's change of it. */
function otherPhone(device: Awaited<ReturnType<typeof signedInDevice>>, path: string) {
  const onServer = async () => (await server.call('GET', path, { token: device.apiToken() })).body;
  /** A change made on the version the other phone holds (the server's at that moment). */
  const elsewhere = async (change: object | ((current: { items: object[] }) => object)) => {
    const current = await onServer();
    const answer = await server.call('PUT', path, {
      token: device.apiToken(),
      headers: { 'If-Match': `"${current.version}"` },
      body: { ...current, ...(typeof change === 'function' ? change(current) : change) },
    });
    expect(answer.status).toBe(200);
  };
  return { onServer, elsewhere };
}

describe('sync against the server', () => {
  it('sends work done offline once the server answers, and leaves nothing waiting', async () => {
    const device = await signedInDevice();
    const companyId = device.company.id;
    device.setOnline(false);
    const asha = await saveCustomer(companyId, {
      name: 'Asha Traders',
      identificationType: 'TAX_IDENTIFICATION_NUMBER',
      identificationNumber: tin(),
    });
    const walkIn = await saveCustomer(companyId, {
      name: 'Walk In',
      identificationType: 'NO_IDENTIFICATION',
    });
    await saveProduct(companyId, { name: 'Mkate', unitPrice: 150_000, taxType: 'zero_rated' });
    await saveCustomer(companyId, { ...asha, phoneNumber: '0754 111 222' });
    await deleteCustomer(companyId, walkIn.id);

    expect((await syncNow({ send: device.send, companyId })).status).toBe('done');
    expect(await readSyncState(companyId)).toMatchObject({
      status: 'offline',
      // One line per record: Asha (saved twice), Walk In (saved, then deleted), the product.
      waiting: [
        { recordId: asha.id, actions: ['save', 'save'] },
        { recordId: walkIn.id, actions: ['save', 'delete'] },
        { entity: 'product', label: 'Mkate', actions: ['save'] },
      ],
      waitingCount: 3,
    });

    device.setOnline(true);
    const result = await syncNow({ send: device.send, companyId, ignoreBackoff: true });
    expect(result).toMatchObject({ drain: { status: 'done', sent: 5 }, pull: { status: 'done' } });
    expect(await readSyncState(companyId)).toMatchObject({ status: 'synced' });

    const onServer = await server.call('GET', '/v1/accounting/customers', {
      token: device.apiToken(),
    });
    expect(onServer.body.items).toMatchObject([
      { id: asha.id, name: 'Asha Traders', phoneNumber: '754111222', version: 2 },
    ]);
    expect(await db.customers.get(asha.id)).toMatchObject({ version: 2, syncState: 'synced' });
    expect(await db.customers.get(walkIn.id)).toBeUndefined();
  });

  it('reports a duplicate created offline on the record once the outbox reaches the server', async () => {
    const device = await signedInDevice();
    const companyId = device.company.id;
    const number = tin();
    // Someone else registered this customer; this device has not pulled it yet.
    await server.call('POST', '/v1/accounting/customers', {
      token: device.apiToken(),
      body: {
        name: 'Registered Elsewhere',
        identificationType: 'TAX_IDENTIFICATION_NUMBER',
        identificationNumber: number,
      },
    });
    device.setOnline(false);
    const offline = await saveCustomer(companyId, {
      name: 'Typed At The Counter',
      identificationType: 'TAX_IDENTIFICATION_NUMBER',
      identificationNumber: number,
    });
    device.setOnline(true);
    await syncNow({ send: device.send, companyId, ignoreBackoff: true });
    expect(await db.customers.get(offline.id)).toMatchObject({
      syncState: 'failed',
      syncError: {
        code: 'customer_id_duplicated',
        message: 'Customer identification number duplicated',
      },
    });
    expect(await readSyncState(companyId)).toMatchObject({
      status: 'error',
      failed: [{ label: 'Typed At The Counter' }],
    });
    // The pull brought the other customer in, next to the refused one.
    expect((await findCustomers(companyId)).map((c) => c.name)).toEqual([
      'Registered Elsewhere',
      'Typed At The Counter',
    ]);
  });

  it('does not create a record twice when the answer was lost on the way back', async () => {
    const device = await signedInDevice();
    const companyId = device.company.id;
    await saveProduct(companyId, { name: 'Maji 1L', unitPrice: 100_000, taxType: 'standard' });
    device.loseNextAnswers(1);
    const first = await syncNow({ send: device.send, companyId });
    expect(first).toMatchObject({ drain: { status: 'offline' } });
    await syncNow({ send: device.send, companyId, ignoreBackoff: true });
    const puts = device.requests.filter((r) => r.startsWith('PUT'));
    expect(puts).toHaveLength(2);
    const audit = await server.call('GET', '/v1/accounting/products', { token: device.apiToken() });
    expect(audit.body.total).toBe(1);
    expect((await findProducts(companyId))[0]).toMatchObject({ syncState: 'synced', version: 1 });
  });

  it('sends the outbox in one batch, replays it whole when its answer was lost, and stores each change once', async () => {
    const device = await signedInDevice();
    const companyId = device.company.id;
    const number = tin();
    await server.call('POST', '/v1/accounting/customers', {
      token: device.apiToken(),
      body: {
        name: 'Registered Elsewhere',
        identificationType: 'TAX_IDENTIFICATION_NUMBER',
        identificationNumber: number,
      },
    });
    device.setOnline(false);
    const first = await saveCustomer(companyId, {
      name: 'Mama Neema',
      identificationType: 'NO_IDENTIFICATION',
    });
    const duplicate = await saveCustomer(companyId, {
      name: 'Typed Again',
      identificationType: 'TAX_IDENTIFICATION_NUMBER',
      identificationNumber: number,
    });
    const last = await saveCustomer(companyId, {
      name: 'Baba Juma',
      identificationType: 'NO_IDENTIFICATION',
    });
    await saveCustomer(companyId, { ...first, name: 'Mama Neema Shop' });
    device.setOnline(true);

    // The server ran the batch, but its answer never came back.
    device.loseNextAnswers(1);
    expect(await syncNow({ send: device.send, companyId, ignoreBackoff: true })).toMatchObject({
      drain: { status: 'offline', sent: 0 },
    });
    expect(await db.outbox.count()).toBe(4);

    const result = await syncNow({ send: device.send, companyId, ignoreBackoff: true });
    expect(result).toMatchObject({ drain: { status: 'done', sent: 4 }, pull: { status: 'done' } });
    const batches = device.requests.filter((r) => r.includes('/sync/batch'));
    expect(batches).toEqual([
      `POST http://risiti.test/v1/accounting/sync/batch?companyId=${companyId}`,
      `POST http://risiti.test/v1/accounting/sync/batch?companyId=${companyId}`,
    ]);
    expect(await db.customers.get(first.id)).toMatchObject({
      name: 'Mama Neema Shop',
      version: 2,
      syncState: 'synced',
    });
    expect(await db.customers.get(duplicate.id)).toMatchObject({
      syncState: 'failed',
      syncError: { code: 'customer_id_duplicated' },
    });
    expect(await db.customers.get(last.id)).toMatchObject({ syncState: 'synced', version: 1 });
    const onServer = await server.call('GET', '/v1/accounting/customers?limit=50', {
      token: device.apiToken(),
    });
    expect((onServer.body.items as Array<{ name: string }>).map((c) => c.name).sort()).toEqual([
      'Baba Juma',
      'Mama Neema Shop',
      'Registered Elsewhere',
    ]);
  });

  it('refreshes an expired access token once and carries on', async () => {
    const device = await signedInDevice();
    const companyId = device.company.id;
    await saveCustomer(companyId, { name: 'After Lunch', identificationType: 'NO_IDENTIFICATION' });
    server.clock.advance(16 * 60_000);
    const result = await syncNow({ send: device.send, companyId });
    expect(result).toMatchObject({ drain: { status: 'done', sent: 1 } });
  });

  it('gives a second device everything through the changes feed', async () => {
    const device = await signedInDevice();
    const companyId = device.company.id;
    for (let i = 0; i < 12; i++)
      await saveCustomer(companyId, {
        name: `Customer ${String(i).padStart(2, '0')}`,
        identificationType: 'NO_IDENTIFICATION',
      });
    await syncNow({ send: device.send, companyId });
    await clearLocalData();
    expect(await findCustomers(companyId)).toEqual([]);
    await syncNow({ send: device.send, companyId });
    expect((await findCustomers(companyId)).map((c) => c.name)).toHaveLength(12);
  });

  it('merges what each device changed, and keeps both values of a field both changed until the user chooses', async () => {
    const device = await signedInDevice();
    const companyId = device.company.id;
    const fields = {
      name: 'Mama Ntilie',
      identificationType: 'TAX_IDENTIFICATION_NUMBER' as const,
      identificationNumber: tin(),
      phoneNumber: '0712345678',
    };
    const saved = await saveCustomer(companyId, fields);
    await syncNow({ send: device.send, companyId });
    const { onServer, elsewhere } = otherPhone(
      device,
      `/v1/accounting/customers/${saved.id}?companyId=${companyId}`,
    );
    const local = () => db.customers.get(saved.id);
    const offline = async (change: object) => {
      device.setOnline(false);
      const record = (await local())!;
      await saveCustomer(companyId, { ...record, ...change });
      device.setOnline(true);
    };

    // The other phone changes the number while this one, offline, adds an email twice: both
    // changes are kept, with no question.
    await elsewhere({ phoneNumber: '0755000111' });
    await offline({ email: 'mama@example.co.tz' });
    await offline({ email: 'ntilie@example.co.tz' });
    await syncNow({ send: device.send, companyId, ignoreBackoff: true });
    expect(await onServer()).toMatchObject({
      version: 3,
      phoneNumber: '755000111',
      email: 'ntilie@example.co.tz',
    });
    expect(await local()).toMatchObject({
      version: 3,
      syncState: 'synced',
      phoneNumber: '755000111',
    });

    // Both change the email: nothing is overwritten, and the phone holds both values.
    await elsewhere({ email: 'other@example.co.tz' });
    await offline({ email: 'mine@example.co.tz' });
    await syncNow({ send: device.send, companyId, ignoreBackoff: true });
    expect(await onServer()).toMatchObject({ version: 4, email: 'other@example.co.tz' });
    expect(await db.outbox.count()).toBe(0);
    expect(await local()).toMatchObject({
      email: 'mine@example.co.tz',
      syncState: 'failed',
      syncError: { code: 'record_changed', current: { version: 4, email: 'other@example.co.tz' } },
    });

    // A later change from the other phone arrives by the feed, beside this phone's values.
    await elsewhere({ name: 'Mama Ntilie Shop' });
    await syncNow({ send: device.send, companyId });
    expect(await local()).toMatchObject({
      name: 'Mama Ntilie',
      email: 'mine@example.co.tz',
      syncError: { current: { version: 5, name: 'Mama Ntilie Shop' } },
    });

    // Keeping this phone's email keeps the other phone's name.
    await settleCustomerChange(companyId, saved.id, 'mine');
    await syncNow({ send: device.send, companyId });
    expect(await onServer()).toMatchObject({
      version: 6,
      name: 'Mama Ntilie Shop',
      phoneNumber: '755000111',
      email: 'mine@example.co.tz',
    });
    expect(await local()).toMatchObject({ version: 6, syncState: 'synced', syncError: null });

    // Once more on the number, and this time the other value is taken: nothing is sent.
    await elsewhere({ phoneNumber: '0788000000' });
    await offline({ phoneNumber: '0799000000' });
    await syncNow({ send: device.send, companyId, ignoreBackoff: true });
    expect((await local())?.syncError?.code).toBe('record_changed');
    const puts = device.requests.filter((r) => r.startsWith('PUT')).length;
    await settleCustomerChange(companyId, saved.id, 'theirs');
    await syncNow({ send: device.send, companyId });
    expect(device.requests.filter((r) => r.startsWith('PUT'))).toHaveLength(puts);
    expect(await local()).toMatchObject({
      phoneNumber: '788000000',
      email: 'mine@example.co.tz',
      version: 7,
      syncState: 'synced',
    });
  });

  it('merges two devices’ changes of an expense, and lets the user choose between two sets of amounts', async () => {
    const device = await signedInDevice();
    const companyId = device.company.id;
    const typed = typedExpense({
      receiptCode: `${tin()}A`,
      vendor: { ...typedExpense().vendor, tin: tin() },
    });
    const categoryId = crypto.randomUUID();
    const category = await server.call(
      'POST',
      `/v1/accounting/expense-categories?companyId=${companyId}`,
      {
        token: device.apiToken(),
        body: { id: categoryId, name: 'Stock', code: 'STOCK1', description: '' },
      },
    );
    expect(category.status).toBe(201);
    const saved = await saveExpense(companyId, typed);
    await syncNow({ send: device.send, companyId });
    const { onServer, elsewhere } = otherPhone(
      device,
      `/v1/accounting/expenses/${saved.id}?companyId=${companyId}`,
    );
    const local = () => db.expenses.get(saved.id);
    const offline = async (change: Partial<ExpenseInput>) => {
      device.setOnline(false);
      await saveExpense(companyId, { ...typed, ...change, id: saved.id });
      device.setOnline(true);
    };

    // The other phone files it under a category while this one, offline, pays half by mobile
    // money and marks it processed: both changes reach the server, the processing last.
    await elsewhere({ categoryId });
    await offline({
      payments: [
        { method: 'CASH', amount: '2,950' },
        { method: 'EMONEY', amount: '2,950' },
      ],
    });
    device.setOnline(false);
    await changeExpenseStatus(companyId, saved.id, 'processed');
    device.setOnline(true);
    await syncNow({ send: device.send, companyId, ignoreBackoff: true });
    expect(await onServer()).toMatchObject({
      status: 'processed',
      categoryId,
      payments: [
        { method: 'CASH', amount: 295_000 },
        { method: 'EMONEY', amount: 295_000 },
      ],
    });
    expect(await db.outbox.count()).toBe(0);
    expect(await local()).toMatchObject({ status: 'processed', categoryId, syncState: 'synced' });

    // On another expense this phone changes the category and the payment, then marks it
    // processed; the other phone changes the quantity and the payment. The amounts are kept
    // beside the other's until the user chooses, and the processing waits for that choice.
    // Taking the other's amounts keeps this phone's category, sent over the other's version,
    // and then processes the expense.
    const second = await saveExpense(companyId, { ...typed, receiptCode: `${tin()}B` });
    await syncNow({ send: device.send, companyId });
    const secondPhone = otherPhone(
      device,
      `/v1/accounting/expenses/${second.id}?companyId=${companyId}`,
    );
    await secondPhone.elsewhere((current) => ({
      items: [{ ...current.items[0], quantity: 4000 }],
      payments: [{ method: 'BANK', amount: 1_180_000 }],
    }));
    device.setOnline(false);
    await saveExpense(companyId, {
      ...typed,
      receiptCode: second.receiptCode,
      id: second.id,
      categoryId,
      payments: [{ method: 'EMONEY', amount: '5,900' }],
    });
    await changeExpenseStatus(companyId, second.id, 'processed');
    device.setOnline(true);
    await syncNow({ send: device.send, companyId, ignoreBackoff: true });
    const conflicted = (await db.expenses.get(second.id))!;
    expect(conflicted).toMatchObject({
      syncState: 'failed',
      categoryId,
      payments: [{ method: 'EMONEY', amount: 590_000 }],
      syncError: { code: 'record_changed', current: { payments: [{ method: 'BANK' }] } },
    });
    // The processing queued after the edit waits for the choice: nothing is processed yet.
    expect(await db.outbox.count()).toBe(0);
    expect(await secondPhone.onServer()).toMatchObject({ status: 'pending' });
    expect(conflictOf(expenseChanges, conflicted)?.fields).toEqual([
      'amountType',
      'items',
      'payments',
    ]);
    await settleExpenseChange(companyId, second.id, 'theirs');
    expect(await db.expenses.get(second.id)).toMatchObject({
      syncState: 'pending',
      syncError: null,
    });
    await syncNow({ send: device.send, companyId });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.expenses.get(second.id)).toMatchObject({
      status: 'processed',
      syncState: 'synced',
      categoryId,
      items: [{ quantity: 4000 }],
      payments: [{ method: 'BANK', amount: 1_180_000 }],
      totals: { totalAmount: 1_180_000, balance: 0 },
    });
    expect(await secondPhone.onServer()).toMatchObject({
      status: 'processed',
      categoryId,
      payments: [{ method: 'BANK' }],
      totals: { totalAmount: 1_180_000 },
    });
  });

  it('merges two devices’ changes of a vendor or a category, and asks only where both changed one field', async () => {
    const device = await signedInDevice();
    const companyId = device.company.id;
    const vendor = await saveVendor(companyId, {
      name: 'Kilimo Traders',
      tin: tin(),
      vrn: null,
      serial: null,
      phone: null,
      address: null,
    });
    const category = await saveCategory(companyId, {
      name: 'Fuel',
      code: 'FUEL9',
      description: null,
    });
    await syncNow({ send: device.send, companyId });
    const query = `?companyId=${companyId}`;
    const vendorPhone = otherPhone(device, `/v1/accounting/vendors/${vendor.id}${query}`);
    const categoryPhone = otherPhone(
      device,
      `/v1/accounting/expense-categories/${category.id}${query}`,
    );

    // The other phone adds the vendor's phone and renames the category while this one, offline,
    // gives the vendor an address and inactivates the category: all of it is kept.
    await vendorPhone.elsewhere({ phone: '0754000111' });
    await categoryPhone.elsewhere({ name: 'Fuel and transport' });
    device.setOnline(false);
    await saveVendor(companyId, { ...vendor, address: 'Kariakoo, Dar es Salaam' });
    await setCategoryActive(companyId, category.id, false);
    device.setOnline(true);
    await syncNow({ send: device.send, companyId, ignoreBackoff: true });
    expect(await vendorPhone.onServer()).toMatchObject({
      version: 3,
      phone: '0754000111',
      address: 'Kariakoo, Dar es Salaam',
    });
    expect(await categoryPhone.onServer()).toMatchObject({
      version: 3,
      name: 'Fuel and transport',
      active: false,
    });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.vendors.get(vendor.id)).toMatchObject({
      syncState: 'synced',
      phone: '0754000111',
    });
    expect(await db.expenseCategories.get(category.id)).toMatchObject({
      syncState: 'synced',
      name: 'Fuel and transport',
      active: false,
    });

    // Both rename the vendor and both change the category's code: each waits for the user,
    // with both values, and nothing is overwritten on the server meanwhile.
    await vendorPhone.elsewhere({ name: 'Kilimo Traders Ltd' });
    await categoryPhone.elsewhere({ code: 'TRANSPORT' });
    device.setOnline(false);
    const synced = (await db.vendors.get(vendor.id))!;
    await saveVendor(companyId, { ...synced, name: 'Kilimo & Sons' });
    const fuel = (await db.expenseCategories.get(category.id))!;
    await saveCategory(companyId, { ...fuel, code: 'FUEL' });
    device.setOnline(true);
    await syncNow({ send: device.send, companyId, ignoreBackoff: true });
    expect(await vendorPhone.onServer()).toMatchObject({ name: 'Kilimo Traders Ltd' });
    expect(await categoryPhone.onServer()).toMatchObject({ code: 'TRANSPORT' });
    const conflictedVendor = (await db.vendors.get(vendor.id))!;
    expect(conflictedVendor).toMatchObject({ name: 'Kilimo & Sons', syncState: 'failed' });
    expect(conflictOf(vendorChanges, conflictedVendor)?.fields).toEqual(['name']);
    const conflictedCategory = (await db.expenseCategories.get(category.id))!;
    expect(conflictOf(categoryChanges, conflictedCategory)?.fields).toEqual(['code']);

    await settleVendorChange(companyId, vendor.id, 'mine');
    await settleCategoryChange(companyId, category.id, 'theirs');
    await syncNow({ send: device.send, companyId });
    expect(await vendorPhone.onServer()).toMatchObject({
      version: 5,
      name: 'Kilimo & Sons',
      address: 'Kariakoo, Dar es Salaam',
    });
    expect(await db.vendors.get(vendor.id)).toMatchObject({ version: 5, syncState: 'synced' });
    expect(await db.expenseCategories.get(category.id)).toMatchObject({
      version: 4,
      code: 'TRANSPORT',
      syncState: 'synced',
    });
    expect(await db.outbox.count()).toBe(0);
  });
});
