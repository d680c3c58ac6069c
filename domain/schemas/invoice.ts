// The invoice as the editor writes it, the outbox carries it and the server stores it (spec §3
// Invoice, §5 Invoice). The server recomputes every amount with domain/totals.ts; the totals a
// client sends are never trusted, they are only shown while typing.
import * as v from 'valibot';
import { INVOICE_ORIGINS, type InvoiceOrigin, type InvoiceStatus } from '../invoice-status';
import type { Message } from '../i18n';
import { m } from '../messages';
import { recordMessages } from '../record-messages';
import { MAX_CENTS, type Cents } from '../money';
import { PAYMENT_TYPES, checkPayments, type Payment } from '../payments';
import { QUANTITY_SCALE, type Quantity } from '../quantity';
import { BP_SCALE, TAX_TYPES } from '../tax';
import { computeTotals, type InvoiceTotals } from '../totals';
import {
  IDENTIFICATION_TYPES,
  customerContactFields,
  identificationNumberProblem,
  normalizeName,
} from './customer';
import { uuidSchema, type SyncedRecord } from './record';

export const INVOICE_MAX_ITEMS = 200;
export const INVOICE_MAX_PAYMENTS = 10;
export const ITEM_DESCRIPTION_MAX = 255;

export const invoiceMessages = {
  descriptionRequired: /*i18n*/ { id: 'Please enter the item description' },
  descriptionTooLong: /*i18n*/ { id: 'The description may have at most 255 characters' },
  quantityInvalid: /*i18n*/ { id: 'Enter a quantity above 0 with at most 3 decimals' },
  totalTooLarge: /*i18n*/ { id: 'The invoice total may be at most 5,000,000,000,000 TZS' },
  unitPriceInvalid: /*i18n*/ { id: 'Enter a unit price of 0 or more' },
  discountInvalid: /*i18n*/ { id: 'Enter a discount from 0 to 100%, with at most 2 decimals' },
  taxTypeRequired: /*i18n*/ { id: 'Choose the tax type' },
  itemsRequired: /*i18n*/ { id: 'Add at least one item' },
  tooManyItems: /*i18n*/ { id: 'An invoice may have at most 200 items' },
  paymentTypeRequired: /*i18n*/ { id: 'Choose the payment type' },
  paymentAmountInvalid: /*i18n*/ { id: 'Enter a payment amount above 0' },
  tooManyPayments: /*i18n*/ { id: 'An invoice may have at most 10 payments' },
  customerIdInvalid: /*i18n*/ { id: 'Please enter a valid customer identification number' },
  referenceTooLong: /*i18n*/ { id: 'The reference may have at most 100 characters' },
  accountingNumberTooLong: /*i18n*/ { id: 'The accounting number may have at most 50 characters' },
  productNotSaved: /*i18n*/ { id: 'Please save the product first before submitting the invoice' },
} satisfies Record<string, Message>;

const optionalText = (max: number, tooLong: Message) =>
  v.pipe(
    v.nullish(v.string(m.fieldInvalid.id), null),
    v.transform((value) => {
      const trimmed = value?.trim() ?? '';
      return trimmed === '' ? null : trimmed;
    }),
    v.nullable(v.pipe(v.string(), v.maxLength(max, tooLong.id))),
  );

/**
 * The customer as printed on this invoice: a copy, so later edits of the customer record never
 * change a receipt. A walk-in customer has no identification and may have no name.
 */
export const invoiceCustomerSchema = v.pipe(
  v.object({
    name: v.pipe(
      v.nullish(v.string(recordMessages.customerNameRequired.id), ''),
      v.transform((value) => normalizeName(value ?? '')),
      v.maxLength(100, recordMessages.customerNameTooLong.id),
    ),
    identificationType: v.pipe(
      v.optional(v.string(recordMessages.identificationTypeRequired.id), 'NO_IDENTIFICATION'),
      v.picklist(IDENTIFICATION_TYPES, recordMessages.identificationTypeRequired.id),
    ),
    ...customerContactFields,
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const { identificationType, identificationNumber, name } = dataset.value;
    const problem = identificationNumberProblem(identificationType, identificationNumber);
    if (problem) {
      addIssue({
        message:
          problem === recordMessages.tinInvalid.id || problem === recordMessages.nidaInvalid.id
            ? problem
            : invoiceMessages.customerIdInvalid.id,
        path: [
          {
            type: 'object',
            origin: 'value',
            input: dataset.value,
            key: 'identificationNumber',
            value: identificationNumber,
          },
        ],
      });
    }
    if (identificationType !== 'NO_IDENTIFICATION' && name === '') {
      addIssue({
        message: recordMessages.customerNameRequired.id,
        path: [{ type: 'object', origin: 'value', input: dataset.value, key: 'name', value: name }],
      });
    }
  }),
  v.transform((value) =>
    value.identificationType === 'NO_IDENTIFICATION'
      ? { ...value, identificationNumber: null }
      : value,
  ),
);
export type InvoiceCustomer = v.InferOutput<typeof invoiceCustomerSchema>;

