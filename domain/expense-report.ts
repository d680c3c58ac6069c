// The expenses report (spec §9 Reports, /expenses-report): totals with VAT for a period, split
// by category, vendor, payment method and over time, in shillings. The phone draws it from its
// own copy (offline too) and the server's PDF and Excel downloads are made from the same
// function, so the screen and the files always agree to the cent.
import * as v from 'valibot';
import { daysOf, type DayRange } from './date-range';
import { EXPENSE_PAYMENT_METHODS, type ExpensePaymentMethod, type ExpenseStatus } from './expense';
import { cents, type Cents } from './money';
import { m } from './messages';
import { allocate } from './totals';

/** What the report needs of an expense (the API record and the phone's copy both have it). */
export interface ReportableExpense {
  id: string;
  status: ExpenseStatus;
  date: string;
  time: string;
  receiptCode: string;
  categoryId: string | null;
  vendor: { vendorId: string | null; name: string; tin: string | null } | null;
  currency: string;
  currencyRate: number;
  payments: readonly { method: ExpensePaymentMethod; amount: Cents }[];
  items: readonly unknown[];
  netAmountTzs: Cents;
  totalVatTzs: Cents;
  totalAmountTzs: Cents;
}

export const REPORT_STATUSES = ['open', 'pending', 'processed'] as const;
/** `open`: pending and processed together (canceled expenses are never counted). */
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export interface ExpenseReportFilters {
  range: Pick<DayRange, 'firstDay' | 'lastDay'>;
  categoryId?: string | null | undefined;
  vendorId?: string | null | undefined;
  method?: ExpensePaymentMethod | null | undefined;
  status?: ReportStatus | undefined;
}

export interface ReportTotals {
  count: number;
  netAmount: Cents;
  totalVat: Cents;
  totalAmount: Cents;
}

export interface ExpenseReport {
  totals: ReportTotals;
  /** Biggest first; null is "no category". */
  byCategory: (ReportTotals & { categoryId: string | null })[];
  /** Biggest first; grouped by the vendor record, or by the name on receipts without one. */
  byVendor: (ReportTotals & { key: string; vendorId: string | null; name: string })[];
  /**
   * What was paid by each method, in shillings: each expense's total shared over its payments
   * in proportion (largest remainder), so the methods add up to the total to the cent.
   */
  byMethod: { method: ExpensePaymentMethod; amount: Cents; count: number }[];
  /** Every day of a range up to 62 days, else every month (YYYY-MM), in order. */
  overTime: { bucket: string; totalAmount: Cents; totalVat: Cents }[];
  granularity: 'day' | 'month';
  /**
   * The expenses counted, newest first. With a payment method chosen, each with the part paid by
   * that method only: its amounts shared like its total, its payments by that method.
   */
  rows: ReportableExpense[];
}

const empty = (): ReportTotals => ({
  count: 0,
  netAmount: cents(0),
  totalVat: cents(0),
  totalAmount: cents(0),
});

function addTo(totals: ReportTotals, expense: ReportableExpense): void {
  totals.count += 1;
  totals.netAmount = cents(totals.netAmount + expense.netAmountTzs);
  totals.totalVat = cents(totals.totalVat + expense.totalVatTzs);
  totals.totalAmount = cents(totals.totalAmount + expense.totalAmountTzs);
}

export function matchesReport(expense: ReportableExpense, filters: ExpenseReportFilters): boolean {
  if (expense.items.length === 0 || expense.status === 'canceled') return false;
  const status = filters.status ?? 'open';
  if (status !== 'open' && expense.status !== status) return false;
  if (expense.date < filters.range.firstDay || expense.date > filters.range.lastDay) return false;
  if (filters.categoryId && expense.categoryId !== filters.categoryId) return false;
  if (filters.vendorId && expense.vendor?.vendorId !== filters.vendorId) return false;
  if (filters.method && !expense.payments.some((p) => p.method === filters.method)) return false;
  return true;
}

export const MAX_DAILY_BUCKETS = 62;

/** Each payment's part of the expense's total in shillings; the parts add up to the total. */
function paymentShares(expense: ReportableExpense): Cents[] {
  return allocate(
    BigInt(expense.totalAmountTzs),
    expense.payments.map((payment) => BigInt(payment.amount)),
  ).map((part) => cents(part));
}

/**
 * What of the expense counts when one payment method is asked for: the part paid by it, with
 * its net and VAT shared in the same proportion. "What did I pay in cash?" is then answered by
 * the totals, every split and the rows alike.
 */
