// The customer repository: the only way the app changes a customer. Each write stores the
// record and its outbox entry in one transaction, so a saved customer always reaches the server
// and nothing reaches the server that the device does not show.
import { errorMessages } from '../../domain/errors';
import {
  customerFieldsSchema,
  identificationKey,
  importKey,
  importKeyColumn,
  type Customer,
  type CustomerFields,
  type CustomerFieldsInput,
} from '../../domain/schemas/customer';
import { customerHasInvoices } from './customer-invoices';
import { db, type LocalCustomer, type LocalFields, type MetaRow } from './db';
import { addToOutbox, notifyOutboxChange, outboxEntry } from './outbox';
import { RecordValidationError, validate } from './validation';
import { keepRefusedDeletion, queueDeletion, type NamedTable } from './named-records';
import { changeOf, settleChange, type ChangedTable, type ChangeRules } from './record-changes';

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
 * The fields of `fields` that repeat another customer of the company this device knows of:
 * field → message id (empty when none). The server still checks against customers this device
 * has not pulled yet. Values are compared as the schema stores them, so an invalid number
 * simply matches nothing.
 */
export async function localDuplicates(
  companyId: string,
  id: string | null,
  fields: Pick<
    CustomerFields,
    'identificationType' | 'identificationNumber' | 'vatRegistrationNumber'
  >,
): Promise<Record<string, string>> {
  const problems: Record<string, string> = {};
  const key = identificationKey(fields);
  if (key && fields.identificationNumber) {
    const same = await db.customers
      .where('[companyId+identificationNumber]')
      .equals([companyId, fields.identificationNumber])
      .filter((c) => c.id !== id && !c.deleted && identificationKey(c) === key)
      .first();
    if (same) problems.identificationNumber = errorMessages.customer_id_duplicated.id;
  }
  if (fields.vatRegistrationNumber) {
    const same = await db.customers
      .where('[companyId+vatRegistrationNumber]')
      .equals([companyId, fields.vatRegistrationNumber])
      .filter((c) => c.id !== id && !c.deleted)
      .first();
    if (same) problems.vatRegistrationNumber = errorMessages.customer_vrn_duplicated.id;
  }
  return problems;
}

