// The invoice repository and its way through the outbox: every change is stored with its
// outbox entry in one transaction, submits follow their save, and the server's answers (fiscal
// numbers, refusals, another device's edit) land on the invoice the user sees.
import { beforeEach, describe, expect, it } from 'vitest';
import { invoiceTotals, type Invoice } from '../../domain/schemas/invoice';
import { db } from '../../src/db/db';
import {
  acknowledgeOvertaken,
  cancelInvoice,
  emailInvoice,
  findInvoices,
  keepEditorDraft,
  getEditorDraft,
  saveInvoiceDraft,
  submitInvoice,
  unsavedNewInvoices,
  DEVICE_ID_KEY,
} from '../../src/db/invoices';
import { saveProduct } from '../../src/db/products';
import { RecordValidationError } from '../../src/db/validation';
import { drainOutbox } from '../../src/sync/drain';
import { pullChanges } from '../../src/sync/pull';
import { readSyncState } from '../../src/sync/sync-state';
import type { SyncRequest, SyncResponse } from '../../src/sync/transport';
import { fakeServer, refusal } from './helpers/fake-server';
import { COMPANY, fiscal, invoiceInput, operator, serverInvoice } from './helpers/invoices';
import { resetLocalDatabase } from './helpers/local-db';

beforeEach(resetLocalDatabase);

const unexpected = (): never => {
  throw new Error('Expected the repository to refuse');
};

/** The refusal a repository call ended with. */
function refused(error: unknown): RecordValidationError {
  if (error instanceof RecordValidationError) return error;
  throw error;
}

/** The invoice API as the contract describes it, keeping its invoices in memory. */
function invoiceApi() {
  const invoices = new Map<string, Invoice>();
  let created = Date.parse('2026-11-20T06:00:00Z');
  const answer = (request: SyncRequest): SyncResponse => {
    const url = new URL(request.path, 'http://risiti.test');
    const [, id, action] = /\/invoices\/([^/]+)(?:\/(\w+))?$/.exec(url.pathname) ?? [];
    if (!id) return { status: 200, body: { changes: [], cursor: '0', more: false, reset: false } };
    const current = invoices.get(id);
    if (request.method === 'PUT') {
      const body = JSON.parse(request.body!);
      const saved = serverInvoice(
        { id, ...body },
        {
          version: (current?.version ?? 0) + 1,
          publicId: current?.publicId ?? `pub-${id}`,
          createdAt: current?.createdAt ?? new Date((created += 60_000)).toISOString(),
        },
      );
      invoices.set(id, saved);
      return { status: 200, body: saved };
    }
    if (!current) return refusal(404, 'invoice_not_found', 'Invoice not found');
    if (action === 'submit') {
      const submitted = {
        ...current,
        status: 'submitted' as const,
        fiscal: current.fiscal ?? fiscal(),
        version: current.version + 1,
      };
      invoices.set(id, submitted);
      return { status: 200, body: submitted };
    }
    if (action === 'cancel') {
      const canceled = { ...current, status: 'canceled' as const, version: current.version + 1 };
      invoices.set(id, canceled);
      return { status: 200, body: canceled };
    }
    if (action === 'email') {
      const to = JSON.parse(request.body ?? '{}').to ?? current.customer.email;
      return { status: 202, body: { to } };
    }
    return refusal(404, 'not_found', 'Not found');
  };
  return { invoices, answer };
}

const drain = (send: ReturnType<typeof fakeServer>['send']) =>
  drainOutbox({ send, companyId: COMPANY });