function paidBy(expense: ReportableExpense, method: ExpensePaymentMethod): ReportableExpense {
  const shares = paymentShares(expense);
  const part = BigInt(
    shares.reduce(
      (sum, share, i) => (expense.payments[i]!.method === method ? sum + share : sum),
      0,
    ),
  );
  const rest = BigInt(expense.totalAmountTzs) - part;
  const share = (amount: Cents) => cents(allocate(BigInt(amount), [part, rest])[0]!);
  return {
    ...expense,
    payments: expense.payments.filter((payment) => payment.method === method),
    netAmountTzs: share(expense.netAmountTzs),
    totalVatTzs: share(expense.totalVatTzs),
    totalAmountTzs: cents(part),
  };
}

export function expenseReport(
  expenses: Iterable<ReportableExpense>,
  filters: ExpenseReportFilters,
): ExpenseReport {
  const totals = empty();
  const categories = new Map<string | null, ReportTotals & { categoryId: string | null }>();
  const vendors = new Map<
    string,
    ReportTotals & { key: string; vendorId: string | null; name: string }
  >();
  const methods = new Map<ExpensePaymentMethod, { amount: Cents; count: number }>();
  const days = daysOf({
    firstDay: filters.range.firstDay,
    lastDay: filters.range.lastDay,
  } as DayRange);
  const granularity = days.length <= MAX_DAILY_BUCKETS ? 'day' : 'month';
  const bucketOf = (date: string) => (granularity === 'day' ? date : date.slice(0, 7));
  const buckets = new Map<string, { bucket: string; totalAmount: Cents; totalVat: Cents }>();
  for (const day of days) {
    const bucket = bucketOf(day);
    if (!buckets.has(bucket))
      buckets.set(bucket, { bucket, totalAmount: cents(0), totalVat: cents(0) });
  }
  const rows: ReportableExpense[] = [];
  for (const whole of expenses) {
    if (!matchesReport(whole, filters)) continue;
    const expense = filters.method ? paidBy(whole, filters.method) : whole;
    rows.push(expense);
    addTo(totals, expense);
    const category = categories.get(expense.categoryId) ?? {
      ...empty(),
      categoryId: expense.categoryId,
    };
    addTo(category, expense);
    categories.set(expense.categoryId, category);
    const name = expense.vendor?.name ?? '';
    const key = expense.vendor?.vendorId ?? `name:${name.trim().toLowerCase()}`;
    const vendor = vendors.get(key) ?? {
      ...empty(),
      key,
      vendorId: expense.vendor?.vendorId ?? null,
      name,
    };
    addTo(vendor, expense);
    vendors.set(key, vendor);
    const shares = paymentShares(expense);
    expense.payments.forEach((payment, i) => {
      const method = methods.get(payment.method) ?? { amount: cents(0), count: 0 };
      method.amount = cents(method.amount + shares[i]!);
      method.count += 1;
      methods.set(payment.method, method);
    });
    const bucket = buckets.get(bucketOf(expense.date));
    if (bucket) {
      bucket.totalAmount = cents(bucket.totalAmount + expense.totalAmountTzs);
      bucket.totalVat = cents(bucket.totalVat + expense.totalVatTzs);
    }
  }
  const biggestFirst = <T extends ReportTotals>(a: T, b: T) => b.totalAmount - a.totalAmount;
  rows.sort((a, b) =>
    a.date === b.date ? (a.time < b.time ? 1 : a.time > b.time ? -1 : 0) : a.date < b.date ? 1 : -1,
  );
  return {
    totals,
    byCategory: [...categories.values()].sort(biggestFirst),
    byVendor: [...vendors.values()].sort(biggestFirst),
    byMethod: EXPENSE_PAYMENT_METHODS.flatMap((method) => {
      const entry = methods.get(method);
      return entry ? [{ method, ...entry }] : [];
    }),
    overTime: [...buckets.values()],
    granularity,
    rows,
  };
}

/** The report's filters as a URL or an API query gives them (besides the period). */
export const reportFilterSchema = v.object({
  categoryId: v.optional(v.pipe(v.string(), v.uuid(m.fieldInvalid.id))),
  vendorId: v.optional(v.pipe(v.string(), v.uuid(m.fieldInvalid.id))),
  method: v.optional(v.picklist(EXPENSE_PAYMENT_METHODS, m.fieldInvalid.id)),
  status: v.optional(v.picklist(REPORT_STATUSES, m.fieldInvalid.id)),
});
export type ReportFilterQuery = v.InferOutput<typeof reportFilterSchema>;
