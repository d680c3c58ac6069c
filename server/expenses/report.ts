// The expenses report's data as the downloads draw it: the company's expenses of the period,
// put through the domain's report (domain/expense-report.ts) exactly as the phone does, and
// the names of its categories in the reader's language.
import { and, eq, gte, lte } from 'drizzle-orm';
import { RATE_SCALE } from '../../domain/currency';
import { categoryPresetText } from '../../domain/expense-categories';
import {
  expenseReport,
  type ExpenseReport,
  type ExpenseReportFilters,
  type ReportableExpense,
} from '../../domain/expense-report';
import { expensePaymentMethodLabels } from '../../domain/expense';
import type { Locale, Message } from '../../domain/i18n';
import type { Cents } from '../../domain/money';
import type { DbOrTx } from '../db/client';
import { companies, expenseCategories, expenses, vendors } from '../db/schema';
import { translate } from '../i18n';

export const reportLabels = {
  title: /*i18n*/ { id: 'Expenses report' },
  period: /*i18n*/ { id: 'Period: {from} to {to}' },
  generated: /*i18n*/ { id: 'Made on {date}' },
  filters: /*i18n*/ { id: 'Only: {filters}' },
  allAmountsTzs: /*i18n*/ {
    id: 'All amounts in Tanzanian shillings (Tsh), converted at each expense’s rate.',
  },
  summary: /*i18n*/ { id: 'Summary' },
  expenses: /*i18n*/ { id: 'Expenses' },
  count: /*i18n*/ { id: 'Number of expenses' },
  netAmount: /*i18n*/ { id: 'Net amount' },
  vat: /*i18n*/ { id: 'VAT' },
  total: /*i18n*/ { id: 'Total' },
  byCategory: /*i18n*/ { id: 'By category' },
  byVendor: /*i18n*/ { id: 'By vendor' },
  byMethod: /*i18n*/ { id: 'By payment method' },
  category: /*i18n*/ { id: 'Category' },
  noCategory: /*i18n*/ { id: 'No category' },
  vendor: /*i18n*/ { id: 'Vendor' },
  unknownVendor: /*i18n*/ { id: 'Receipt not read yet' },
  method: /*i18n*/ { id: 'Payment method' },
  payments: /*i18n*/ { id: 'Payments' },
  amount: /*i18n*/ { id: 'Amount' },
  date: /*i18n*/ { id: 'Date' },
  time: /*i18n*/ { id: 'Time' },
  receiptCode: /*i18n*/ { id: 'Receipt code' },
  tin: /*i18n*/ { id: 'TIN' },
  status: /*i18n*/ { id: 'Status' },
  currency: /*i18n*/ { id: 'Currency' },
  rate: /*i18n*/ { id: 'Rate to TZS' },
  page: /*i18n*/ { id: 'Page {page} of {pages}' },
  none: /*i18n*/ { id: 'No expenses in this period.' },
} satisfies Record<string, Message>;

export interface ReportDocument {
  companyName: string;
  companyTin: string;
  locale: Locale;
  now: Date;
  filters: ExpenseReportFilters;
  /** What the filters name, in words ("Rent", "Cash" …), for the heading. */
  filterNames: string[];
  report: ExpenseReport;
  categoryName(id: string | null): string;
  t(message: Message, values?: Record<string, unknown>): string;
}

/** The expenses of the period with what the report needs (one indexed range read). */
export async function reportExpenses(
  db: DbOrTx,
  companyId: string,
  range: { firstDay: string; lastDay: string },
): Promise<ReportableExpense[]> {
  const rows = await db
    .select({
      id: expenses.id,
      status: expenses.status,
      date: expenses.date,
      time: expenses.time,
      receiptCode: expenses.receiptCode,
      categoryId: expenses.categoryId,
      vendorId: expenses.vendorId,
      vendor: expenses.vendor,
      currency: expenses.currency,
      rateMicros: expenses.rateMicros,
      payments: expenses.payments,
      items: expenses.items,
      netAmountTzs: expenses.netAmountTzs,
      totalVatTzs: expenses.totalVatTzs,
      totalAmountTzs: expenses.totalAmountTzs,
    })
    .from(expenses)
    .where(
      and(
        eq(expenses.companyId, companyId),
        gte(expenses.date, range.firstDay),
        lte(expenses.date, range.lastDay),
      ),
    );
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    date: row.date,
    time: row.time,
    receiptCode: row.receiptCode,
    categoryId: row.categoryId,
    vendor: row.vendor
      ? { vendorId: row.vendorId, name: row.vendor.name, tin: row.vendor.tin }
      : null,
    currency: row.currency,
    currencyRate: row.rateMicros / RATE_SCALE,
    payments: row.payments,
    items: row.items,
    netAmountTzs: row.netAmountTzs as Cents,
    totalVatTzs: row.totalVatTzs as Cents,
    totalAmountTzs: row.totalAmountTzs as Cents,
  }));
}

export async function buildReportDocument(
  db: DbOrTx,
  companyId: string,
  filters: ExpenseReportFilters,
  locale: Locale,
  now: Date,
): Promise<ReportDocument> {
  const t = (message: Message, values?: Record<string, unknown>) =>
    translate(locale, message, values);
  const [[company], categoryRows, rows] = await Promise.all([
    db
      .select({ name: companies.name, tin: companies.tin })
      .from(companies)
      .where(eq(companies.id, companyId)),
    db
      .select({
        id: expenseCategories.id,
        name: expenseCategories.name,
        preset: expenseCategories.preset,
      })
      .from(expenseCategories)
      .where(eq(expenseCategories.companyId, companyId)),
    reportExpenses(db, companyId, filters.range),
  ]);
  const names = new Map(
    categoryRows.map((row) => {
      const preset = categoryPresetText(row);
      return [row.id, preset ? t(preset.name) : row.name];
    }),
  );
  const categoryName = (id: string | null) =>
    (id ? names.get(id) : undefined) ?? t(reportLabels.noCategory);
  const filterNames: string[] = [];
  if (filters.categoryId) filterNames.push(categoryName(filters.categoryId));
  if (filters.vendorId) {
    const [vendor] = await db
      .select({ name: vendors.name })
      .from(vendors)
      .where(and(eq(vendors.id, filters.vendorId), eq(vendors.companyId, companyId)));
    if (vendor) filterNames.push(vendor.name);
  }
  if (filters.method) filterNames.push(t(expensePaymentMethodLabels[filters.method]));
  return {
    companyName: company?.name ?? '',
    companyTin: company?.tin ?? '',
    locale,
    now,
    filters,
    filterNames,
    report: expenseReport(rows, filters),
    categoryName,
    t,
  };
}

export function reportFileName(document: ReportDocument, extension: string): string {
  const { firstDay, lastDay } = document.filters.range;
  return `expenses-${firstDay}-${lastDay}.${extension}`;
}
