// Repositories of the lists an expense chooses from: its categories and vendors. Like customers,
// each save writes the whole record and its outbox entry (PUT of the record) in one
// transaction; activating or inactivating is a save with `active` changed (spec §4), and
// nothing is ever deleted. A code, TIN or serial the device knows another record has is refused
// at once with the server's own message. A save names the version it changed, and merges with
// another device's change of the record as customers do (record-changes.ts).
import type { Table } from 'dexie';
import { errorMessages } from '../../domain/errors';
import type { ExpenseCategoryRecord, VendorRecord } from '../../domain/expense-record';
import {
  expenseCategorySchema,
  type ExpenseCategoryInput,
} from '../../domain/schemas/expense-category';
import { vendorSchema, type VendorInput } from '../../domain/schemas/vendor';
import { db, type LocalExpenseCategory, type LocalFields, type LocalVendor } from './db';
import { addToOutbox, notifyOutboxChange } from './outbox';
import {
  changeOf,
  settleChange,
  type ChangedRecord,
  type ChangedTable,
  type ChangeRules,
} from './record-changes';
import { RecordValidationError, validate } from './validation';

const searchable = (...values: (string | null | undefined)[]) =>
  values.filter(Boolean).join(' ').toLowerCase();

function localFields(
  companyId: string,
  name: string,
  searchText: string,
): Pick<LocalFields, 'companyId' | 'nameKey' | 'searchText' | 'deleted'> {
  return { companyId, nameKey: name.toLowerCase(), searchText, deleted: 0 };
}

export function syncedVendor(vendor: VendorRecord, companyId: string): LocalVendor {
  return {
    ...vendor,
    ...localFields(
      companyId,
      vendor.name,
      searchable(vendor.name, vendor.tin, vendor.vrn, vendor.serial, vendor.phone, vendor.address),
    ),
    syncState: 'synced',
    syncError: null,
  };
}

export function syncedCategory(
  category: ExpenseCategoryRecord,
  companyId: string,
): LocalExpenseCategory {
  return {
    ...category,
    ...localFields(
      companyId,
      category.name,
      searchable(category.name, category.code, category.description),
    ),
    syncState: 'synced',
    syncError: null,
  };
}

interface DirectoryRecord {
  id: string;
  version: number;
  createdAt: string;
  companyId: string;
  name: string;
}

/** Writes a record saved on this device and its PUT, in one transaction. */
async function saveWhole<Local extends DirectoryRecord>(options: {
  table: Table<Local, string>;
  rules: ChangeRules;
  companyId: string;
  id: string;
  fields: object;
  build(existing: Local | undefined, now: number): Local;
  duplicates(): Promise<Record<string, string>>;
  notFound: string;
}): Promise<Local> {
  const now = Date.now();
  const record = await db.transaction('rw', options.table, db.outbox, async () => {
    const existing = await options.table.get(options.id);
    if (existing && existing.companyId !== options.companyId) {
      throw new RecordValidationError({ _: options.notFound });
    }
    const problems = await options.duplicates();
    if (Object.keys(problems).length) throw new RecordValidationError(problems);
    const saved = options.build(existing, now);
    // Before this change is queued: whether an earlier change of the record still waits.
    const change = await changeOf(options.rules, existing as unknown as ChangedRecord | undefined);
    await options.table.put(saved);
    await addToOutbox(
      {
        companyId: options.companyId,
        entity: options.rules.entity,
        recordId: options.id,
        action: 'save',
        label: saved.name,
        method: 'PUT',
        path: options.rules.path(options.id),
        ...change,
        body: { type: 'json', json: options.fields },
      },
      now,
    );
    return saved;
  });
  notifyOutboxChange();
  return record;
}

/** Version and times of a record saved on this device (version 0 until the server has it). */
const stamp = (existing: { version: number; createdAt: string } | undefined, now: number) => ({
  version: existing?.version ?? 0,
  createdAt: existing?.createdAt ?? new Date(now).toISOString(),
  updatedAt: new Date(now).toISOString(),
});

const pending = { syncState: 'pending', syncError: null } as const;

// ── Vendors ────────────────────────────────────────────────────────────────────────────────

/** Fields of `input` that repeat another vendor of the company this device knows of. */
export async function vendorDuplicates(
  companyId: string,
  id: string | null,
  fields: { tin: string; serial: string | null },
): Promise<Record<string, string>> {
  const problems: Record<string, string> = {};
  const other = (record: LocalVendor) => record.id !== id && !record.deleted;
  const sameTin = await db.vendors
    .where('[companyId+tin]')
    .equals([companyId, fields.tin])
    .filter(other)
    .first();
  if (sameTin) problems.tin = errorMessages.vendor_taken.id;
  if (fields.serial) {
    const sameSerial = await db.vendors
      .where('[companyId+serial]')
      .equals([companyId, fields.serial])
      .filter(other)
      .first();
    if (sameSerial) problems.serial = errorMessages.vendor_taken.id;
  }
  if (Object.keys(problems).length) problems._ = errorMessages.vendor_taken.id;
  return problems;
}

/** Creates (without id) or updates a vendor. Throws RecordValidationError naming the fields. */
export async function saveVendor(
  companyId: string,
  input: VendorInput & { id?: string },
): Promise<LocalVendor> {
  const { id: _given, ...fields } = validate(vendorSchema, input);
  const id = input.id ?? crypto.randomUUID();
  return saveWhole<LocalVendor>({
    table: db.vendors as unknown as Table<LocalVendor, string>,
    rules: vendorChanges as ChangeRules,
    companyId,
    id,
    fields,
    notFound: errorMessages.vendor_not_found.id,
    duplicates: () => vendorDuplicates(companyId, id, fields),
    build: (existing, now) => ({
      ...syncedVendor({ id, ...fields, ...stamp(existing, now) }, companyId),
      ...pending,
    }),
  });
}

