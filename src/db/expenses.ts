// The expense repository: the only way the app changes an expense or attaches a file to one.
// Every write stores the records and their outbox entries in one transaction, in the order
// they must reach the server (an expense before its files). An expense can be recorded by hand
// (the whole record, PUT), or from a scanned or typed receipt code (a lookup the server runs at
// TRA's verification and answers by filling the expense); both work offline and are sent when
// the server answers again. Expenses never go to TRA.
import { RATE_SCALE } from '../../domain/currency';
import { eatDate } from '../../domain/dates';
import { errorMessages } from '../../domain/errors';
import { canEditExpense, type ExpenseStatus } from '../../domain/expense';
import type { CategorizedExpense } from '../../domain/expense-categorize';
import { expenseAmounts, isExpenseFilled, type ExpenseRecord } from '../../domain/expense-record';
import { cents } from '../../domain/money';
import {
  expenseMessages,
  expenseSchema,
  receiptLookupSchema,
  type Expense,
  type ExpenseInput,
  type ReceiptLookupInput,
} from '../../domain/schemas/expense';
import { db, type LocalExpense } from './db';
import { attachmentRecords, type NewAttachment } from './expense-attachments';
import { addToOutbox, notifyOutboxChange } from './outbox';
import {
  changeOf,
  requeueHeld,
  settleChange,
  type ChangedTable,
  type ChangeRules,
  type Fields,
} from './record-changes';
import { RecordValidationError, validate } from './validation';

const base = (id: string) => `/v1/accounting/expenses/${id}`;

/** Who records the expense: shown on it until the server's copy names them. */
export interface ExpenseAuthor {
  id: string | null;
  name: string | null;
}

const MAX_SEARCH_WORDS = 60;

/** The index fields of an expense: what the list orders and searches by. */
export function expenseIndexFields(
  expense: ExpenseRecord,
): Pick<LocalExpense, 'nameKey' | 'searchText' | 'searchWords' | 'sortKey'> {
  const parts = [
    expense.vendor?.name,
    expense.vendor?.tin,
    expense.vendor?.vrn,
    expense.receiptCode,
    ...expense.items.map((item) => item.description),
  ];
  const searchText = parts.filter(Boolean).join(' ').toLowerCase();
  return {
    nameKey: (expense.vendor?.name ?? expense.receiptCode).toLowerCase(),
    searchText,
    searchWords: [...new Set(searchText.split(/[^\p{L}\p{N}]+/u).filter(Boolean))].slice(
      0,
      MAX_SEARCH_WORDS,
    ),
    sortKey: `${expense.date} ${expense.createdAt}`,
  };
}

/** An expense as the server sent it, stored as synced. */
export function syncedExpense(expense: ExpenseRecord, companyId: string): LocalExpense {
  return {
    ...expense,
    ...expenseIndexFields(expense),
    companyId,
    syncState: 'synced',
    syncError: null,
    deleted: 0,
  };
}

/** What a list of changes calls an expense. */
export function expenseLabel(expense: Pick<ExpenseRecord, 'vendor' | 'receiptCode'>): string {
  return expense.vendor?.name
    ? `${expense.vendor.name} · ${expense.receiptCode}`
    : expense.receiptCode;
}

const locked = () => new RecordValidationError({ _: errorMessages.expense_locked.id });
const notFound = () => new RecordValidationError({ _: errorMessages.expense_not_found.id });

/** Refuses, before the server does, a receipt code another expense on this device has. */
async function assertReceiptFree(companyId: string, id: string, receiptCode: string) {
  const same = await db.expenses
    .where('[companyId+receiptCode]')
    .equals([companyId, receiptCode])
    .filter((expense) => expense.id !== id && !expense.deleted)
    .first();
  if (same) {
    throw new RecordValidationError({
      receiptCode: expenseMessages.receiptCodeTaken.id,
      _: errorMessages.expense_receipt_taken.id,
    });
  }
}

/** The expense another expense on this device already records under this code, if any. */
export async function expenseWithReceiptCode(
  companyId: string,
  receiptCode: string,
): Promise<LocalExpense | null> {
  const found = await db.expenses
    .where('[companyId+receiptCode]')
    .equals([companyId, receiptCode])
    .filter((expense) => !expense.deleted)
    .first();
  return found ?? null;
}

