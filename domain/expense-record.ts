// The expense records as the API returns them and the phone stores them: an expense with its
// receipt lookup, its vendor and category, and the files attached to it. Amounts are integer
// cents in the expense's currency; the `*Tzs` totals are the same converted to shillings at
// the expense's rate, which is what reports add up.
import { cents, type Cents } from './money';
import { RATE_SCALE, toHomeCurrency, type Currency } from './currency';
import {
  computeExpenseTotals,
  type AmountType,
  type ExpenseLineInput,
  type ExpenseLineTotals,
  type ExpensePaymentInput,
  type ExpenseSource,
  type ExpenseStatus,
} from './expense';
import type { ExpenseItem, ExpensePayment, ExpenseVendor } from './schemas/expense';
import type { SyncedRecord } from './schemas/record';
import type { AttachmentKind } from './attachments';

/**
 * Where the receipt lookup at TRA's verification page stands. `queued` and `reading` are on
 * their way (the app polls); `done` filled the expense from TRA's page; `failed` could not
 * read it, and the expense is entered by hand (or the lookup tried again).
 */
export const LOOKUP_STATUSES = ['queued', 'reading', 'done', 'failed'] as const;
export type LookupStatus = (typeof LOOKUP_STATUSES)[number];

export interface ExpenseLookup {
  status: LookupStatus;
  /** The receipt time the lookup sends with the code (HH:mm:ss). */
  time: string;
  /** Why it failed, as an error code (receipt_processing_failed …). */
  error: string | null;
  attempts: number;
  /** When it last changed (ISO). */
  at: string;
}

export interface ExpenseTotalsRecord {
  netAmount: Cents;
  totalVat: Cents;
  totalAmount: Cents;
  paid: Cents;
  balance: Cents;
}

export interface ExpenseRecord extends SyncedRecord {
  status: ExpenseStatus;
  source: ExpenseSource;
  receiptCode: string;
  /** The receipt's day (YYYY-MM-DD, EAT); the day it was scanned until TRA's page is read. */
  date: string;
  /** HH:mm:ss as printed on the receipt. */
  time: string;
  currency: Currency;
  /** Shillings per unit of `currency` (1 for TZS). */
  currencyRate: number;
  amountType: AmountType;
  categoryId: string | null;
  /** The seller; null until a scanned receipt was read. */
  vendor: ExpenseVendor | null;
  items: ExpenseItem[];
  payments: ExpensePayment[];
  lineTotals: ExpenseLineTotals[];
  totals: ExpenseTotalsRecord;
  /** The same totals in shillings. */
  netAmountTzs: Cents;
  totalVatTzs: Cents;
  totalAmountTzs: Cents;
  /** Null for an expense entered by hand. */
  lookup: ExpenseLookup | null;
  createdBy: { id: string | null; name: string | null };
  processedAt: string | null;
  canceledAt: string | null;
}

/** An expense whose receipt has not been read yet has nothing to total or report. */
export function isExpenseFilled(expense: Pick<ExpenseRecord, 'items'>): boolean {
  return expense.items.length > 0;
}

export interface VendorRecord extends SyncedRecord {
  name: string;
  tin: string;
  vrn: string | null;
  serial: string | null;
  phone: string | null;
  address: string | null;
  active: boolean;
}

export interface ExpenseCategoryRecord extends SyncedRecord {
  name: string;
  code: string;
  description: string | null;
  active: boolean;
  /** The starting category this one was made from (domain/expense-categories.ts), if any. */
  preset: string | null;
}

export interface ExpenseAttachmentRecord extends SyncedRecord {
  expenseId: string;
  name: string;
  kind: AttachmentKind;
  mime: string;
  size: number;
  sha256: string;
}

/**
 * What an expense's content adds up to: its lines, totals in its currency and the same in
 * shillings at its rate. The server stores exactly this, and the phone shows it before the
 * server answered; a client's own totals are never taken.
 */
export function expenseAmounts(expense: {
  amountType: AmountType;
  currencyRate: number;
  items: readonly ExpenseLineInput[];
  payments: readonly Pick<ExpensePaymentInput, 'amount'>[];
}): Pick<
  ExpenseRecord,
  'lineTotals' | 'totals' | 'netAmountTzs' | 'totalVatTzs' | 'totalAmountTzs'
> & { rateMicros: number } {
  const rateMicros = Math.round(expense.currencyRate * RATE_SCALE);
  const rate = rateMicros / RATE_SCALE;
  const totals = computeExpenseTotals(expense);
  const totalAmountTzs = toHomeCurrency(totals.totalAmount, rate);
  const totalVatTzs = toHomeCurrency(totals.totalVat, rate);
  return {
    rateMicros,
    lineTotals: totals.lines,
    totals: {
      netAmount: totals.netAmount,
      totalVat: totals.totalVat,
      totalAmount: totals.totalAmount,
      paid: totals.paid,
      balance: totals.balance,
    },
    netAmountTzs: cents(totalAmountTzs - totalVatTzs),
    totalVatTzs,
    totalAmountTzs,
  };
}
