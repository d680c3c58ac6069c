import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteCustomer, findCustomers, saveCustomer } from '../../src/db/customers';
import { db } from '../../src/db/db';
import { keepEditorDraft } from '../../src/db/invoices';
import { signOutWouldLoseChanges, unsyncedChanges } from '../../src/db/local-data';
import { saveProduct } from '../../src/db/products';
import { RecordValidationError } from '../../src/db/validation';
import { resetLocalDatabase } from './helpers/local-db';

const COMPANY = '11111111-1111-4111-8111-111111111111';

beforeEach(resetLocalDatabase);

const juma = {
  name: 'Juma Hamisi',
  identificationType: 'TAX_IDENTIFICATION_NUMBER',
  identificationNumber: '123-456-789',
  phoneNumber: '0712 345 678',
} as const;

describe('customer repository', () => {
  it('writes the customer and its outbox entry together', async () => {
    const saved = await saveCustomer(COMPANY, juma);
    expect(saved).toMatchObject({
      name: 'Juma Hamisi',
      identificationNumber: '123456789',
      phoneNumber: '712345678',
      version: 0,
      syncState: 'pending',
      companyId: COMPANY,
    });
    expect(await db.customers.get(saved.id)).toEqual(saved);
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      companyId: COMPANY,
      entity: 'customer',
      recordId: saved.id,
      action: 'save',
      label: 'Juma Hamisi',
      method: 'PUT',
      path: `/v1/accounting/customers/${saved.id}`,
      attempts: 0,
      body: { type: 'json', json: expect.objectContaining({ identificationNumber: '123456789' }) },
    });
    expect(entries[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('writes nothing when the customer is invalid, and names the fields', async () => {
    const error = await saveCustomer(COMPANY, {
      ...juma,
      identificationNumber: '12',
      email: 'nope',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RecordValidationError);
    expect((error as RecordValidationError).fields).toEqual({
      identificationNumber: 'Please enter a correct TIN number',
      email: 'Valid email required',
    });
    expect(await db.customers.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('refuses a duplicate this device already knows of', async () => {
    await saveCustomer(COMPANY, { ...juma, vatRegistrationNumber: '10017937K' });
    const sameId = await saveCustomer(COMPANY, { ...juma, name: 'Other' }).catch((e) => e);
    expect(sameId.fields).toEqual({
      identificationNumber: 'Customer identification number duplicated',
    });
    const sameVrn = await saveCustomer(COMPANY, {
      name: 'Third',
      identificationType: 'NO_IDENTIFICATION',
      vatRegistrationNumber: '10017937k',
    }).catch((e) => e);
    expect(sameVrn.fields).toEqual({
      vatRegistrationNumber: 'Customer VAT registration number duplicated',
    });
    // Another company may have the same customer.
    await saveCustomer('22222222-2222-4222-8222-222222222222', juma);
    expect(await db.outbox.count()).toBe(2);
  });

  it('leaves no outbox entry and no record when the transaction fails', async () => {
    const add = db.outbox.add.bind(db.outbox);
    // The entry is written, then the transaction fails (as a full disk would make it).
    const spy = vi.spyOn(db.outbox, 'add').mockImplementationOnce(((
      ...args: Parameters<typeof add>
    ) =>
      add(...args).then(() => {
        throw new Error('QuotaExceededError');
      })) as typeof add);
    await expect(saveCustomer(COMPANY, juma)).rejects.toThrow('QuotaExceededError');
    spy.mockRestore();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.customers.count()).toBe(0);
  });

  it('hides a deleted customer at once and queues its deletion', async () => {
    const saved = await saveCustomer(COMPANY, juma);
    await deleteCustomer(COMPANY, saved.id);
    expect(await findCustomers(COMPANY)).toEqual([]);
    expect(await db.customers.get(saved.id)).toMatchObject({ deleted: 1, syncState: 'pending' });
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => [e.method, e.action])).toEqual([
      ['PUT', 'save'],
      ['DELETE', 'delete'],
    ]);
    // Deleting it again adds nothing.
    await deleteCustomer(COMPANY, saved.id);
    expect(await db.outbox.count()).toBe(2);
  });

  it('finds customers by any word of name, number, phone or email, in name order', async () => {
    await saveCustomer(COMPANY, { name: 'zawadi shop', identificationType: 'NO_IDENTIFICATION' });
    await saveCustomer(COMPANY, juma);
    await saveCustomer(COMPANY, {
      name: 'Asha Traders',
      identificationType: 'NO_IDENTIFICATION',
      email: 'asha@duka.co.tz',
    });
    expect((await findCustomers(COMPANY)).map((c) => c.name)).toEqual([
      'Asha Traders',
      'Juma Hamisi',
      'zawadi shop',
    ]);
    expect((await findCustomers(COMPANY, 'duka')).map((c) => c.name)).toEqual(['Asha Traders']);
    expect((await findCustomers(COMPANY, '7123 juma')).map((c) => c.name)).toEqual(['Juma Hamisi']);
  });
});

describe('product repository', () => {
  it('writes the product with its outbox entry and refuses a name already used', async () => {
    const saved = await saveProduct(COMPANY, {
      name: 'Sukari 1kg',
      unitPrice: 350_000,
      taxType: 'standard',
    });
    expect(saved).toMatchObject({ unitPrice: 350_000, priceIncludesVat: true, version: 0 });
    expect(await db.outbox.count()).toBe(1);
    const again = await saveProduct(COMPANY, { name: 'SUKARI  1KG', taxType: 'standard' }).catch(
      (e) => e,
    );
    expect(again.fields).toEqual({ name: 'A product with this name already exists' });
    // Editing the product under its own name is fine.
    await saveProduct(COMPANY, { id: saved.id, name: 'Sukari 1kg', taxType: 'zero_rated' });
    expect(await db.outbox.count()).toBe(2);
  });
});

describe('signing out', () => {
  it('knows when waiting changes would be lost', async () => {
    expect(await signOutWouldLoseChanges(COMPANY)).toBe(false);
    await saveCustomer(COMPANY, juma);
    expect(await unsyncedChanges(COMPANY)).toEqual({ waiting: 1, failed: 0, unsaved: 0 });
    expect(await signOutWouldLoseChanges(COMPANY)).toBe(true);
    expect(await signOutWouldLoseChanges('22222222-2222-4222-8222-222222222222')).toBe(false);
  });

  it('counts invoices typed in the editor and never saved, for their own company only', async () => {
    const OTHER = '22222222-2222-4222-8222-222222222222';
    await keepEditorDraft({
      id: crypto.randomUUID(),
      companyId: COMPANY,
      baseVersion: null,
      form: {},
    });
    expect(await unsyncedChanges(COMPANY)).toEqual({ waiting: 0, failed: 0, unsaved: 1 });
    expect(await signOutWouldLoseChanges(COMPANY)).toBe(true);
    expect(await signOutWouldLoseChanges(OTHER)).toBe(false);
    expect((await unsyncedChanges()).unsaved).toBe(1);
  });
});