/** The body of the expense's PUT: its content as the schema gave it (cents, thousandths, ISO). */
function apiBody(expense: Expense) {
  const { id: _id, ...fields } = expense;
  return fields;
}

/**
 * Records an expense typed by hand, or saves the edit of a pending one, with any files chosen
 * in the form. Throws RecordValidationError naming the wrong fields; nothing is written then.
 */
export async function saveExpense(
  companyId: string,
  input: ExpenseInput & { id?: string },
  options: { files?: NewAttachment[]; author?: ExpenseAuthor } = {},
): Promise<LocalExpense> {
  const expense = validate(expenseSchema, input);
  const id = input.id ?? crypto.randomUUID();
  const files = await attachmentRecords(companyId, id, options.files ?? []);
  const now = Date.now();
  const record = await db.transaction(
    'rw',
    [db.expenses, db.expenseAttachments, db.outbox],
    async () => {
      const existing = await db.expenses.get(id);
      if (existing && existing.companyId !== companyId) throw notFound();
      if (existing && !canEditExpense(existing.status)) throw locked();
      await assertReceiptFree(companyId, id, expense.receiptCode);
      const amounts = expenseAmounts(expense);
      const createdAt = existing?.createdAt ?? new Date(now).toISOString();
      const server: ExpenseRecord = {
        id,
        version: existing?.version ?? 0,
        status: 'pending',
        source: existing?.source ?? expense.source,
        receiptCode: expense.receiptCode,
        date: expense.date,
        time: expense.time,
        currency: expense.currency,
        currencyRate: amounts.rateMicros / RATE_SCALE,
        amountType: expense.amountType,
        categoryId: expense.categoryId,
        vendor: expense.vendor,
        items: expense.items,
        payments: expense.payments,
        lineTotals: amounts.lineTotals,
        totals: amounts.totals,
        netAmountTzs: amounts.netAmountTzs,
        totalVatTzs: amounts.totalVatTzs,
        totalAmountTzs: amounts.totalAmountTzs,
        lookup: existing?.lookup ?? null,
        createdBy: existing?.createdBy ?? options.author ?? { id: null, name: null },
        processedAt: null,
        canceledAt: null,
        createdAt,
        updatedAt: new Date(now).toISOString(),
      };
      const saved: LocalExpense = {
        ...syncedExpense(server, companyId),
        syncState: 'pending',
      };
      const change = await changeOf(expenseChanges, existing);
      await db.expenses.put(saved);
      await addToOutbox(
        {
          companyId,
          entity: 'expense',
          recordId: id,
          action: 'save',
          label: expenseLabel(saved),
          method: 'PUT',
          path: base(id),
          ...change,
          body: { type: 'json', json: apiBody(expense) },
        },
        now,
      );
      // Edited while another device's version waits beside it: what was held follows the edit.
      await requeueHeld(existing?.syncError?.held);
      await files.store(now);
      return saved;
    },
  );
  notifyOutboxChange();
  return record;
}

/** The expense with these fields of its PUT, its totals and search keys made again from them. */
function expenseWithFields(record: LocalExpense, fields: Fields): LocalExpense {
  const changed = { ...record, ...fields } as LocalExpense;
  const { rateMicros, ...amounts } = expenseAmounts(changed);
  const expense = { ...changed, ...amounts, currencyRate: rateMicros / RATE_SCALE };
  return { ...expense, ...expenseIndexFields(expense) };
}

/**
 * How an expense's change merges with another device's: the items, whether their amounts hold
 * VAT and the payments that must add up to them are one field; the rate goes with its currency,
 * the time with its date, and the seller is taken whole.
 */
export const expenseChanges: ChangeRules<ExpenseRecord> = {
  entity: 'expense',
  table: () => db.expenses as unknown as ChangedTable,
  path: base,
  groups: [
    ['receiptCode'],
    ['date', 'time'],
    ['currency', 'currencyRate'],
    ['amountType', 'items', 'payments'],
    ['categoryId'],
    ['vendor'],
  ],
  withFields: (record, fields) => expenseWithFields(record as LocalExpense, fields),
  toLocal: (server, companyId) => syncedExpense(server, companyId),
  label: (record) => expenseLabel(record as LocalExpense),
};

