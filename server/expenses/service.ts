// Expenses of one company: one verb per function, each in one transaction that first takes the
// company's change position (ordering its writers, so the receipt-code check cannot race; a
// unique index backs it up), then the expense row, and writes its audit row. Lock order, in
// every transaction here and in the lookup job: change position, then the expense row.
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { RATE_SCALE } from '../../domain/currency';
import { eatDate } from '../../domain/dates';
import { canChangeExpenseStatus, type ExpenseStatus } from '../../domain/expense';
import { expenseAmounts, isExpenseFilled, type ExpenseRecord } from '../../domain/expense-record';
import { expenseMessages, type Expense, type ReceiptLookup } from '../../domain/schemas/expense';
import type { DbOrTx, Tx } from '../db/client';
import { databaseError, UNIQUE_VIOLATION } from '../db/errors';
import { auditLog, expenseCategories, expenses, users } from '../db/schema';
import { AppError, appError } from '../http/app-error';
import type { CompanyContext } from '../http/company';
import { reserveChangeSeq } from '../sync/changes';
import { assertVersion } from '../sync/save';
import { toExpense, type ExpenseRow } from './records';
import { linkVendor } from './vendors';
import { containsPattern } from '../db/contains';

export const expenseNotFound = () => appError(404, 'expense_not_found');

const receiptTaken = () =>
  appError(409, 'expense_receipt_taken', {
    fields: { receiptCode: expenseMessages.receiptCodeTaken.id },
  });

function rethrow(error: unknown): never {
  if (error instanceof AppError) throw error;
  const info = databaseError(error);
  if (info?.code === UNIQUE_VIOLATION && info.constraint === 'expenses_receipt_code_idx') {
    throw receiptTaken();
  }
  throw error;
}

const ownExpense = (companyId: string, id: string) =>
  and(eq(expenses.companyId, companyId), eq(expenses.id, id));

/** The company's expense, locked; another company's expense with the same id is never seen. */
async function lockedExpense(
  tx: Tx,
  companyId: string,
  id: string,
): Promise<ExpenseRow | undefined> {
  const [row] = await tx.select().from(expenses).where(ownExpense(companyId, id)).for('update');
  return row;
}

async function assertReceiptFree(tx: Tx, companyId: string, id: string, code: string) {
  const [same] = await tx
    .select({ id: expenses.id })
    .from(expenses)
    .where(
      and(eq(expenses.companyId, companyId), eq(expenses.receiptCode, code), ne(expenses.id, id)),
    )
    .limit(1);
  if (same) throw receiptTaken();
}

async function assertCategory(tx: Tx, companyId: string, categoryId: string | null) {
  if (!categoryId) return;
  const [category] = await tx
    .select({ id: expenseCategories.id })
    .from(expenseCategories)
    .where(and(eq(expenseCategories.id, categoryId), eq(expenseCategories.companyId, companyId)));
  if (!category) {
    throw appError(422, 'validation_failed', {
      fields: { categoryId: expenseMessages.categoryInvalid.id },
    });
  }
}

async function userName(tx: Tx, userId: string): Promise<string | null> {
  const [user] = await tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return user ? `${user.firstName} ${user.lastName}`.trim() : null;
}

export type ExpenseFields = Omit<Expense, 'id'>;

/** The columns an expense's content gives: totals computed here, never taken from a client. */
export function expenseColumns(fields: ExpenseFields) {
  const amounts = expenseAmounts(fields);
  return {
    source: fields.source,
    receiptCode: fields.receiptCode,
    date: fields.date,
    time: fields.time,
    currency: fields.currency,
    rateMicros: amounts.rateMicros,
    amountType: fields.amountType,
    categoryId: fields.categoryId,
    vendor: { ...fields.vendor, vendorId: null },
    items: fields.items,
    payments: fields.payments,
    lineTotals: amounts.lineTotals,
    ...amounts.totals,
    netAmountTzs: amounts.netAmountTzs,
    totalVatTzs: amounts.totalVatTzs,
    totalAmountTzs: amounts.totalAmountTzs,
  };
}

/** What an expense says, in a fixed order: equal for a replay of the same save. */
function content(
  row: Pick<
    ExpenseRow,
    | 'receiptCode'
    | 'date'
    | 'time'
    | 'currency'
    | 'rateMicros'
    | 'amountType'
    | 'categoryId'
    | 'vendor'
    | 'vendorId'
    | 'items'
    | 'payments'
  >,
  vendorIdGiven: string | null,
) {
  const vendor = row.vendor;
  return JSON.stringify([
    row.receiptCode,
    row.date,
    row.time,
    row.currency,
    row.rateMicros,
    row.amountType,
    row.categoryId,
    vendor && [vendor.name, vendor.tin, vendor.vrn, vendor.phone, vendor.serial],
    vendorIdGiven ?? row.vendorId,
    row.items.map((i) => [i.description, i.quantity, i.unitAmount, i.taxType]),
    row.payments.map((p) => [p.method, p.amount]),
  ]);
}

