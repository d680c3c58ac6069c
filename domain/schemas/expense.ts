// Expense validation (spec §3 Expense, §5 Expense): the form on the phone and the API on the
// server parse with the same schema, so an expense the phone accepted offline is accepted later.
import * as v from 'valibot';
import { CURRENCIES, HOME_CURRENCY, parseRate } from '../currency';
import { eatDate, nextEatDay } from '../dates';
import {
  AMOUNT_TYPES,
  canCategorize,
  computeExpenseTotals,
  EXPENSE_PAYMENT_METHODS,
  EXPENSE_SOURCES,
  EXPENSE_TAX_TYPES,
  type AmountType,
  type ExpenseLineInput,
  type ExpensePaymentInput,
} from '../expense';
import { expenseAmounts } from '../expense-record';
import type { Message } from '../i18n';
import { isReceiptCode, normalizeReceiptCode } from '../receipt-code';
import { recordMessages } from '../record-messages';
import { hasDecimalComma } from '../typed-number';
import {
  blankToNull,
  calendarDate,
  clientId,
  fieldMessages,
  issuePath,
  phoneDigits,
  positiveAmount,
  positiveQuantity,
  serial,
  timeOfDay,
  tin,
  vrn,
} from './fields';

export const expenseMessages = {
  receiptCodeRequired: /*i18n*/ { id: 'Receipt code is required' },
  receiptCodeInvalid: /*i18n*/ { id: 'Receipt code must be 3 to 255 letters or digits' },
  timeRequired: /*i18n*/ { id: 'Enter the time printed on the receipt as HH:mm' },
  descriptionLength: /*i18n*/ { id: 'Description must be 3 to 255 characters' },
  itemsRequired: /*i18n*/ { id: 'Add at least one item' },
  tooManyItems: /*i18n*/ { id: 'An expense can have at most 200 items' },
  tooManyPayments: /*i18n*/ { id: 'An expense can have at most 20 payments' },
  taxTypeRequired: /*i18n*/ { id: 'Choose a tax type' },
  amountTypeRequired: /*i18n*/ { id: 'Choose whether the amounts include VAT' },
  paymentMethodRequired: /*i18n*/ { id: 'Choose a payment method' },
  paymentsMustEqualTotal: /*i18n*/ {
    id: 'Total payments must equal the total amount, including VAT where VAT applies',
  },
  currencyRequired: /*i18n*/ { id: 'Choose a currency' },
  rateInvalid: /*i18n*/ { id: 'Enter the exchange rate in shillings, greater than 0' },
  homeRateIsOne: /*i18n*/ { id: 'The exchange rate of Tanzanian shillings is 1' },
  vendorNameRequired: /*i18n*/ { id: 'Enter the vendor name' },
  categoryInvalid: /*i18n*/ { id: 'Choose a category from the list' },
  vendorInvalid: /*i18n*/ { id: 'Choose a vendor from the list' },
  categorizeNeedsDescription: /*i18n*/ {
    id: 'AI categorization needs a description on at least one item',
  },
  statusChangeInvalid: /*i18n*/ { id: 'An expense can be marked processed or canceled' },
  receiptCodeTaken: /*i18n*/ { id: 'This receipt code is already registered' },
  amountsTooLarge: /*i18n*/ { id: 'These amounts are too large to record' },
  dateOutOfRange: /*i18n*/ { id: "The receipt's date cannot be in the future or before 2000" },
} satisfies Record<string, Message>;

const em = expenseMessages;

/** No receipt of a business using this app is older than this. */
export const EARLIEST_RECEIPT_DATE = '2000-01-01';

/**
 * Whether a receipt can carry this date (YYYY-MM-DD): from 2000 up to tomorrow in EAT, as a
 * phone's clock may be a day ahead. A year typed wrong (2062 for 2026) would otherwise count
 * in reports of years no one looks at.
 */
export function isPossibleReceiptDate(date: string, now: number = Date.now()): boolean {
  return date >= EARLIEST_RECEIPT_DATE && date <= nextEatDay(eatDate(now));
}

export const MAX_EXPENSE_ITEMS = 200;
export const MAX_EXPENSE_PAYMENTS = 20;

/** Spec §5: required, then 3 to 255 letters or digits (see domain/receipt-code.ts). */
export const receiptCode = v.pipe(
  v.string(em.receiptCodeRequired.id),
  v.transform(normalizeReceiptCode),
  v.nonEmpty(em.receiptCodeRequired.id),
  v.check(isReceiptCode, em.receiptCodeInvalid.id),
);

