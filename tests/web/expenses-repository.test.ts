// The expense repository and its way through the outbox, against a scripted server: an expense
// typed by hand with its file, a scanned code kept as a pending expense and filled by the
// server's answer, a duplicate code refused on the phone or by the server, files checked like
// the server checks them and sent once with their bytes and their own key.
import { beforeEach, describe, expect, it } from 'vitest';
import type { ExpenseInput } from '../../domain/schemas/expense';
import { db } from '../../src/db/db';
import { addExpenseAttachments, removeExpenseAttachment } from '../../src/db/expense-attachments';
import { saveCategory, saveVendor } from '../../src/db/expense-directory';
import {
  changeExpenseStatus,
  discardExpense,
  findExpenses,
  recordScannedReceipt,
  saveExpense,
} from '../../src/db/expenses';
import { RecordValidationError } from '../../src/db/validation';
import { drainOutbox } from '../../src/sync/drain';
import { pullChanges } from '../../src/sync/pull';
import { uploadProgress } from '../../src/sync/upload-progress';
import { echo, fakeServer, refusal } from './helpers/fake-server';
import { resetLocalDatabase } from './helpers/local-db';

const COMPANY = '22222222-2222-4222-8222-222222222222';

beforeEach(resetLocalDatabase);

const png = () =>
  new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])], {
    type: 'image/png',
  });

const typed = (overrides: Record<string, unknown> = {}): ExpenseInput =>
  ({
    categoryId: null,
    receiptCode: '317b5e380',
    date: '14-07-2025',
    time: '14:32',
    amountType: 'INCLUSIVE' as const,
    vendor: { name: 'Mama Ntilie Supplies', tin: '101-825-906' },
    items: [{ description: 'Sukari 1kg', quantity: '2', unitAmount: '2,950', taxType: 'STANDARD' }],
    payments: [{ method: 'CASH' as const, amount: '5,900' }],
    ...overrides,
  }) as ExpenseInput;

/** The server: a file's upload answered with the file's record, as the real one does. */
const server = () =>
  fakeServer((request) => {
    if (!request.file) return echo(request);
    const id = request.path.split('?')[0]!.split('/').pop()!;
    const expenseId = request.path.split('/')[4]!;
    const now = new Date().toISOString();
    return {
      status: 201,
      body: {
        id,
        expenseId,
        name: decodeURIComponent(request.headers['X-File-Name']!),
        kind: 'png',
        mime: 'image/png',
        size: request.file.size,
        sha256: 'ab'.repeat(32),
        version: 1,
        createdAt: now,
        updatedAt: now,
      },
    };
  });

async function refusedWith(promise: Promise<unknown>): Promise<Record<string, string>> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(RecordValidationError);
  return (error as RecordValidationError).fields;
}

const vendor = (name: string, tin: string) => ({
  name,
  tin,
  vrn: null,
  serial: null,
  phone: null,
  address: null,
});