export async function setVendorActive(
  companyId: string,
  id: string,
  active: boolean,
): Promise<LocalVendor> {
  const vendor = await getVendor(companyId, id);
  if (!vendor) throw new RecordValidationError({ _: errorMessages.vendor_not_found.id });
  const { name, tin, vrn, serial, phone, address } = vendor;
  return saveVendor(companyId, { id, name, tin, vrn, serial, phone, address, active });
}

/** How a vendor's change merges with another device's: each field on its own. */
export const vendorChanges: ChangeRules<VendorRecord> = {
  entity: 'vendor',
  table: () => db.vendors as unknown as ChangedTable,
  path: (id) => `/v1/accounting/vendors/${id}`,
  groups: [['name'], ['tin'], ['vrn'], ['serial'], ['phone'], ['address'], ['active']],
  withFields: (record, fields) =>
    ({
      ...record,
      ...syncedVendor({ ...(record as LocalVendor), ...fields }, record.companyId),
      syncState: record.syncState,
      syncError: record.syncError,
    }) as ChangedRecord,
  toLocal: (server, companyId) => syncedVendor(server, companyId) as ChangedRecord,
  label: (record) => (record as LocalVendor).name,
};

/** The user's choice for the fields both this phone and another device changed. */
export function settleVendorChange(
  companyId: string,
  id: string,
  choice: 'mine' | 'theirs',
): Promise<void> {
  return settleChange(vendorChanges as ChangeRules, companyId, id, choice);
}

export async function getVendor(companyId: string, id: string): Promise<LocalVendor | null> {
  const vendor = await db.vendors.get(id);
  return vendor && vendor.companyId === companyId ? vendor : null;
}

/** The company's vendors in name order, matching every word of the search. */
export async function findVendors(
  companyId: string,
  search = '',
  options: { activeOnly?: boolean } = {},
): Promise<LocalVendor[]> {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const all = await db.vendors
    .where('[companyId+nameKey]')
    .between([companyId, ''], [companyId, '\uffff'])
    .toArray();
  return all.filter(
    (vendor) =>
      !vendor.deleted &&
      (!options.activeOnly || vendor.active) &&
      words.every((word) => vendor.searchText.includes(word)),
  );
}

// ── Categories ─────────────────────────────────────────────────────────────────────────────

export async function categoryDuplicates(
  companyId: string,
  id: string | null,
  code: string,
): Promise<Record<string, string>> {
  const same = await db.expenseCategories
    .where('[companyId+code]')
    .equals([companyId, code])
    .filter((record) => record.id !== id && !record.deleted)
    .first();
  return same
    ? { code: errorMessages.category_code_taken.id, _: errorMessages.category_code_taken.id }
    : {};
}

export async function saveCategory(
  companyId: string,
  input: ExpenseCategoryInput & { id?: string },
): Promise<LocalExpenseCategory> {
  const { id: _given, ...fields } = validate(expenseCategorySchema, input);
  const id = input.id ?? crypto.randomUUID();
  return saveWhole<LocalExpenseCategory>({
    table: db.expenseCategories as unknown as Table<LocalExpenseCategory, string>,
    rules: categoryChanges as ChangeRules,
    companyId,
    id,
    fields,
    notFound: errorMessages.category_not_found.id,
    duplicates: () => categoryDuplicates(companyId, id, fields.code),
    build: (existing, now) => ({
      ...syncedCategory(
        { id, ...fields, preset: existing?.preset ?? null, ...stamp(existing, now) },
        companyId,
      ),
      ...pending,
    }),
  });
}

export async function setCategoryActive(
  companyId: string,
  id: string,
  active: boolean,
): Promise<LocalExpenseCategory> {
  const category = await getCategory(companyId, id);
  if (!category) throw new RecordValidationError({ _: errorMessages.category_not_found.id });
  const { name, code, description } = category;
  return saveCategory(companyId, { id, name, code, description, active });
}

/** How a category's change merges with another device's: each field on its own. */
export const categoryChanges: ChangeRules<ExpenseCategoryRecord> = {
  entity: 'expense_category',
  table: () => db.expenseCategories as unknown as ChangedTable,
  path: (id) => `/v1/accounting/expense-categories/${id}`,
  groups: [['name'], ['code'], ['description'], ['active']],
  withFields: (record, fields) =>
    ({
      ...record,
      ...syncedCategory({ ...(record as LocalExpenseCategory), ...fields }, record.companyId),
      syncState: record.syncState,
      syncError: record.syncError,
    }) as ChangedRecord,
  toLocal: (server, companyId) => syncedCategory(server, companyId) as ChangedRecord,
  label: (record) => (record as LocalExpenseCategory).name,
};

export function settleCategoryChange(
  companyId: string,
  id: string,
  choice: 'mine' | 'theirs',
): Promise<void> {
  return settleChange(categoryChanges as ChangeRules, companyId, id, choice);
}

export async function getCategory(
  companyId: string,
  id: string,
): Promise<LocalExpenseCategory | null> {
  const category = await db.expenseCategories.get(id);
  return category && category.companyId === companyId ? category : null;
}

export async function findCategories(
  companyId: string,
  options: { activeOnly?: boolean } = {},
): Promise<LocalExpenseCategory[]> {
  const all = await db.expenseCategories
    .where('[companyId+nameKey]')
    .between([companyId, ''], [companyId, '\uffff'])
    .toArray();
  return all.filter((category) => !category.deleted && (!options.activeOnly || category.active));
}