/** A decimal number with at most `decimals` decimals, as a count of 10^-decimals units. */
function scaled(value: number, scale: number): number | null {
  const n = Math.round(value * scale);
  return Math.abs(n - value * scale) < 1e-6 * Math.max(1, Math.abs(value)) ? n : null;
}

export const invoiceItemSchema = v.object({
  /** Client-generated, stable across edits (list keys, merge of concurrent edits). */
  id: uuidSchema,
  productId: v.nullish(uuidSchema, null),
  description: v.pipe(
    v.optional(v.string(invoiceMessages.descriptionRequired.id), ''),
    v.transform(normalizeName),
    v.nonEmpty(invoiceMessages.descriptionRequired.id),
    v.maxLength(ITEM_DESCRIPTION_MAX, invoiceMessages.descriptionTooLong.id),
  ),
  /** Units, up to 3 decimals (1.5 kg). */
  quantity: v.pipe(
    v.number(invoiceMessages.quantityInvalid.id),
    v.check(
      (q) => q > 0 && q <= 1e9 && scaled(q, QUANTITY_SCALE) !== null,
      invoiceMessages.quantityInvalid.id,
    ),
  ),
  /** Cents, as entered: with VAT when the invoice's amounts include tax. */
  unitPrice: v.pipe(
    v.number(invoiceMessages.unitPriceInvalid.id),
    v.minValue(0, invoiceMessages.unitPriceInvalid.id),
    v.maxValue(MAX_CENTS, recordMessages.priceTooLarge.id),
    v.integer(recordMessages.priceWholeCents.id),
    v.transform((n) => n as Cents),
  ),
  taxType: v.pipe(
    v.optional(v.string(invoiceMessages.taxTypeRequired.id), ''),
    v.picklist(TAX_TYPES, invoiceMessages.taxTypeRequired.id),
  ),
  /** Percent of the tax-exclusive value, up to 2 decimals. */
  discountPercent: v.pipe(
    v.optional(v.number(invoiceMessages.discountInvalid.id), 0),
    v.check(
      (d) => d >= 0 && d <= 100 && scaled(d, 100) !== null,
      invoiceMessages.discountInvalid.id,
    ),
  ),
});
export type InvoiceItem = v.InferOutput<typeof invoiceItemSchema>;

export const invoicePaymentSchema = v.object({
  type: v.picklist(PAYMENT_TYPES, invoiceMessages.paymentTypeRequired.id),
  amount: v.pipe(
    v.number(invoiceMessages.paymentAmountInvalid.id),
    v.safeInteger(invoiceMessages.paymentAmountInvalid.id),
    v.minValue(1, invoiceMessages.paymentAmountInvalid.id),
    v.maxValue(MAX_CENTS, invoiceMessages.paymentAmountInvalid.id),
    v.transform((n) => n as Cents),
  ),
});