/** Refuses, before the server does, a duplicate the device already knows of. */
async function assertNoLocalDuplicate(companyId: string, id: string, fields: CustomerFields) {
  const problems = await localDuplicates(companyId, id, fields);
  if (Object.keys(problems).length) throw new RecordValidationError(problems);
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
    // Before this change is queued: whether an earlier change of the record still waits.
    const change = await changeOf(customerChanges, existing);
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
        ...change,
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
 * Hides the customer at once and queues its deletion. Refused at once when invoices on this
 * device name the customer; if the server refuses (invoices this device has not seen), the
 * customer comes back with the server's message.
 */
export async function deleteCustomer(companyId: string, id: string): Promise<void> {
  // The server refuses it too (a foreign key); this only says so at once, offline included.
  if (await customerHasInvoices(companyId, id)) {
    throw new RecordValidationError({ _: errorMessages.customer_has_invoices.id });
  }
  await queueDeletion(db.customers as unknown as NamedTable, 'customer', companyId, id, path(id));
}

/**
 * The server refused to delete the customer (invoices name it) and the user keeps it: the
 * record is as the server has it, so it is simply synced again. Nothing is sent.
 */
export async function keepRefusedCustomer(companyId: string, id: string): Promise<void> {
  await keepRefusedDeletion(
    db.customers as unknown as NamedTable,
    'customer',
    'customer_has_invoices',
    companyId,
    id,
  );
}

/** How a customer's change merges with another device's (an identification is one field). */
export const customerChanges: ChangeRules<Customer> = {
  entity: 'customer',
  table: () => db.customers as unknown as ChangedTable,
  path,
  groups: [
    ['name'],
    ['identificationType', 'identificationNumber'],
    ['phoneNumber'],
    ['email'],
    ['vatRegistrationNumber'],
  ],
  withFields: (record, fields) => ({
    ...record,
    ...fields,
    ...customerSearchFields(fields as unknown as CustomerFields),
  }),
  toLocal: (server, companyId) => syncedCustomer(server, companyId),
  label: (record) => (record as LocalCustomer).name,
};

/**
 * The user's choice for the fields both this phone and another device changed: this phone's
 * values, sent over the other version, or the other device's.
 */
export function settleCustomerChange(
  companyId: string,
  id: string,
  choice: 'mine' | 'theirs',
): Promise<void> {
  return settleChange(customerChanges as ChangeRules, companyId, id, choice);
}

/** Customers of the company in name order, matching every word of the search. */
export async function findCustomers(companyId: string, search = ''): Promise<LocalCustomer[]> {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  // One range read without a filter callback lets IndexedDB hand over all rows at once
  // (getAll), several times faster than visiting 10,000 rows one by one.
  const all = await db.customers
    .where('[companyId+nameKey]')
    .between([companyId, ''], [companyId, '\uffff'])
    .toArray();
  return all.filter((c) => !c.deleted && words.every((word) => c.searchText.includes(word)));
}

/**
 * How many customer rows this device has; in a live query, a count of the whole table watches
 * every write to any customer, by its key, without recording each key read.
 */
export function countCustomerRows(): Promise<number> {
  return db.customers.count();
}

/** The first customers of the list and how many the company has: what a screen shows first. */
export interface FirstCustomers {
  /** The first `limit` customers in name order: the start of what findCustomers gives. */
  rows: LocalCustomer[];
  /** The company's customers, all of them (the same count findCustomers' list has). */
  total: number;
}

/**
 * The first customers in name order and the count, without reading the other thousands: the
 * count is the index range's (IndexedDB counts keys without reading records) less the
 * customers whose deletion waits for the server, which are among the few not synced.
 */
export async function firstCustomers(companyId: string, limit: number): Promise<FirstCustomers> {
  return db.transaction('r', db.customers, async () => {
    const range = db.customers
      .where('[companyId+nameKey]')
      .between([companyId, ''], [companyId, '\uffff']);
    // One getAll of a few more than the screen, not a cursor visiting them one by one (each a
    // round trip, queued behind the whole list's read): the rows left once deleted ones are
    // dropped are still the start of the list, if fewer when many deletions wait.
    const [head, all, deleted] = await Promise.all([
      range
        .clone()
        .limit(limit * 2)
        .toArray(),
      range.clone().count(),
      db.customers
        .where('[companyId+syncState]')
        .anyOf([
          [companyId, 'pending'],
          [companyId, 'failed'],
        ])
        .filter((c) => c.deleted === 1)
        .count(),
    ]);
    const rows = head.filter((c) => !c.deleted).slice(0, limit);
    return { rows, total: all - deleted };
  });
}

/** What the CSV import checks a file against: the keys of the customers this device has. */
export async function knownCustomerKeys(
  companyId: string,
): Promise<{ identificationKeys: string[]; vatNumbers: string[] }> {
  const customers = await findCustomers(companyId);
  const identificationKeys: string[] = [];
  const vatNumbers: string[] = [];
  for (const customer of customers) {
    const key = importKey(customer);
    if (key) identificationKeys.push(key);
    if (customer.vatRegistrationNumber) vatNumbers.push(customer.vatRegistrationNumber);
  }
  return { identificationKeys, vatNumbers };
}

export async function getCustomer(companyId: string, id: string): Promise<LocalCustomer | null> {
  const customer = await db.customers.get(id);
  return customer && customer.companyId === companyId && !customer.deleted ? customer : null;
}

export interface LocalImportOutcome {
  imported: number;
  /** Rows refused because the device already has such a customer (or an earlier row had). */
  duplicates: {
    row: number;
    column: 'name' | 'identification_number' | 'vat_registration_number';
  }[];
}

/**
 * Stores checked CSV rows as new customers, each with its outbox entry, all in one transaction:
 * either the whole file is on the device (and will reach the server) or none of it is, so an
 * import cut short by a closed tab can simply be repeated. `marker`, written in the same
 * transaction, records that this file was imported (see customer-imports.ts).
 */
export async function importCustomersLocally(
  companyId: string,
  rows: readonly { row: number; fields: CustomerFields }[],
  options: {
    /** Built from the number of customers stored, written in the same transaction. */
    marker?: (imported: number) => MetaRow;
    onProgress?: (stored: number) => void;
    chunkSize?: number;
  } = {},
): Promise<LocalImportOutcome> {
  const chunkSize = options.chunkSize ?? 500;
  const now = Date.now();
  const createdAt = new Date(now).toISOString();
  const outcome = await db.transaction('rw', db.customers, db.outbox, db.meta, async () => {
    const existing = await db.customers
      .where('[companyId+nameKey]')
      .between([companyId, ''], [companyId, '\uffff'])
      .toArray();
    const takenIds = new Set<string>();
    const takenVrns = new Set<string>();
    for (const customer of existing) {
      if (customer.deleted) continue;
      const key = importKey(customer);
      if (key) takenIds.add(key);
      if (customer.vatRegistrationNumber) takenVrns.add(customer.vatRegistrationNumber);
    }
    const duplicates: LocalImportOutcome['duplicates'] = [];
    const records: LocalCustomer[] = [];
    for (const { row, fields } of rows) {
      const key = importKey(fields);
      if (key && takenIds.has(key)) {
        duplicates.push({ row, column: importKeyColumn(key) });
        continue;
      }
      if (fields.vatRegistrationNumber && takenVrns.has(fields.vatRegistrationNumber)) {
        duplicates.push({ row, column: 'vat_registration_number' });
        continue;
      }
      // Rows of one file repeat each other only by identification, as on the server.
      const identified = identificationKey(fields);
      if (identified) takenIds.add(identified);
      if (fields.vatRegistrationNumber) takenVrns.add(fields.vatRegistrationNumber);
      records.push({
        id: crypto.randomUUID(),
        version: 0,
        createdAt,
        updatedAt: createdAt,
        ...fields,
        ...customerSearchFields(fields),
        companyId,
        syncState: 'pending',
        syncError: null,
        deleted: 0,
      });
    }
    for (let start = 0; start < records.length; start += chunkSize) {
      const chunk = records.slice(start, start + chunkSize);
      await db.customers.bulkPut(chunk);
      await db.outbox.bulkAdd(
        chunk.map((record) =>
          outboxEntry(
            {
              companyId,
              entity: 'customer',
              recordId: record.id,
              action: 'save',
              label: record.name,
              method: 'PUT',
              path: path(record.id),
              body: { type: 'json', json: fieldsOf(record) },
            },
            now,
          ),
        ),
      );
      options.onProgress?.(start + chunk.length);
    }
    if (options.marker) await db.meta.put(options.marker(records.length));
    return { imported: records.length, duplicates };
  });
  if (outcome.imported) notifyOutboxChange();
  return outcome;
}

function fieldsOf(customer: CustomerFields): CustomerFields {
  const {
    name,
    identificationType,
    identificationNumber,
    phoneNumber,
    email,
    vatRegistrationNumber,
  } = customer;
  return {
    name,
    identificationType,
    identificationNumber,
    phoneNumber,
    email,
    vatRegistrationNumber,
  };
}