const rate = v.pipe(
  v.union([v.string(), v.number()], em.rateInvalid.id),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const value = parseRate(dataset.value);
    if (value === null) {
      addIssue({ message: em.rateInvalid.id });
      return NEVER;
    }
    return value;
  }),
);

/** The seller as the receipt names it; `vendorId` links it to a saved vendor when chosen. */
export const expenseVendorSchema = v.object({
  vendorId: blankToNull(v.pipe(v.string(), v.uuid(em.vendorInvalid.id))),
  name: v.pipe(
    v.string(em.vendorNameRequired.id),
    v.trim(),
    v.nonEmpty(em.vendorNameRequired.id),
    v.maxLength(255, fieldMessages.textTooLong.id),
  ),
  tin: blankToNull(tin),
  vrn: blankToNull(vrn),
  phone: blankToNull(phoneDigits),
  serial: blankToNull(serial),
});
export type ExpenseVendorInput = v.InferInput<typeof expenseVendorSchema>;
export type ExpenseVendor = v.InferOutput<typeof expenseVendorSchema>;

const description = v.pipe(
  v.string(em.descriptionLength.id),
  v.trim(),
  v.minLength(3, em.descriptionLength.id),
  v.maxLength(255, em.descriptionLength.id),
);

/**
 * A number typed with a decimal comma ("2,5", "4500,50") is refused with the hint to use a
 * point before `schema` reads it; numbers and other text go to `schema` as they are.
 */
const pointDecimals = <T extends v.GenericSchema<string | number>>(schema: T, invalid: Message) =>
  v.pipe(
    v.union([v.string(), v.number()], invalid.id),
    v.check(
      (value) => typeof value !== 'string' || !hasDecimalComma(value),
      recordMessages.decimalComma.id,
    ),
    schema,
  );

export const expenseItemSchema = v.object({
  description,
  /** Thousandths of a unit when a number (1500 = 1.5), or as typed ("1.5"). */
  quantity: pointDecimals(positiveQuantity, fieldMessages.quantityInvalid),
  /** Cents when a number, or as typed ("1,500.00"); in the expense's currency. */
  unitAmount: pointDecimals(positiveAmount(), fieldMessages.amountInvalid),
  /** Required unless the expense's amount type is NO_TAX (checked on the whole expense). */
  taxType: blankToNull(v.picklist(EXPENSE_TAX_TYPES, em.taxTypeRequired.id)),
});
export type ExpenseItemInput = v.InferInput<typeof expenseItemSchema>;
export type ExpenseItem = v.InferOutput<typeof expenseItemSchema>;

export const expensePaymentSchema = v.object({
  method: v.picklist(EXPENSE_PAYMENT_METHODS, em.paymentMethodRequired.id),
  amount: pointDecimals(positiveAmount(), fieldMessages.amountInvalid),
});
export type ExpensePaymentFormInput = v.InferInput<typeof expensePaymentSchema>;
export type ExpensePayment = v.InferOutput<typeof expensePaymentSchema>;

const expenseObject = v.object({
  id: clientId,
  source: v.optional(v.picklist(EXPENSE_SOURCES), 'manual'),
  receiptCode,
  /** DD-MM-YYYY as typed (ISO accepted); YYYY-MM-DD out. The receipt's date, EAT. */
  date: v.pipe(calendarDate(), v.check(isPossibleReceiptDate, em.dateOutOfRange.id)),
  /** HH:mm or HH:mm:ss; HH:mm:ss out. */
  time: timeOfDay(),
  currency: v.optional(v.picklist(CURRENCIES, em.currencyRequired.id), HOME_CURRENCY),
  /** Shillings per unit of `currency`; 1 (or absent) for shillings. */
  currencyRate: v.optional(v.nullable(rate)),
  amountType: v.picklist(AMOUNT_TYPES, em.amountTypeRequired.id),
  categoryId: blankToNull(v.pipe(v.string(), v.uuid(em.categoryInvalid.id))),
  vendor: expenseVendorSchema,
  items: v.pipe(
    v.array(expenseItemSchema, em.itemsRequired.id),
    v.minLength(1, em.itemsRequired.id),
    v.maxLength(MAX_EXPENSE_ITEMS, em.tooManyItems.id),
  ),
  payments: v.pipe(
    v.array(expensePaymentSchema, em.paymentsMustEqualTotal.id),
    v.maxLength(MAX_EXPENSE_PAYMENTS, em.tooManyPayments.id),
  ),
});

/** Whether the expense as given is in shillings; the rate rule and totals depend on it. */
function isHomeCurrency(currency: unknown): boolean {
  return currency === undefined || currency === HOME_CURRENCY;
}