describe('saving a draft', () => {
  it('stores the invoice with the totals of domain/totals and its outbox entry together', async () => {
    const input = invoiceInput({ reference: ' PO-7781 ' });
    const saved = await saveInvoiceDraft(operator, input);

    const { lines, ...totals } = invoiceTotals(saved);
    expect(saved).toMatchObject({
      id: input.id,
      status: 'draft',
      version: 0,
      syncState: 'pending',
      fiscal: null,
      reference: 'PO-7781',
      operatorName: 'Juma Hassan',
      totals,
      lineTotals: lines,
    });
    expect(await db.invoices.get(input.id)).toEqual(saved);
    const [entry, ...others] = await db.outbox.toArray();
    expect(others).toEqual([]);
    const device = (await db.meta.get(DEVICE_ID_KEY))!.value;
    expect(entry).toMatchObject({
      entity: 'invoice',
      recordId: input.id,
      action: 'save',
      method: 'PUT',
      path: `/v1/accounting/invoices/${input.id}`,
      headers: { 'X-Device-Id': device },
      body: { type: 'json', json: expect.objectContaining({ reference: 'PO-7781' }) },
    });
    // Never saved on the server: no version to name.
    expect(entry!.body!.json).not.toHaveProperty('version');
    expect(entry!.label).toBe(`Asha Mwinyi · Tsh ${'7,320.00'}`);
  });

  it('writes nothing for an invalid invoice and names each field', async () => {
    const input = invoiceInput({
      customer: {
        name: 'Baraka',
        identificationType: 'TAX_IDENTIFICATION_NUMBER',
        identificationNumber: '12345',
      },
      payments: [{ type: 'cash', amount: 99_000_00 }],
    });
    input.items[0]!.description = ' ';
    const error = await saveInvoiceDraft(operator, input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RecordValidationError);
    expect((error as RecordValidationError).fields).toEqual({
      'customer.identificationNumber': 'Please enter a correct TIN number',
      'items.0.description': 'Please enter the item description',
    });
    const overpaid = await saveInvoiceDraft(
      operator,
      invoiceInput({ payments: [{ type: 'cash', amount: 99_000_00 }] }),
    ).then(unexpected, refused);
    expect(overpaid.fields).toEqual({ payments: 'Total payments greater than total invoice' });
    expect(await db.invoices.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('refuses every save while the company is blocked by TRA', async () => {
    const error = await saveInvoiceDraft({ ...operator, blockedByTra: true }, invoiceInput()).then(
      unexpected,
      refused,
    );
    expect(error.fields).toEqual({
      _: 'Your account has been blocked by TRA. Please contact us for more details.',
    });
    expect(await db.invoices.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeps what is typed on every change and forgets it once saved', async () => {
    const input = invoiceInput();
    await keepEditorDraft({ id: input.id, companyId: COMPANY, baseVersion: null, form: { a: 1 } });
    await keepEditorDraft({ id: input.id, companyId: COMPANY, baseVersion: null, form: { a: 2 } });
    expect(await getEditorDraft(COMPANY, input.id)).toMatchObject({ form: { a: 2 } });
    expect((await unsavedNewInvoices(COMPANY)).map((d) => d.id)).toEqual([input.id]);

    await saveInvoiceDraft(operator, input);
    expect(await getEditorDraft(COMPANY, input.id)).toBeNull();
    expect(await unsavedNewInvoices(COMPANY)).toEqual([]);
  });
});

describe('submitting', () => {
  it('queues the save, then the submit with its own key, and shows the invoice as waiting', async () => {
    const input = invoiceInput();
    const submitted = await submitInvoice(operator, input);
    expect(submitted).toMatchObject({ status: 'submitted', fiscal: null, syncState: 'pending' });
    expect(submitted.submittedAt).not.toBeNull();

    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => `${e.action} ${e.method} ${e.path}`)).toEqual([
      `save PUT /v1/accounting/invoices/${input.id}`,
      `submit POST /v1/accounting/invoices/${input.id}/submit`,
    ]);
    expect(entries[1]!.body).toBeNull();
    expect(entries[0]!.key).not.toBe(entries[1]!.key);

    // A submitted invoice is never changed again on this device.
    const again = await saveInvoiceDraft(operator, input).then(unexpected, refused);
    expect(again.fields).toEqual({
      _: 'This invoice has been submitted and can no longer be changed',
    });
  });

  it('stores the fiscal receipt the server answers, then the issued invoice a pull brings', async () => {
    const api = invoiceApi();
    const server = fakeServer(api.answer);
    const input = invoiceInput();
    await submitInvoice(operator, input);

    expect(await drain(server.send)).toEqual({ status: 'done', sent: 2 });
    expect(server.requests.map((r) => [r.method, r.headers['Idempotency-Key']])).toEqual([
      ['PUT', expect.any(String)],
      ['POST', expect.any(String)],
    ]);
    const numbered = (await db.invoices.get(input.id))!;
    expect(numbered).toMatchObject({
      status: 'submitted',
      syncState: 'synced',
      fiscal: { traStatus: 'pending' },
    });
    expect(numbered.receiptNumber).toBe(numbered.fiscal!.receiptNumber);

    const issued = {
      ...api.invoices.get(input.id)!,
      status: 'issued' as const,
      fiscal: { ...numbered.fiscal!, traStatus: 'accepted' as const },
      version: numbered.version + 1,
    };
    server.answers.push({
      status: 200,
      body: {
        changes: [{ type: 'invoice', id: input.id, deleted: false, record: issued }],
        cursor: '9',
        more: false,
        reset: false,
      },
    });
    await pullChanges({ send: server.send, companyId: COMPANY });
    expect(await db.invoices.get(input.id)).toMatchObject({
      status: 'issued',
      fiscal: { traStatus: 'accepted' },
    });
  });

  it('refuses at once a line whose product the server refused, and writes nothing', async () => {
    const product = await saveProduct(COMPANY, { name: 'Mchele', taxType: 'standard' });
    await db.outbox.clear();
    await db.products.update(product.id, {
      syncState: 'failed',
      syncError: {
        code: 'product_name_duplicated',
        message: 'A product with this name already exists',
        status: 422,
        at: 1,
      },
    });
    const input = invoiceInput();
    input.items[1]!.productId = product.id;
    const error = await submitInvoice(operator, input).then(unexpected, refused);
    expect(error.fields).toEqual({
      'items.1.productId': 'Please save the product first before submitting the invoice',
    });
    expect(await db.invoices.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('puts the invoice back to draft with the server message when the submit is refused', async () => {
    const api = invoiceApi();
    const server = fakeServer((request) =>
      request.path.includes('/submit')
        ? refusal(422, 'invoice_missing_data', 'This Invoice can`t be send, missing data')
        : api.answer(request),
    );
    const input = invoiceInput();
    await submitInvoice(operator, input);
    await drain(server.send);
    expect(await db.invoices.get(input.id)).toMatchObject({
      status: 'draft',
      submittedAt: null,
      syncState: 'failed',
      syncError: { code: 'invoice_missing_data', status: 422 },
    });
    const state = await readSyncState(COMPANY);
    expect(state).toMatchObject({
      status: 'error',
      failed: [{ entity: 'invoice', recordId: input.id, label: 'Asha Mwinyi · Tsh 7,320.00' }],
    });
    // Fixed and submitted again, it goes through.
    await submitInvoice(operator, { ...input, reference: 'fixed' });
    server.answers.length = 0;
    const ok = fakeServer(api.answer);
    await drain(ok.send);
    expect(await db.invoices.get(input.id)).toMatchObject({
      status: 'submitted',
      syncState: 'synced',
    });
  });

  it('drops the submit queued behind a refused save, keeping the save refusal for the user', async () => {
    const server = fakeServer(() =>
      refusal(403, 'company_blocked', 'Your account has been blocked by TRA.'),
    );
    const input = invoiceInput();
    await submitInvoice(operator, input);
    expect(await drain(server.send)).toEqual({ status: 'done', sent: 1 });
    expect(server.requests).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.invoices.get(input.id)).toMatchObject({
      status: 'draft',
      syncError: { code: 'company_blocked' },
    });
  });
});

describe('canceling and emailing', () => {
  it('cancels only a draft, through the outbox', async () => {
    const api = invoiceApi();
    const server = fakeServer(api.answer);
    const draft = await saveInvoiceDraft(operator, invoiceInput());
    await drain(server.send);

    const canceled = await cancelInvoice(operator, draft.id);
    expect(canceled).toMatchObject({ status: 'canceled', syncState: 'pending' });
    await drain(server.send);
    expect(server.requests.at(-1)!.path).toContain(`/invoices/${draft.id}/cancel`);
    expect(await db.invoices.get(draft.id)).toMatchObject({
      status: 'canceled',
      syncState: 'synced',
      fiscal: null,
    });

    const submitted = await submitInvoice(operator, invoiceInput());
    const refusal = await cancelInvoice(operator, submitted.id).then(unexpected, refused);
    expect(refusal.fields).toEqual({ _: 'Only a draft invoice can be canceled' });
  });

  it('refuses an email without a valid address and queues one with an address', async () => {
    const api = invoiceApi();
    const server = fakeServer(api.answer);
    const input = invoiceInput();
    await submitInvoice(operator, input);
    await drain(server.send);

    const missing = await emailInvoice(COMPANY, input.id).then(unexpected, refused);
    expect(missing.fields).toEqual({
      email: 'This customer has no valid email. Please check the customer email.',
    });
    const invalid = await emailInvoice(COMPANY, input.id, 'asha@').then(unexpected, refused);
    expect(invalid.fields).toEqual({ email: 'Valid email required' });
    expect(await db.outbox.count()).toBe(0);

    await emailInvoice(COMPANY, input.id, 'asha@duka.co.tz');
    expect(await db.invoices.get(input.id)).toMatchObject({
      email: { status: 'queued', to: 'asha@duka.co.tz' },
    });
    const before = (await db.invoices.get(input.id))!;
    await drain(server.send);
    expect(JSON.parse(server.requests.at(-1)!.body!)).toEqual({ to: 'asha@duka.co.tz' });
    const after = (await db.invoices.get(input.id))!;
    expect(after.email).toMatchObject({ status: 'sent', to: 'asha@duka.co.tz' });
    // The answer is a receipt of sending: the invoice itself is untouched.
    expect({ ...after, email: null }).toEqual({ ...before, email: null });
  });

  it('shows a refused email on the invoice without marking the invoice itself', async () => {
    const api = invoiceApi();
    const input = invoiceInput({
      customer: { name: 'Asha', identificationType: 'NO_IDENTIFICATION', email: 'a@b.co.tz' },
    });
    await submitInvoice(operator, input);
    await drain(fakeServer(api.answer).send);
    await emailInvoice(COMPANY, input.id);
    await drain(
      fakeServer(() =>
        refusal(
          502,
          'invoice_email_failed',
          'The invoice could not be emailed. Please check the customer email and try again.',
        ),
      ).send,
    );
    // A 502 is a server fault: the email waits to be tried again.
    expect(await db.outbox.count()).toBe(1);
    await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
    await drain(
      fakeServer(() =>
        refusal(422, 'invoice_customer_email_missing', 'This customer has no valid email.'),
      ).send,
    );
    expect(await db.invoices.get(input.id)).toMatchObject({
      syncState: 'synced',
      email: { status: 'failed', error: { code: 'invoice_customer_email_missing' } },
    });
  });

  it('lets an issued invoice arrive by pull while its email still waits', async () => {
    const api = invoiceApi();
    const server = fakeServer(api.answer);
    const input = invoiceInput();
    await submitInvoice(operator, input);
    await drain(server.send);
    await emailInvoice(COMPANY, input.id, 'asha@duka.co.tz');
    const issued = { ...api.invoices.get(input.id)!, status: 'issued', version: 9 };
    server.answers.push({
      status: 200,
      body: {
        changes: [{ type: 'invoice', id: input.id, deleted: false, record: issued }],
        cursor: '5',
        more: false,
        reset: false,
      },
    });
    await pullChanges({ send: server.send, companyId: COMPANY });
    expect(await db.invoices.get(input.id)).toMatchObject({
      status: 'issued',
      email: { status: 'queued' },
    });
  });
});

describe('a draft edited on two devices', () => {
  const pulled = (record: Invoice) => ({
    status: 200,
    body: {
      changes: [{ type: 'invoice', id: record.id, deleted: false, record }],
      cursor: String(record.version),
      more: false,
      reset: false,
    },
  });

  it('tells this device when a pull replaces the draft it wrote', async () => {
    const api = invoiceApi();
    const server = fakeServer(api.answer);
    const input = invoiceInput();
    await saveInvoiceDraft(operator, input);
    await drain(server.send);
    const ours = (await db.invoices.get(input.id))!;
    expect(ours).toMatchObject({ writtenHere: 1, replacedAt: null, version: 1 });

    // The feed repeats our own write: nothing to tell.
    server.answers.push(pulled(api.invoices.get(input.id)!));
    await pullChanges({ send: server.send, companyId: COMPANY });
    expect((await db.invoices.get(input.id))!.replacedAt).toBeNull();

    // Another device saved the same draft later: its version wins and this one is told.
    const theirs = serverInvoice({ ...input, reference: 'changed on the other phone' } as never, {
      version: 2,
      reference: 'changed on the other phone',
    });
    server.answers.push(pulled(theirs));
    await pullChanges({ send: server.send, companyId: COMPANY });
    expect(await db.invoices.get(input.id)).toMatchObject({
      reference: 'changed on the other phone',
      version: 2,
      writtenHere: 0,
      replacedAt: expect.any(Number),
    });
  });

  it('tells this device when its edit came after another device submitted the invoice', async () => {
    const api = invoiceApi();
    const server = fakeServer(api.answer);
    const input = invoiceInput();
    await saveInvoiceDraft(operator, input);
    await drain(server.send);
    // Offline here, an edit; meanwhile the other phone submits the draft as it was.
    await saveInvoiceDraft(operator, { ...input, reference: 'seven bags' }, { baseVersion: 1 });
    const submitted = serverInvoice(input, { version: 2, status: 'submitted', fiscal: fiscal() });
    const message = 'This invoice has been submitted and can no longer be changed';
    server.answers.push(refusal(409, 'invoice_locked', message), pulled(submitted));
    await drain(server.send);
    await pullChanges({ send: server.send, companyId: COMPANY });

    expect(await db.invoices.get(input.id)).toMatchObject({
      status: 'submitted',
      reference: null,
      syncState: 'synced',
      overtaken: { at: expect.any(Number), message },
    });
    // Told once: a later pull of the same invoice keeps the notice until it is seen.
    server.answers.push(pulled({ ...submitted, version: 3, status: 'issued' }));
    await pullChanges({ send: server.send, companyId: COMPANY });
    expect((await db.invoices.get(input.id))!.overtaken).toMatchObject({ message });
    await acknowledgeOvertaken(input.id);
    expect((await db.invoices.get(input.id))!.overtaken).toBeNull();
  });

  it('keeps this device’s unsent edit over the other device’s, and sends it', async () => {
    const api = invoiceApi();
    const server = fakeServer(api.answer);
    const input = invoiceInput();
    await saveInvoiceDraft(operator, input);
    await drain(server.send);
    await saveInvoiceDraft(operator, { ...input, reference: 'mine' }, { baseVersion: 1 });

    server.answers.push(pulled(serverInvoice(input, { version: 2, reference: 'theirs' })));
    await pullChanges({ send: server.send, companyId: COMPANY });
    expect((await db.invoices.get(input.id))!.reference).toBe('mine');

    await drain(server.send);
    const put = server.requests.findLast((r) => r.method === 'PUT')!;
    expect(JSON.parse(put.body!)).toMatchObject({ reference: 'mine', version: 1 });
    expect(await db.invoices.get(input.id)).toMatchObject({
      reference: 'mine',
      syncState: 'synced',
      replacedAt: null,
    });
  });
});

describe('finding invoices', () => {
  it('filters by status, EAT days and every search word, newest first', async () => {
    const api = invoiceApi();
    const server = fakeServer(api.answer);
    const first = await saveInvoiceDraft(
      operator,
      invoiceInput({ customer: { name: 'Baraka Juma', identificationType: 'NO_IDENTIFICATION' } }),
    );
    const second = await submitInvoice(
      operator,
      invoiceInput({
        customer: { name: 'Neema Mushi', identificationType: 'NO_IDENTIFICATION' },
        reference: 'LPO-55',
      }),
    );
    await drain(server.send);
    const numbered = (await db.invoices.get(second.id))!;
    const today = numbered.date;

    expect((await findInvoices(COMPANY)).map((i) => i.id)).toEqual([second.id, first.id]);
    expect((await findInvoices(COMPANY, { status: 'draft' })).map((i) => i.id)).toEqual([first.id]);
    expect(await findInvoices(COMPANY, { firstDay: '2000-01-01', lastDay: '2000-01-31' })).toEqual(
      [],
    );
    expect(
      (await findInvoices(COMPANY, { firstDay: today, lastDay: today })).map((i) => i.id),
    ).toHaveLength(2);
    expect((await findInvoices(COMPANY, { search: 'neema lpo' })).map((i) => i.id)).toEqual([
      second.id,
    ]);
    expect(
      (await findInvoices(COMPANY, { search: String(numbered.fiscal!.receiptNumber) })).map(
        (i) => i.id,
      ),
    ).toEqual([second.id]);
    expect(await findInvoices(COMPANY, { search: 'unga', status: 'issued' })).toEqual([]);
    expect(await findInvoices('33333333-3333-4333-8333-333333333333')).toEqual([]);
  });
});