/**
 * The user's choice for the fields both this phone and another device changed: this phone's
 * values, sent over the other version, or the other device's.
 */
export function settleExpenseChange(
  companyId: string,
  id: string,
  choice: 'mine' | 'theirs',
): Promise<void> {
  return settleChange(expenseChanges as ChangeRules, companyId, id, choice);
}

/** A pending expense that only knows its receipt code and time, until TRA's page is read. */
function awaitingLookup(
  id: string,
  lookup: { source: ExpenseRecord['source']; receiptCode: string; time: string },
  author: ExpenseAuthor,
  now: number,
): ExpenseRecord {
  const at = new Date(now).toISOString();
  const zero = cents(0);
  return {
    id,
    version: 0,
    status: 'pending',
    source: lookup.source,
    receiptCode: lookup.receiptCode,
    date: eatDate(now),
    time: lookup.time,
    currency: 'TZS',
    currencyRate: 1,
    amountType: 'INCLUSIVE',
    categoryId: null,
    vendor: null,
    items: [],
    payments: [],
    lineTotals: [],
    totals: { netAmount: zero, totalVat: zero, totalAmount: zero, paid: zero, balance: zero },
    netAmountTzs: zero,
    totalVatTzs: zero,
    totalAmountTzs: zero,
    lookup: { status: 'queued', time: lookup.time, error: null, attempts: 0, at },
    createdBy: author,
    processedAt: null,
    canceledAt: null,
    createdAt: at,
    updatedAt: at,
  };
}

/**
 * Records a scanned or typed receipt code at once, as a pending expense, and asks the server to
 * read the receipt at TRA's verification (it fills the expense; the app polls meanwhile). Sent
 * again for an expense whose lookup failed, or with a corrected code or time, it asks again.
 * A file the code was found in (a photo or PDF of the receipt) is attached in the same write.
 */
export async function recordScannedReceipt(
  companyId: string,
  input: ReceiptLookupInput & { id?: string },
  options: { files?: NewAttachment[]; author?: ExpenseAuthor } = {},
): Promise<LocalExpense> {
  const lookup = validate(receiptLookupSchema, input);
  const id = input.id ?? crypto.randomUUID();
  const files = await attachmentRecords(companyId, id, options.files ?? []);
  const now = Date.now();
  const record = await db.transaction(
    'rw',
    [db.expenses, db.expenseAttachments, db.outbox],
    async () => {
      const existing = await db.expenses.get(id);
      if (existing && existing.companyId !== companyId) throw notFound();
      if (existing && isExpenseFilled(existing)) {
        throw new RecordValidationError({ _: errorMessages.expense_already_read.id });
      }
      if (existing && !canEditExpense(existing.status)) throw locked();
      await assertReceiptFree(companyId, id, lookup.receiptCode);
      const at = new Date(now).toISOString();
      const server: ExpenseRecord = existing
        ? {
            ...existing,
            receiptCode: lookup.receiptCode,
            time: lookup.time,
            lookup: { status: 'queued', time: lookup.time, error: null, attempts: 0, at },
            updatedAt: at,
          }
        : awaitingLookup(id, lookup, options.author ?? { id: null, name: null }, now);
      const saved: LocalExpense = {
        ...syncedExpense(server, companyId),
        syncState: 'pending',
      };
      await db.expenses.put(saved);
      await addToOutbox(
        {
          companyId,
          entity: 'expense',
          recordId: id,
          action: 'lookup',
          label: expenseLabel(saved),
          method: 'PUT',
          path: `${base(id)}/lookup`,
          body: { type: 'json', json: lookup },
        },
        now,
      );
      await files.store(now);
      return saved;
    },
  );
  notifyOutboxChange();
  return record;
}