/**
 * The payments rule (spec §5): payments add up to the total amount, VAT included where VAT
 * applies. Only judged once there are items and every amount involved is valid and above 0;
 * otherwise those fields carry their own messages and this one would only add noise.
 */
function paymentsMatchTotal(input: {
  amountType: AmountType;
  items: readonly ExpenseLineInput[];
  payments: readonly Pick<ExpensePaymentInput, 'amount'>[];
}): boolean {
  const incomplete =
    input.items.length === 0 ||
    input.items.some((item) => !(item.quantity > 0) || !(item.unitAmount > 0)) ||
    input.payments.some((payment) => !(payment.amount > 0));
  if (incomplete) return true;
  try {
    return computeExpenseTotals(input).balance === 0;
  } catch (error) {
    if (error instanceof RangeError) return true;
    throw error;
  }
}

export const expenseSchema = v.pipe(
  expenseObject,
  v.rawCheck(({ dataset, addIssue }) => {
    const value = dataset.value as Partial<v.InferOutput<typeof expenseObject>> | undefined;
    if (!value || typeof value !== 'object') return;
    if (value.amountType !== 'NO_TAX' && AMOUNT_TYPES.includes(value.amountType as AmountType)) {
      (Array.isArray(value.items) ? value.items : []).forEach((item, index) => {
        if (item && typeof item === 'object' && item.taxType == null) {
          addIssue({
            message: em.taxTypeRequired.id,
            path: issuePath(value, ['items', index, 'taxType']),
          });
        }
      });
    }
    const given = value.currencyRate;
    if (isHomeCurrency(value.currency)) {
      if (typeof given === 'number' && given !== 1) {
        addIssue({ message: em.homeRateIsOne.id, path: issuePath(value, ['currencyRate']) });
      }
    } else if (
      value.currencyRate == null &&
      (CURRENCIES as readonly unknown[]).includes(value.currency)
    ) {
      addIssue({ message: em.rateInvalid.id, path: issuePath(value, ['currencyRate']) });
    }
  }),
  v.forward(
    v.partialCheck(
      [
        ['amountType'],
        ['items', '$', 'quantity'],
        ['items', '$', 'unitAmount'],
        ['items', '$', 'taxType'],
        ['payments', '$', 'amount'],
      ],
      paymentsMatchTotal,
      em.paymentsMustEqualTotal.id,
    ),
    ['payments'],
  ),
  v.transform((expense) => ({
    ...expense,
    currencyRate: isHomeCurrency(expense.currency) ? 1 : (expense.currencyRate ?? 1),
  })),
  // Each amount may be valid and their product or its value in shillings still beyond what
  // cents can hold: refused here, so no server or phone ever meets it in its totals.
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    try {
      expenseAmounts(dataset.value);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      addIssue({ message: em.amountsTooLarge.id, path: issuePath(dataset.value, ['items']) });
    }
  }),
);
export type ExpenseInput = v.InferInput<typeof expenseSchema>;
export type Expense = v.InferOutput<typeof expenseSchema>;

/**
 * Adding an expense by receipt code or QR scan: TRA's verification page is found by the code
 * and the receipt's time, and the rest of the expense is read from it.
 */
export const receiptLookupSchema = v.object({
  source: v.optional(v.picklist(['code', 'qr'] as const), 'code'),
  receiptCode,
  time: timeOfDay(em.timeRequired),
});
export type ReceiptLookupInput = v.InferInput<typeof receiptLookupSchema>;
export type ReceiptLookup = v.InferOutput<typeof receiptLookupSchema>;

/** Marking a pending expense processed or canceled (spec §4). */
export const expenseStatusChangeSchema = v.object({
  status: v.picklist(['processed', 'canceled'] as const, em.statusChangeInvalid.id),
});
export type ExpenseStatusChange = v.InferOutput<typeof expenseStatusChangeSchema>;

/** What AI categorization is given: the items' descriptions, at least one of them filled. */
export const categorizationRequestSchema = v.pipe(
  v.object({
    vendorName: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(255))),
    items: v.pipe(
      v.array(
        v.object({
          description: v.optional(
            v.pipe(v.string(), v.trim(), v.maxLength(255, em.descriptionLength.id)),
          ),
        }),
        em.categorizeNeedsDescription.id,
      ),
      v.maxLength(MAX_EXPENSE_ITEMS, em.tooManyItems.id),
    ),
  }),
  v.forward(
    v.partialCheck(
      [['items', '$', 'description']],
      (input) => canCategorize(input.items),
      em.categorizeNeedsDescription.id,
    ),
    ['items'],
  ),
);
export type CategorizationRequest = v.InferOutput<typeof categorizationRequestSchema>;
