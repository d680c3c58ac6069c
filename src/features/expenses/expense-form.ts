// The expense form's values exactly as typed (amounts, quantities and the rate stay text so
// nothing is rounded while someone types), what they add up to as the person types, and their
// reading into the repository's input. The domain schema judges them, as the server will.
import { formatDayMonthYear } from '../../../domain/dates';
import { HOME_CURRENCY } from '../../../domain/currency';
import { computeExpenseTotals, type ExpenseTotals } from '../../../domain/expense';
import { formatAmount, parseAmount, sum, ZERO, type Cents } from '../../../domain/money';
import { formatQuantity, parseQuantity, type Quantity } from '../../../domain/quantity';
import type { ExpenseInput } from '../../../domain/schemas/expense';
import type { LocalExpense } from '../../db/db';
import { calendarDateText } from '../../../domain/calendar-date';

export interface ExpenseItemValues {
  /** Only for the list's keys. */
  key: string;
  description: string;
  quantity: string;
  unitAmount: string;
  taxType: string;
}

export interface ExpensePaymentValues {
  key: string;
  method: string;
  amount: string;
}

export interface ExpenseFormValues {
  receiptCode: string;
  date: string;
  time: string;
  currency: string;
  currencyRate: string;
  amountType: string;
  categoryId: string;
  vendor: {
    vendorId: string;
    name: string;
    tin: string;
    vrn: string;
    phone: string;
    serial: string;
  };
  items: ExpenseItemValues[];
  payments: ExpensePaymentValues[];
}

export const emptyExpenseItem = (): ExpenseItemValues => ({
  key: crypto.randomUUID(),
  description: '',
  quantity: '1',
  unitAmount: '',
  taxType: 'STANDARD',
});

export const emptyExpensePayment = (amount = ''): ExpensePaymentValues => ({
  key: crypto.randomUUID(),
  method: 'CASH',
  amount,
});

/** The form of a new expense, or of one already on the phone (edit, or a receipt just read). */
export function expenseFormValues(
  expense: LocalExpense | null,
  now: number = Date.now(),
): ExpenseFormValues {
  if (!expense) {
    return {
      receiptCode: '',
      date: formatDayMonthYear(now),
      time: '',
      currency: HOME_CURRENCY,
      currencyRate: '',
      amountType: 'INCLUSIVE',
      categoryId: '',
      vendor: { vendorId: '', name: '', tin: '', vrn: '', phone: '', serial: '' },
      items: [emptyExpenseItem()],
      payments: [emptyExpensePayment()],
    };
  }
  return {
    receiptCode: expense.receiptCode,
    date: calendarDateText(expense.date),
    time: expense.time.slice(0, expense.time.endsWith(':00') ? 5 : 8),
    currency: expense.currency,
    currencyRate: expense.currency === HOME_CURRENCY ? '' : String(expense.currencyRate),
    amountType: expense.amountType,
    categoryId: expense.categoryId ?? '',
    vendor: {
      vendorId: expense.vendor?.vendorId ?? '',
      name: expense.vendor?.name ?? '',
      tin: expense.vendor?.tin ?? '',
      vrn: expense.vendor?.vrn ?? '',
      phone: expense.vendor?.phone ?? '',
      serial: expense.vendor?.serial ?? '',
    },
    items: expense.items.length
      ? expense.items.map((item) => ({
          key: crypto.randomUUID(),
          description: item.description,
          quantity: formatQuantity(item.quantity),
          unitAmount: formatAmount(item.unitAmount),
          taxType: item.taxType ?? '',
        }))
      : [emptyExpenseItem()],
    payments: expense.payments.length
      ? expense.payments.map((payment) => ({
          key: crypto.randomUUID(),
          method: payment.method,
          amount: formatAmount(payment.amount),
        }))
      : [emptyExpensePayment()],
  };
}

/** What the repository is given: the values as typed, read by the schema. */
export function expenseInput(values: ExpenseFormValues): ExpenseInput {
  return {
    receiptCode: values.receiptCode,
    date: values.date,
    time: values.time,
    currency: values.currency as ExpenseInput['currency'],
    currencyRate: values.currency === HOME_CURRENCY ? null : values.currencyRate,
    amountType: values.amountType as ExpenseInput['amountType'],
    categoryId: values.categoryId,
    vendor: values.vendor,
    items: values.items.map(({ description, quantity, unitAmount, taxType }) => ({
      description,
      quantity,
      unitAmount,
      taxType: values.amountType === 'NO_TAX' ? null : taxType,
    })),
    payments: values.payments.map(({ method, amount }) => ({
      method: method as 'CASH',
      amount,
    })),
  };
}

export interface LiveTotals {
  /** Each line's totals, null while its quantity or amount cannot be read yet. */
  lines: (ExpenseTotals['lines'][number] | null)[];
  totals: ExpenseTotals | null;
  paid: Cents;
  /** The amounts add up past exact cents: no totals, and the reason said, instead of a failure. */
  tooLarge: boolean;
}

/** Net, VAT, total and balance as the person types (spec Expense "computed" fields). */
export function liveTotals(values: ExpenseFormValues): LiveTotals {
  try {
    return readableTotals(values);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return { lines: values.items.map(() => null), totals: null, paid: ZERO, tooLarge: true };
  }
}

function readableTotals(values: ExpenseFormValues): LiveTotals {
  const taxed = values.amountType !== 'NO_TAX';
  const lines = values.items.map((item) => {
    const quantity = parseQuantity(item.quantity);
    const unitAmount = parseAmount(item.unitAmount);
    const taxType = taxed ? item.taxType || null : null;
    if (quantity === null || unitAmount === null || (taxed && !taxType)) return null;
    return { quantity: quantity as Quantity, unitAmount, taxType: taxType as 'STANDARD' | null };
  });
  const paid = sum(values.payments.map((p) => parseAmount(p.amount) ?? ZERO));
  const ready = lines.filter((line) => line !== null);
  if (ready.length === 0 || !['INCLUSIVE', 'EXCLUSIVE', 'NO_TAX'].includes(values.amountType)) {
    return { lines: lines.map(() => null), totals: null, paid, tooLarge: false };
  }
  const totals = computeExpenseTotals({
    amountType: values.amountType as 'INCLUSIVE',
    items: ready,
    payments: [{ amount: paid }],
  });
  let next = 0;
  return {
    lines: lines.map((line) => (line ? totals.lines[next++]! : null)),
    totals,
    paid,
    tooLarge: false,
  };
}