describe('recording expenses on the phone', () => {
  it('stores an expense typed by hand with its totals, then its file, each queued in order', async () => {
    const expense = await saveExpense(COMPANY, typed(), {
      files: [{ blob: png(), name: 'risiti.png', type: 'image/png' }],
      author: { id: null, name: 'Juma Hassan' },
    });
    expect(expense).toMatchObject({
      version: 0,
      status: 'pending',
      receiptCode: '317B5E380',
      date: '2025-07-14',
      time: '14:32:00',
      syncState: 'pending',
      totals: { netAmount: 500_000, totalVat: 90_000, totalAmount: 590_000, balance: 0 },
      totalAmountTzs: 590_000,
      vendor: { tin: '101825906' },
    });
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => `${e.action} ${e.method} ${e.path}`)).toEqual([
      `save PUT /v1/accounting/expenses/${expense.id}`,
      expect.stringMatching(
        new RegExp(`^upload PUT /v1/accounting/expenses/${expense.id}/attachments/[0-9a-f-]{36}$`),
      ),
    ]);
    expect(entries[1]!.headers).toEqual({
      'Content-Type': 'image/png',
      'X-File-Name': 'risiti.png',
    });

    const api = server();
    expect(await drainOutbox({ send: api.send, companyId: COMPANY })).toEqual({
      status: 'done',
      sent: 2,
    });
    const [save, upload] = api.requests;
    expect(JSON.parse(save!.body!)).toMatchObject({
      receiptCode: '317B5E380',
      date: '2025-07-14',
      items: [{ quantity: 2000, unitAmount: 295_000, taxType: 'STANDARD' }],
      payments: [{ method: 'CASH', amount: 590_000 }],
    });
    // The file goes as the body, read from IndexedDB when sent (fake-indexeddb keeps Blobs as
    // plain objects; tests/e2e/expenses.test.ts checks the bytes that reach the server).
    expect(upload!.body).toBeUndefined();
    expect(upload!.file).toBeDefined();
    expect(upload!.headers['Idempotency-Key']).toBe(entries[1]!.key);
    expect(upload!.onUploadProgress).toBeTypeOf('function');
    upload!.onUploadProgress!(6, 11);
    expect(uploadProgress(entries[1]!.recordId)).toEqual({ sent: 6, total: 11 });
    const file = await db.expenseAttachments.get(entries[1]!.recordId);
    expect(file).toMatchObject({ syncState: 'synced', name: 'risiti.png', version: 1 });
    expect(file!.blob).not.toBeNull();
  });

  it("keeps a scanned code as a pending expense and takes the server's filled answer", async () => {
    const scanned = await recordScannedReceipt(COMPANY, {
      source: 'qr',
      receiptCode: 'mft7ab380',
      time: '09:05:07',
    });
    expect(scanned).toMatchObject({
      receiptCode: 'MFT7AB380',
      items: [],
      vendor: null,
      lookup: { status: 'queued', time: '09:05:07' },
    });
    const server = fakeServer((request) => ({
      status: 202,
      body: {
        ...scanned,
        version: 1,
        lookup: { ...scanned.lookup, status: 'queued' },
        request: request.path,
      },
    }));
    await drainOutbox({ send: server.send, companyId: COMPANY });
    expect(server.requests[0]).toMatchObject({
      method: 'PUT',
      path: `/v1/accounting/expenses/${scanned.id}/lookup?companyId=${COMPANY}`,
    });
    expect(JSON.parse(server.requests[0]!.body!)).toEqual({
      source: 'qr',
      receiptCode: 'MFT7AB380',
      time: '09:05:07',
    });

    const filled = {
      ...scanned,
      version: 2,
      vendor: {
        vendorId: null,
        name: 'Kilimo Traders',
        tin: '101825906',
        vrn: null,
        phone: null,
        serial: null,
      },
      items: [{ description: 'Mbolea', quantity: 1000, unitAmount: 50_000, taxType: 'STANDARD' }],
      payments: [{ method: 'CASH', amount: 50_000 }],
      lookup: { ...scanned.lookup, status: 'done' },
    };
    const pull = fakeServer({
      status: 200,
      body: {
        changes: [{ type: 'expense', id: scanned.id, seq: 7, deleted: false, record: filled }],
        cursor: '7',
        more: false,
        reset: false,
      },
    });
    await pullChanges({ send: pull.send, companyId: COMPANY });
    const [listed] = await findExpenses(COMPANY, { search: 'kilimo' });
    expect(listed).toMatchObject({
      id: scanned.id,
      syncState: 'synced',
      lookup: { status: 'done' },
    });
  });

  it("refuses a code this phone knows at once: 'Conflict. Code already registered.'", async () => {
    await saveExpense(COMPANY, typed());
    const fields = await refusedWith(
      recordScannedReceipt(COMPANY, { receiptCode: '317B5E380', time: '14:32' }),
    );
    expect(fields).toEqual({
      receiptCode: 'This receipt code is already registered',
      _: 'Conflict. Code already registered.',
    });
    expect(await db.outbox.count()).toBe(1);
  });

  it('keeps a code another phone registered meanwhile, with the refusal, until discarded', async () => {
    const scanned = await recordScannedReceipt(COMPANY, { receiptCode: 'ABC123', time: '10:00' });
    const server = fakeServer(
      refusal(409, 'expense_receipt_taken', 'Conflict. Code already registered.', {
        receiptCode: 'This receipt code is already registered',
      }),
    );
    await drainOutbox({ send: server.send, companyId: COMPANY });
    const kept = await db.expenses.get(scanned.id);
    expect(kept).toMatchObject({
      receiptCode: 'ABC123',
      syncState: 'failed',
      syncError: { code: 'expense_receipt_taken', message: 'Conflict. Code already registered.' },
    });
    await discardExpense(COMPANY, scanned.id);
    expect(await db.expenses.get(scanned.id)).toBeUndefined();
  });

  it('checks files like the server does, and removes one with a queued deletion', async () => {
    const expense = await saveExpense(COMPANY, typed());
    const renamed = await refusedWith(
      addExpenseAttachments(COMPANY, expense.id, [
        { blob: png(), name: 'photo.jpg', type: 'image/jpeg' },
      ]),
    );
    expect(renamed.files).toBe('The file content does not match its type');
    const big = new Blob([new Uint8Array(5 * 1024 * 1024 + 1)]);
    expect(
      (
        await refusedWith(
          addExpenseAttachments(COMPANY, expense.id, [{ blob: big, name: 'a.png', type: '' }]),
        )
      ).files,
    ).toBe('The file is too large. The maximum is 5 MB.');
    const [file] = await addExpenseAttachments(COMPANY, expense.id, [
      { blob: png(), name: 'a.png', type: '' },
    ]);
    await removeExpenseAttachment(COMPANY, file!.id);
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => e.action)).toEqual(['save', 'upload', 'delete']);
    await drainOutbox({ send: server().send, companyId: COMPANY });
    expect(await db.expenseAttachments.get(file!.id)).toBeUndefined();
  });

  it('changes only a pending expense, and marks processed only one with its details', async () => {
    const scanned = await recordScannedReceipt(COMPANY, { receiptCode: 'XYZ999', time: '08:00' });
    expect((await refusedWith(changeExpenseStatus(COMPANY, scanned.id, 'processed')))._).toBe(
      'Enter the receipt details before marking the expense processed',
    );
    const expense = await saveExpense(COMPANY, typed({ receiptCode: 'OTHER1' }));
    await changeExpenseStatus(COMPANY, expense.id, 'processed');
    expect(
      (
        await refusedWith(
          saveExpense(COMPANY, { ...typed({ receiptCode: 'OTHER1' }), id: expense.id }),
        )
      )._,
    ).toBe('Only a pending expense can be changed');
    const last = (await db.outbox.orderBy('seq').toArray()).at(-1)!;
    expect(last).toMatchObject({
      action: 'status',
      method: 'POST',
      body: { json: { status: 'processed' } },
    });
  });

  it("refuses a vendor's TIN and a category's code the phone already has", async () => {
    await saveVendor(COMPANY, vendor('Kilimo Traders', '101825906'));
    expect(await refusedWith(saveVendor(COMPANY, vendor('Other', '101-825-906')))).toEqual({
      tin: 'Conflict. Tax Number or Serial already registered.',
      _: 'Conflict. Tax Number or Serial already registered.',
    });
    await saveCategory(COMPANY, { name: 'Fuel', code: 'fuel', description: null });
    expect(
      (
        await refusedWith(
          saveCategory(COMPANY, { name: 'Diesel', code: 'FUEL', description: null }),
        )
      ).code,
    ).toBe('Conflict. Code already registered.');
  });
});