export interface SavedExpense {
  expense: ExpenseRecord;
  created: boolean;
}

/**
 * Creates the expense, or replaces a pending one with the content given (PUT of the phone's
 * id). Saving the same content again answers the stored expense. A change made on a version
 * another device has since replaced (`expected`, the request's If-Match) is refused with the
 * stored expense. The seller is linked to the company's vendor with that TIN or serial, or
 * becomes one.
 */
export async function saveExpense(
  ctx: CompanyContext,
  id: string,
  expense: Expense,
  mode: 'create' | 'upsert',
  expected: number | null = null,
): Promise<SavedExpense> {
  const { deps, companyId, userId } = ctx;
  const now = deps.clock.now();
  const columns = expenseColumns(expense);
  try {
    return await deps.db.transaction(async (tx) => {
      const seq = await reserveChangeSeq(tx, companyId);
      const existing = await lockedExpense(tx, companyId, id);
      if (existing) {
        const same =
          content(existing, null) ===
          content({ ...columns, vendorId: existing.vendorId }, expense.vendor.vendorId);
        if (same && isExpenseFilled(existing))
          return { expense: toExpense(existing), created: false };
        if (mode === 'create') throw appError(409, 'conflict');
        if (existing.status !== 'pending') throw appError(409, 'expense_locked');
      }
      assertVersion(existing, expected, () => toExpense(existing!));
      await assertReceiptFree(tx, companyId, id, columns.receiptCode);
      await assertCategory(tx, companyId, columns.categoryId);
      const vendorId = await linkVendor(tx, ctx, expense.vendor, now);
      let row: ExpenseRow;
      if (existing) {
        [row] = (await tx
          .update(expenses)
          .set({
            ...columns,
            source: existing.source,
            vendorId,
            version: existing.version + 1,
            seq,
            updatedAt: now,
          })
          .where(ownExpense(companyId, id))
          .returning()) as [ExpenseRow];
      } else {
        [row] = (await tx
          .insert(expenses)
          .values({
            id,
            companyId,
            ...columns,
            vendorId,
            status: 'pending',
            createdById: userId,
            createdByName: await userName(tx, userId),
            version: 1,
            seq,
            createdAt: now,
            updatedAt: now,
          })
          .returning()) as [ExpenseRow];
      }
      await tx.insert(auditLog).values({
        companyId,
        userId,
        action: existing ? 'expense_updated' : 'expense_created',
        entity: 'expense',
        entityId: id,
        data: { version: row.version, source: row.source },
        createdAt: now,
      });
      return { expense: toExpense(row), created: !existing };
    });
  } catch (error) {
    rethrow(error);
  }
}

const EMPTY_TOTALS = {
  lineTotals: [],
  netAmount: 0,
  totalVat: 0,
  totalAmount: 0,
  paid: 0,
  balance: 0,
  netAmountTzs: 0,
  totalVatTzs: 0,
  totalAmountTzs: 0,
};

/**
 * Records a scanned or typed receipt code as a pending expense and queues its lookup at TRA's
 * verification (the job in lookup.ts fills it). Sent again with the same code and time it
 * answers the expense as it stands; with another code or time, or after a failed lookup, it
 * tries again. A receipt already read is edited instead.
 */
export async function requestReceiptLookup(
  ctx: CompanyContext,
  id: string,
  lookup: ReceiptLookup,
): Promise<SavedExpense> {
  const { deps, companyId, userId } = ctx;
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const seq = await reserveChangeSeq(tx, companyId);
      const existing = await lockedExpense(tx, companyId, id);
      const queued = {
        receiptCode: lookup.receiptCode,
        time: lookup.time,
        lookupStatus: 'queued' as const,
        lookupTime: lookup.time,
        lookupError: null,
        lookupAttempts: 0,
        lookupNextAt: now,
        lookupLeaseUntil: null,
        lookupAt: now,
      };
      if (existing) {
        const unchanged =
          existing.receiptCode === lookup.receiptCode && existing.lookupTime === lookup.time;
        if (isExpenseFilled(existing)) {
          if (unchanged) return { expense: toExpense(existing), created: false };
          throw appError(409, 'expense_already_read');
        }
        if (existing.status !== 'pending') throw appError(409, 'expense_locked');
        if (unchanged && existing.lookupStatus !== 'failed') {
          return { expense: toExpense(existing), created: false };
        }
      }
      await assertReceiptFree(tx, companyId, id, lookup.receiptCode);
      let row: ExpenseRow;
      if (existing) {
        [row] = (await tx
          .update(expenses)
          .set({ ...queued, version: existing.version + 1, seq, updatedAt: now })
          .where(ownExpense(companyId, id))
          .returning()) as [ExpenseRow];
      } else {
        [row] = (await tx
          .insert(expenses)
          .values({
            id,
            companyId,
            ...queued,
            ...EMPTY_TOTALS,
            status: 'pending',
            source: lookup.source,
            date: eatDate(now),
            currency: 'TZS',
            rateMicros: RATE_SCALE,
            amountType: 'INCLUSIVE',
            categoryId: null,
            vendorId: null,
            vendor: null,
            items: [],
            payments: [],
            createdById: userId,
            createdByName: await userName(tx, userId),
            version: 1,
            seq,
            createdAt: now,
            updatedAt: now,
          })
          .returning()) as [ExpenseRow];
      }
      await tx.insert(auditLog).values({
        companyId,
        userId,
        action: 'expense_lookup_requested',
        entity: 'expense',
        entityId: id,
        data: { version: row.version, receiptCode: lookup.receiptCode, source: lookup.source },
        createdAt: now,
      });
      return { expense: toExpense(row), created: !existing };
    });
  } catch (error) {
    rethrow(error);
  }
}