/** What a person (or an API client) decides on an invoice: everything else is the server's. */
export const invoiceFieldsSchema = v.pipe(
  v.object({
    customerId: v.nullish(uuidSchema, null),
    customer: v.optional(invoiceCustomerSchema, {}),
    amountsIncludeTax: v.optional(v.boolean(m.fieldInvalid.id), true),
    items: v.pipe(
      v.array(invoiceItemSchema, invoiceMessages.itemsRequired.id),
      v.minLength(1, invoiceMessages.itemsRequired.id),
      v.maxLength(INVOICE_MAX_ITEMS, invoiceMessages.tooManyItems.id),
    ),
    payments: v.pipe(
      v.optional(v.array(invoicePaymentSchema, m.fieldInvalid.id), []),
      v.maxLength(INVOICE_MAX_PAYMENTS, invoiceMessages.tooManyPayments.id),
    ),
    reference: optionalText(100, invoiceMessages.referenceTooLong),
    accountingNumber: optionalText(50, invoiceMessages.accountingNumberTooLong),
    origin: v.optional(v.picklist(INVOICE_ORIGINS, m.fieldInvalid.id), 'web'),
    correctsInvoiceId: v.nullish(uuidSchema, null),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    // Totals are computed only from lines that passed their own checks.
    if (!dataset.typed || dataset.issues) return;
    const totals = boundedTotals(dataset.value);
    if (!totals) {
      addIssue({
        message: invoiceMessages.totalTooLarge.id,
        path: [
          {
            type: 'object',
            origin: 'value',
            input: dataset.value,
            key: 'items',
            value: dataset.value.items,
          },
        ],
      });
      return;
    }
    const problem = checkPayments(dataset.value.payments as Payment[], totals.totalInvoice);
    if (problem) {
      addIssue({
        message: problem.id,
        path: [
          {
            type: 'object',
            origin: 'value',
            input: dataset.value,
            key: 'payments',
            value: dataset.value.payments,
          },
        ],
      });
    }
  }),
);
export type InvoiceFields = v.InferOutput<typeof invoiceFieldsSchema>;
export type InvoiceFieldsInput = v.InferInput<typeof invoiceFieldsSchema>;

/** Largest invoice total: 5 trillion shillings, so no valid invoice's sums leave exact cents. */
export const MAX_INVOICE_TOTAL_CENTS = 500_000_000_000_000;

/** The totals, or null when the lines add up past the largest invoice total. */
function boundedTotals(
  invoice: Pick<InvoiceFields, 'items' | 'amountsIncludeTax'>,
): InvoiceTotals | null {
  // An estimate first (a double is close enough to tell), so no exact sum can overflow.
  let estimate = 0;
  for (const item of invoice.items) estimate += item.quantity * item.unitPrice;
  if (!(estimate <= MAX_INVOICE_TOTAL_CENTS)) return null;
  try {
    const totals = invoiceTotals(invoice);
    return totals.totalInvoice <= MAX_INVOICE_TOTAL_CENTS ? totals : null;
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/** The invoice's amounts, from its items (the one computation the phone and server share). */
export function invoiceTotals(
  invoice: Pick<InvoiceFields, 'items' | 'amountsIncludeTax'>,
): InvoiceTotals {
  return computeTotals(
    invoice.items.map((item) => ({
      quantity: Math.round(item.quantity * QUANTITY_SCALE) as Quantity,
      unitPrice: item.unitPrice,
      taxType: item.taxType,
      discountBp: Math.round((item.discountPercent * BP_SCALE) / 100),
    })),
    invoice.amountsIncludeTax,
  );
}

/** The fiscal receipt of a submitted invoice, as assigned by the server's VFD. */
export interface InvoiceFiscal {
  /** RCTNUM = GC. */
  receiptNumber: number;
  /** Daily counter. */
  dailyCounter: number;
  zNumber: string;
  /** RCTVNUM: the receipt verification code printed with the QR code. */
  verificationCode: string;
  /** EAT date and time of the receipt (YYYY-MM-DD, HH:mm:ss). */
  receiptDate: string;
  receiptTime: string;
  verificationUrl: string;
  /** pending until TRA acknowledges; rejected after TRA refused it several times. */
  traStatus: 'pending' | 'accepted' | 'rejected';
  traMessage: string | null;
}

/** An invoice as the API returns it and the app stores it. */
export interface Invoice extends InvoiceFields, SyncedRecord {
  status: InvoiceStatus;
  origin: InvoiceOrigin;
  /** Business date of the invoice (EAT, YYYY-MM-DD): the receipt date once submitted. */
  date: string;
  operatorId: string | null;
  operatorName: string | null;
  totals: Omit<InvoiceTotals, 'lines'>;
  /** Per item, in the items' order. */
  lineTotals: InvoiceTotals['lines'];
  fiscal: InvoiceFiscal | null;
  /** Opaque id of the public receipt page /r/{publicId}. */
  publicId: string;
  submittedAt: string | null;
  issuedAt: string | null;
  canceledAt: string | null;
}
