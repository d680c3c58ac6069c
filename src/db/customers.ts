// The customer repository: the only way the app changes a customer. Each write stores the
// record and its outbox entry in one transaction, so a saved customer always reaches the server
// and nothing reaches the server that the device does not show.
import { errorMessages } from '../../domain/errors';
import {
  customerFieldsSchema,
  identificationKey,
  type Customer,
  type CustomerFields,
  type CustomerFieldsInput,
} from '../../domain/schemas/customer';
import { db, type LocalCustomer, type LocalFields } from './db';
import { addToOutbox, notifyOutboxChange } from './outbox';
import { RecordValidationError, validate } from './validation';

const path = (id: string) => `/v1/accounting/customers/${id}`;

/** The local index fields of a customer. */
export function customerSearchFields(
  customer: CustomerFields,
): Pick<LocalFields, 'nameKey' | 'searchText'> {
  return {
    nameKey: customer.name.toLowerCase(),
    searchText: [
      customer.name,
      customer.identificationNumber,
      customer.phoneNumber,
      customer.email,
      customer.vatRegistrationNumber,
    ]
      .filter(Boolean)
      .join(' ')
      .toLowerCase(),
  };
}

/** A customer as the server sent it, stored as synced. */
export function syncedCustomer(customer: Customer, companyId: string): LocalCustomer {
  return {
    ...customer,
    ...customerSearchFields(customer),
    companyId,
    syncState: 'synced',
    syncError: null,
    deleted: 0,
  };
}

/**
 * Refuses, before the server does, a duplicate the device already knows of. The server still
 * checks against customers this device has not pulled yet.
 */
async function assertNoLocalDuplicate(companyId: string, id: string, fields: CustomerFields) {
  const key = identificationKey(fields);
  if (key && fields.identificationNumber) {
    const same = await db.customers
      .where('[companyId+identificationNumber]')
      .equals([companyId, fields.identificationNumber])
      .filter((c) => c.id !== id && !c.deleted && identificationKey(c) === key)
      .first();
    if (same)
      throw new RecordValidationError({
        identificationNumber: errorMessages.customer_id_duplicated.id,
      });
  }
  if (fields.vatRegistrationNumber) {
    const same = await db.customers
      .where('[companyId+vatRegistrationNumber]')
      .equals([companyId, fields.vatRegistrationNumber])
      .filter((c) => c.id !== id && !c.deleted)
      .first();
    if (same)
      throw new RecordValidationError({
        vatRegistrationNumber: errorMessages.customer_vrn_duplicated.id,
      });
  }
}

/**
 * Creates (without id) or updates a customer of the company. Throws RecordValidationError
 * naming the wrong fields; otherwise the customer is saved and queued for the server.
 */
export async function saveCustomer(
  companyId: string,
  input: CustomerFieldsInput & { id?: string },
): Promise<LocalCustomer> {
  const fields = validate(customerFieldsSchema, input);
  const id = input.id ?? crypto.randomUUID();
  const now = Date.now();
  const record = await db.transaction('rw', db.customers, db.outbox, async () => {
    const existing = await db.customers.get(id);
    if (existing && (existing.companyId !== companyId || existing.deleted)) {
      throw new RecordValidationError({ _: errorMessages.customer_not_found.id });
    }
    await assertNoLocalDuplicate(companyId, id, fields);
    const saved: LocalCustomer = {
      id,
      version: existing?.version ?? 0,
      createdAt: existing?.createdAt ?? new Date(now).toISOString(),
      updatedAt: new Date(now).toISOString(),
      ...fields,
      ...customerSearchFields(fields),
      companyId,
      syncState: 'pending',
      syncError: null,
      deleted: 0,
    };
    await db.customers.put(saved);
    await addToOutbox(
      {
        companyId,
        entity: 'customer',
        recordId: id,
        action: 'save',
        label: fields.name,
        method: 'PUT',
        path: path(id),
        body: { type: 'json', json: fields },
      },
      now,
    );
    return saved;
  });
  notifyOutboxChange();
  return record;
}

/**
 * Hides the customer at once and queues its deletion. If the server refuses (the customer has
 * invoices), the customer comes back with the server's message.
 */
export async function deleteCustomer(companyId: string, id: string): Promise<void> {
  const queued = await db.transaction('rw', db.customers, db.outbox, async () => {
    const existing = await db.customers.get(id);
    if (!existing || existing.companyId !== companyId || existing.deleted) return false;
    await db.customers.update(id, { deleted: 1, syncState: 'pending', syncError: null });
    await addToOutbox({
      companyId,
      entity: 'customer',
      recordId: id,
      action: 'delete',
      label: existing.name,
      method: 'DELETE',
      path: path(id),
      body: null,
    });
    return true;
  });
  if (queued) notifyOutboxChange();
}

/** Customers of the company in name order, matching every word of the search. */
export async function findCustomers(companyId: string, search = ''): Promise<LocalCustomer[]> {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return db.customers
    .where('[companyId+nameKey]')
    .between([companyId, ''], [companyId, '\uffff'])
    .filter((c) => !c.deleted && words.every((word) => c.searchText.includes(word)))
    .toArray();
}

export async function getCustomer(companyId: string, id: string): Promise<LocalCustomer | null> {
  const customer = await db.customers.get(id);
  return customer && customer.companyId === companyId && !customer.deleted ? customer : null;
}