/** Marks a pending expense processed or canceled (spec §4); the same change again is a no-op. */
export async function changeExpenseStatus(
  ctx: CompanyContext,
  id: string,
  status: Exclude<ExpenseStatus, 'pending'>,
): Promise<ExpenseRecord> {
  const { deps, companyId, userId } = ctx;
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const seq = await reserveChangeSeq(tx, companyId);
    const existing = await lockedExpense(tx, companyId, id);
    if (!existing) throw expenseNotFound();
    if (existing.status === status) return toExpense(existing);
    if (!canChangeExpenseStatus(existing.status, status)) throw appError(409, 'expense_locked');
    if (status === 'processed' && !isExpenseFilled(existing)) {
      throw appError(409, 'expense_incomplete');
    }
    const [row] = (await tx
      .update(expenses)
      .set({
        status,
        ...(status === 'processed' ? { processedAt: now } : { canceledAt: now }),
        version: existing.version + 1,
        seq,
        updatedAt: now,
      })
      .where(ownExpense(companyId, id))
      .returning()) as [ExpenseRow];
    await tx.insert(auditLog).values({
      companyId,
      userId,
      action: status === 'processed' ? 'expense_processed' : 'expense_canceled',
      entity: 'expense',
      entityId: id,
      data: { version: row.version },
      createdAt: now,
    });
    return toExpense(row);
  });
}

export async function getExpense(
  db: DbOrTx,
  companyId: string,
  id: string,
): Promise<ExpenseRecord> {
  const [row] = await db
    .select()
    .from(expenses)
    .where(and(eq(expenses.id, id), eq(expenses.companyId, companyId)));
  if (!row) throw expenseNotFound();
  return toExpense(row);
}

export interface ExpenseListQuery {
  status?: ExpenseStatus[];
  from?: string;
  to?: string;
  categoryId?: string;
  vendorId?: string;
  search?: string;
  limit: number;
  offset: number;
}

export async function listExpenses(
  db: DbOrTx,
  companyId: string,
  query: ExpenseListQuery,
): Promise<{ items: ExpenseRecord[]; total: number }> {
  const conditions: (SQL | undefined)[] = [eq(expenses.companyId, companyId)];
  if (query.status?.length) conditions.push(inArray(expenses.status, query.status));
  if (query.from) conditions.push(gte(expenses.date, query.from));
  if (query.to) conditions.push(lte(expenses.date, query.to));
  if (query.categoryId) conditions.push(eq(expenses.categoryId, query.categoryId));
  if (query.vendorId) conditions.push(eq(expenses.vendorId, query.vendorId));
  const text = query.search?.trim();
  if (text) {
    const pattern = containsPattern(text);
    conditions.push(
      or(
        ilike(expenses.receiptCode, pattern),
        sql`${expenses.vendor} ->> 'name' ilike ${pattern}`,
        sql`${expenses.vendor} ->> 'tin' ilike ${pattern}`,
      ),
    );
  }
  const where = and(...conditions);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(expenses)
      .where(where)
      .orderBy(desc(expenses.date), desc(expenses.createdAt), asc(expenses.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(expenses).where(where),
  ]);
  return { items: rows.map(toExpense), total: totals?.total ?? 0 };
}

/** Where a receipt lookup stands: what the app polls while "receipt processing" is shown. */
export async function receiptLookupState(db: DbOrTx, companyId: string, id: string) {
  const [row] = await db
    .select({
      status: expenses.lookupStatus,
      error: expenses.lookupError,
      attempts: expenses.lookupAttempts,
      version: expenses.version,
      filled: sql<boolean>`jsonb_array_length(${expenses.items}) > 0`,
    })
    .from(expenses)
    .where(and(eq(expenses.id, id), eq(expenses.companyId, companyId)));
  if (!row) throw expenseNotFound();
  return row;
}