/** Marks a pending expense processed or canceled (spec §4), after the user confirmed. */
export async function changeExpenseStatus(
  companyId: string,
  id: string,
  status: Exclude<ExpenseStatus, 'pending'>,
): Promise<LocalExpense> {
  const now = Date.now();
  const record = await db.transaction('rw', db.expenses, db.outbox, async () => {
    const existing = await db.expenses.get(id);
    if (!existing || existing.companyId !== companyId || existing.deleted) throw notFound();
    if (!canEditExpense(existing.status)) throw locked();
    if (status === 'processed' && !isExpenseFilled(existing)) {
      throw new RecordValidationError({ _: errorMessages.expense_incomplete.id });
    }
    const at = new Date(now).toISOString();
    const saved: LocalExpense = {
      ...existing,
      status,
      processedAt: status === 'processed' ? at : null,
      canceledAt: status === 'canceled' ? at : null,
      updatedAt: at,
      syncState: 'pending',
      syncError: null,
    };
    await db.expenses.put(saved);
    await addToOutbox(
      {
        companyId,
        entity: 'expense',
        recordId: id,
        action: 'status',
        label: expenseLabel(existing),
        method: 'POST',
        path: `${base(id)}/status`,
        body: { type: 'json', json: { status } },
      },
      now,
    );
    return saved;
  });
  notifyOutboxChange();
  return record;
}

/**
 * Throws away an expense the server never accepted (it refused it, e.g. its receipt code was
 * registered from another phone), with its files. Refused while any of its changes still wait
 * to be sent: those would otherwise reach the server without the expense.
 */
export async function discardExpense(companyId: string, id: string): Promise<void> {
  await db.transaction('rw', [db.expenses, db.expenseAttachments, db.outbox], async () => {
    const existing = await db.expenses.get(id);
    if (!existing || existing.companyId !== companyId) return;
    if (existing.version > 0) throw locked();
    const files = await db.expenseAttachments
      .where('[companyId+expenseId]')
      .equals([companyId, id])
      .primaryKeys();
    const waiting = await db.outbox
      .where('[entity+recordId]')
      .anyOf([['expense', id], ...files.map((file) => ['expense_attachment', file])])
      .count();
    if (waiting > 0) {
      throw new RecordValidationError({ _: errorMessages.idempotency_in_progress.id });
    }
    await db.expenseAttachments.bulkDelete(files);
    await db.expenses.delete(id);
  });
}

export async function getExpense(companyId: string, id: string): Promise<LocalExpense | null> {
  const expense = await db.expenses.get(id);
  return expense && expense.companyId === companyId && !expense.deleted ? expense : null;
}

export interface ExpenseFilters {
  /** First and last day (YYYY-MM-DD), both included. */
  from?: string | undefined;
  to?: string | undefined;
  status?: ExpenseStatus | undefined;
  categoryId?: string | undefined;
  vendorId?: string | undefined;
  search?: string | undefined;
}

/**
 * The company's expenses, newest first: one range read of the period on the sort index (which
 * IndexedDB hands over at once), then the other filters in memory.
 */
export async function findExpenses(
  companyId: string,
  filters: ExpenseFilters = {},
): Promise<LocalExpense[]> {
  const words = (filters.search ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const rows = await db.expenses
    .where('[companyId+sortKey]')
    .between([companyId, filters.from ?? ''], [companyId, `${filters.to ?? '\uffff'}\uffff`])
    .reverse()
    .toArray();
  return rows.filter(
    (expense) =>
      !expense.deleted &&
      (!filters.status || expense.status === filters.status) &&
      (!filters.categoryId || expense.categoryId === filters.categoryId) &&
      (!filters.vendorId || expense.vendor?.vendorId === filters.vendorId) &&
      words.every((word) => expense.searchText.includes(word)),
  );
}

/**
 * The company's latest expenses that have a category, newest first: what the categorizer
 * (domain/expense-categorize.ts) learns the shop's choices from, on the phone.
 */
export async function categorizedExpenses(
  companyId: string,
  limit = 1000,
): Promise<CategorizedExpense[]> {
  const rows = await db.expenses
    .where('[companyId+sortKey]')
    .between([companyId, ''], [companyId, '\uffff'])
    .reverse()
    .filter((expense) => !expense.deleted && expense.status !== 'canceled' && !!expense.categoryId)
    .limit(limit)
    .toArray();
  return rows.map((expense) => ({
    categoryId: expense.categoryId!,
    vendorName: expense.vendor?.name ?? null,
    descriptions: expense.items.map((item) => item.description),
  }));
}
