// Expenses: what a business bought, recorded from a receipt (spec §3, §4, §9). They are internal
// and never reported to TRA. Totals use the invoice math of domain/totals, so an expense and a
// sale of the same lines give the same VAT to the cent.
import type { Message } from './i18n';
import { cents, type Cents } from './money';
import type { Quantity } from './quantity';
import { taxTypeLabels, type TaxType } from './tax';
import { computeTotals, type TaxGroupTotals } from './totals';

export const EXPENSE_TAX_TYPES = ['STANDARD', 'ZERO', 'SPECIAL_RELIEF', 'EXEMPTED'] as const;
export type ExpenseTaxType = (typeof EXPENSE_TAX_TYPES)[number];

/** Expense tax types are the product's tax types under other names; special relief is 0%. */
export const EXPENSE_TAX_TYPE_TO_TAX: Record<ExpenseTaxType, TaxType> = {
  STANDARD: 'standard',
  ZERO: 'zero_rated',
  SPECIAL_RELIEF: 'special_relief',
  EXEMPTED: 'exempted',
};

export function expenseTaxTypeLabel(taxType: ExpenseTaxType): Message {
  return taxTypeLabels[EXPENSE_TAX_TYPE_TO_TAX[taxType]];
}

/**
 * How the receipt states its amounts: including VAT, excluding VAT, or without VAT at all
 * (a seller not registered for VAT). With NO_TAX the item tax types are ignored.
 */
export const AMOUNT_TYPES = ['INCLUSIVE', 'EXCLUSIVE', 'NO_TAX'] as const;
export type AmountType = (typeof AMOUNT_TYPES)[number];

export const amountTypeLabels: Record<AmountType, Message> = {
  INCLUSIVE: /*i18n*/ { id: 'Amounts include VAT' },
  EXCLUSIVE: /*i18n*/ { id: 'Amounts exclude VAT' },
  NO_TAX: /*i18n*/ { id: 'No VAT' },
};

export const EXPENSE_PAYMENT_METHODS = ['CASH', 'BANK', 'CHEQUE', 'EMONEY'] as const;
export type ExpensePaymentMethod = (typeof EXPENSE_PAYMENT_METHODS)[number];

export const expensePaymentMethodLabels: Record<ExpensePaymentMethod, Message> = {
  CASH: /*i18n*/ { id: 'Cash' },
  BANK: /*i18n*/ { id: 'Bank transfer' },
  CHEQUE: /*i18n*/ { id: 'Cheque' },
  EMONEY: /*i18n*/ { id: 'E-money' },
};

/** How the expense was entered (spec §1): the analytics event expense_created_<source> too. */
export const EXPENSE_SOURCES = ['qr', 'code', 'manual', 'upload'] as const;
export type ExpenseSource = (typeof EXPENSE_SOURCES)[number];

export const expenseSourceLabels: Record<ExpenseSource, Message> = {
  qr: /*i18n*/ { id: 'QR scan' },
  code: /*i18n*/ { id: 'Receipt code' },
  manual: /*i18n*/ { id: 'Manual entry' },
  upload: /*i18n*/ { id: 'File upload' },
};

// ── Status (spec §4) ────────────────────────────────────────────────────────────────────────

export const EXPENSE_STATUSES = ['pending', 'processed', 'canceled'] as const;
export type ExpenseStatus = (typeof EXPENSE_STATUSES)[number];

export const expenseStatusLabels: Record<ExpenseStatus, Message> = {
  pending: /*i18n*/ { id: 'Pending' },
  processed: /*i18n*/ { id: 'Processed' },
  canceled: /*i18n*/ { id: 'Canceled' },
};

/** Pending is the only state with a way out; processed and canceled are final. */
const EXPENSE_TRANSITIONS: Record<ExpenseStatus, readonly ExpenseStatus[]> = {
  pending: ['processed', 'canceled'],
  processed: [],
  canceled: [],
};

/** Only a pending expense can be edited (or have attachments added or removed). */
export function canEditExpense(status: ExpenseStatus): boolean {
  return status === 'pending';
}

export function canChangeExpenseStatus(from: ExpenseStatus, to: ExpenseStatus): boolean {
  return EXPENSE_TRANSITIONS[from].includes(to);
}

export function nextExpenseStatuses(from: ExpenseStatus): readonly ExpenseStatus[] {
  return EXPENSE_TRANSITIONS[from];
}

// ── Totals ──────────────────────────────────────────────────────────────────────────────────

export interface ExpenseLineInput {
  quantity: Quantity;
  unitAmount: Cents;
  /** Required unless the amount type is NO_TAX. */
  taxType?: ExpenseTaxType | null | undefined;
}

export interface ExpensePaymentInput {
  method: ExpensePaymentMethod;
  amount: Cents;
}

export interface ExpenseLineTotals {
  netAmount: Cents;
  vatAmount: Cents;
  /** What was paid for the line, VAT included. */
  amount: Cents;
}

export interface ExpenseTotals {
  lines: ExpenseLineTotals[];
  /** VAT per tax type; empty for NO_TAX. */
  groups: TaxGroupTotals[];
  netAmount: Cents;
  totalVat: Cents;
  /** Net amount plus VAT where VAT applies: what the payments must add up to. */
  totalAmount: Cents;
  paid: Cents;
  /** totalAmount − paid: positive while something is left to pay, negative when overpaid. */
  balance: Cents;
}

/**
 * Net amount, VAT, total and balance of an expense. Throws RangeError for a taxed expense whose
 * line has no tax type (the schema refuses those first).
 */
export function computeExpenseTotals(expense: {
  amountType: AmountType;
  items: readonly ExpenseLineInput[];
  payments: readonly Pick<ExpensePaymentInput, 'amount'>[];
}): ExpenseTotals {
  const taxed = expense.amountType !== 'NO_TAX';
  const lines = expense.items.map((item, index) => {
    if (taxed && !item.taxType) throw new RangeError(`Item ${index + 1} has no tax type`);
    return {
      quantity: item.quantity,
      unitPrice: item.unitAmount,
      // Without VAT every line is outside VAT: rate 0, and the amount typed is the net amount.
      taxType: taxed && item.taxType ? EXPENSE_TAX_TYPE_TO_TAX[item.taxType] : 'exempted',
      discountBp: 0,
    } as const;
  });
  const totals = computeTotals(lines, expense.amountType === 'INCLUSIVE');
  const paid = cents(expense.payments.reduce((sum, payment) => sum + payment.amount, 0));
  return {
    lines: totals.lines.map((line) => ({
      netAmount: line.netAmount,
      vatAmount: line.taxAmount,
      amount: line.amount,
    })),
    groups: taxed ? totals.groups : [],
    netAmount: totals.totalExcludingTax,
    totalVat: totals.totalVat,
    totalAmount: totals.totalIncludingTax,
    paid,
    balance: cents(totals.totalIncludingTax - paid),
  };
}

/** Spec §5: AI categorization reads item descriptions, so at least one must say something. */
export function canCategorize(items: readonly { description?: string | null }[]): boolean {
  return items.some((item) => (item.description ?? '').trim() !== '');
}
