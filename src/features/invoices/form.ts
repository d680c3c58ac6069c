// The invoice editor's values exactly as typed (amounts, quantities and discounts stay text so
// nothing is rounded while someone types) and their reading into the invoice document. Text is
// read with the domain parsers (parseAmount, parseQuantity, parsePercent); the document is then
// checked with the domain schema, so the phone refuses what the server would, with the same
// messages under the same fields.
import * as v from 'valibot';
import { m } from '../../../domain/messages';
import { typedNumberProblem, typedPriceProblem } from '../../../domain/record-messages';
import { formatAmount, parseAmount, type Cents } from '../../../domain/money';
import { paymentsTotal, unpaidBalance, type PaymentType } from '../../../domain/payments';
import {
  formatQuantity,
  parseQuantity,
  QUANTITY_SCALE,
  type Quantity,
} from '../../../domain/quantity';
import {
  invoiceFieldsSchema,
  invoiceMessages,
  invoiceTotals,
  MAX_INVOICE_TOTAL_CENTS,
  type Invoice,
  type InvoiceFieldsInput,
  type InvoiceItem,
} from '../../../domain/schemas/invoice';
import { formatPercent, parsePercent, type TaxType } from '../../../domain/tax';
import type { LineTotals } from '../../../domain/totals';
import type { InvoiceTotals } from '../../../domain/totals';

export interface CustomerValues {
  name: string;
  identificationType: string;
  identificationNumber: string;
  phoneNumber: string;
  email: string;
  vatRegistrationNumber: string;
}

export interface ItemValues {
  /** Client UUID, stable across edits. */
  id: string;
  productId: string | null;
  description: string;
  quantity: string;
  unitPrice: string;
  taxType: TaxType;
  discountPercent: string;
}

export interface PaymentValues {
  /** Only for the list's keys. */
  id: string;
  type: PaymentType;
  amount: string;
}

export interface InvoiceFormValues {
  customerId: string | null;
  customer: CustomerValues;
  amountsIncludeTax: boolean;
  items: ItemValues[];
  payments: PaymentValues[];
  reference: string;
  accountingNumber: string;
  correctsInvoiceId: string | null;
}

export const walkInCustomer = (): CustomerValues => ({
  name: '',
  identificationType: 'NO_IDENTIFICATION',
  identificationNumber: '',
  phoneNumber: '',
  email: '',
  vatRegistrationNumber: '',
});

export const emptyItem = (taxType: TaxType = 'standard'): ItemValues => ({
  id: crypto.randomUUID(),
  productId: null,
  description: '',
  quantity: '1',
  unitPrice: '',
  taxType,
  discountPercent: '',
});

export const emptyPayment = (type: PaymentType = 'cash', amount = ''): PaymentValues => ({
  id: crypto.randomUUID(),
  type,
  amount,
});

export function emptyForm(): InvoiceFormValues {
  return {
    customerId: null,
    customer: walkInCustomer(),
    amountsIncludeTax: true,
    items: [emptyItem()],
    payments: [],
    reference: '',
    accountingNumber: '',
    correctsInvoiceId: null,
  };
}

const quantityText = (units: number) =>
  formatQuantity(Math.round(units * QUANTITY_SCALE) as Quantity);

const discountText = (percent: number) =>
  percent === 0 ? '' : formatPercent(Math.round(percent * 100));

/** The form of a saved invoice. */
export function formFromInvoice(invoice: Invoice): InvoiceFormValues {
  const c = invoice.customer;
  return {
    customerId: invoice.customerId,
    customer: {
      name: c.name,
      identificationType: c.identificationType,
      identificationNumber: c.identificationNumber ?? '',
      phoneNumber: c.phoneNumber ?? '',
      email: c.email ?? '',
      vatRegistrationNumber: c.vatRegistrationNumber ?? '',
    },
    amountsIncludeTax: invoice.amountsIncludeTax,
    items: invoice.items.map((item) => ({
      id: item.id,
      productId: item.productId,
      description: item.description,
      quantity: quantityText(item.quantity),
      unitPrice: formatAmount(item.unitPrice),
      taxType: item.taxType,
      discountPercent: discountText(item.discountPercent),
    })),
    payments: invoice.payments.map((payment) =>
      emptyPayment(payment.type, formatAmount(payment.amount)),
    ),
    reference: invoice.reference ?? '',
    accountingNumber: invoice.accountingNumber ?? '',
    correctsInvoiceId: invoice.correctsInvoiceId,
  };
}

/**
 * A correcting invoice (domain startCorrection): a new draft with the issued invoice's customer
 * and lines, new line ids, and a reference to the invoice it corrects.
 */
export function correctionOf(invoice: Invoice): InvoiceFormValues {
  const form = formFromInvoice(invoice);
  return {
    ...form,
    items: form.items.map((item) => ({ ...item, id: crypto.randomUUID() })),
    correctsInvoiceId: invoice.id,
  };
}

const blank = (text: string) => text.trim() === '';

/** One line as typed, read: null parts did not parse. */
interface ReadItem {
  quantity: number | null;
  unitPrice: Cents | null;
  discountPercent: number | null;
}

function readItem(item: ItemValues): ReadItem {
  const quantity = parseQuantity(item.quantity);
  const discountBp = item.discountPercent.trim() === '' ? 0 : parsePercent(item.discountPercent);
  return {
    quantity: quantity === null ? null : quantity / QUANTITY_SCALE,
    unitPrice: parseAmount(item.unitPrice),
    discountPercent: discountBp === null ? null : discountBp / 100,
  };
}

/** What is wrong with each number typed on a line that cannot be read, by field. */
function itemProblems(item: ItemValues, read: ReadItem): Partial<Record<keyof ReadItem, string>> {
  const problems: Partial<Record<keyof ReadItem, string>> = {};
  if (read.quantity === null) {
    problems.quantity = typedNumberProblem(item.quantity, invoiceMessages.quantityInvalid);
  }
  if (read.unitPrice === null) problems.unitPrice = typedPriceProblem(item.unitPrice);
  if (read.discountPercent === null) {
    problems.discountPercent = typedNumberProblem(
      item.discountPercent,
      invoiceMessages.discountInvalid,
    );
  }
  return problems;
}

/**
 * Why a line has no totals yet while it is typed: null while the quantity or the price is still
 * empty, else the first number that cannot be read (a discount of 150, a price of 12.345).
 */
export function lineProblem(item: ItemValues): string | null {
  if (blank(item.quantity) || blank(item.unitPrice)) return null;
  const problems = itemProblems(item, readItem(item));
  return problems.quantity ?? problems.unitPrice ?? problems.discountPercent ?? null;
}

export interface ReadForm {
  /** The document, as far as the text could be read (unreadable numbers become NaN). */
  input: InvoiceFieldsInput;
  /** Field path → message id, for text that is not a number of the right kind. */
  errors: Record<string, string>;
}

/** Reads what is typed into the invoice document the schema checks. */
export function readForm(values: InvoiceFormValues): ReadForm {
  const errors: Record<string, string> = {};
  const items = values.items.map((item, index) => {
    const read = readItem(item);
    for (const [field, message] of Object.entries(itemProblems(item, read))) {
      errors[`items.${index}.${field}`] = message;
    }
    return {
      id: item.id,
      productId: item.productId,
      description: item.description,
      quantity: read.quantity ?? Number.NaN,
      unitPrice: read.unitPrice ?? Number.NaN,
      taxType: item.taxType,
      discountPercent: read.discountPercent ?? Number.NaN,
    };
  });
  // A payment row left empty is no payment.
  const payments = values.payments.flatMap((payment, index) => {
    if (blank(payment.amount)) return [];
    const amount = parseAmount(payment.amount);
    if (amount === null || amount === 0) {
      errors[`payments.${index}.amount`] = typedNumberProblem(
        payment.amount,
        invoiceMessages.paymentAmountInvalid,
      );
      return [];
    }
    return [{ type: payment.type, amount }];
  });
  const c = values.customer;
  return {
    input: {
      customerId: values.customerId,
      customer: {
        name: c.name,
        identificationType: c.identificationType,
        identificationNumber: c.identificationNumber,
        phoneNumber: c.phoneNumber,
        email: c.email,
        vatRegistrationNumber: c.vatRegistrationNumber,
      },
      amountsIncludeTax: values.amountsIncludeTax,
      items,
      payments,
      reference: values.reference,
      accountingNumber: values.accountingNumber,
      origin: 'web',
      correctsInvoiceId: values.correctsInvoiceId,
    },
    errors,
  };
}

/**
 * Every problem of the form: field path → message id. The text errors first (they name what
 * cannot be read), then the schema's rules on the rest.
 */
export function formProblems(values: InvoiceFormValues): Record<string, string> {
  const { input, errors } = readForm(values);
  const problems: Record<string, string> = { ...errors };
  const result = v.safeParse(invoiceFieldsSchema, input);
  if (!result.success) {
    for (const issue of result.issues) {
      const key = issue.path?.map((item) => String(item.key)).join('.') || '_';
      // Payments over the total are only checked once every amount can be read.
      if (key === 'payments' && Object.keys(errors).length) continue;
      problems[key] ??= issue.message.startsWith('Invalid ') ? m.fieldInvalid.id : issue.message;
    }
  }
  return problems;
}

export interface LiveTotals {
  /** Per line, in order; null for a line whose numbers cannot be read yet. */
  lines: (LineTotals | null)[];
  totals: Omit<InvoiceTotals, 'lines'>;
  paid: Cents;
  /** What stays unpaid: a credit invoice (INVOICE at TRA). */
  balance: Cents;
  overpaid: boolean;
  /**
   * The amounts add up past what an invoice may hold (or past exact cents): the totals are shown
   * as zero with the reason, rather than the sum failing while the person types.
   */
  tooLarge: boolean;
}

/** The totals of the lines that can be read, by domain/totals: what the server will compute. */
export function liveTotals(values: InvoiceFormValues): LiveTotals {
  try {
    const live = readableTotals(values);
    if (live.totals.totalInvoice <= MAX_INVOICE_TOTAL_CENTS) return live;
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
  }
  const { lines: _none, ...zero } = invoiceTotals({
    items: [],
    amountsIncludeTax: values.amountsIncludeTax,
  });
  return {
    lines: values.items.map(() => null),
    totals: zero,
    paid: zero.totalInvoice,
    balance: zero.totalInvoice,
    overpaid: false,
    tooLarge: true,
  };
}

function readableTotals(values: InvoiceFormValues): LiveTotals {
  const readable: { index: number; item: InvoiceItem }[] = [];
  values.items.forEach((item, index) => {
    const read = readItem(item);
    if (
      read.quantity !== null &&
      read.quantity > 0 &&
      read.unitPrice !== null &&
      read.discountPercent !== null
    ) {
      readable.push({
        index,
        item: {
          id: item.id,
          productId: item.productId,
          description: item.description,
          quantity: read.quantity,
          unitPrice: read.unitPrice,
          taxType: item.taxType,
          discountPercent: read.discountPercent,
        },
      });
    }
  });
  const { lines, ...totals } = invoiceTotals({
    items: readable.map((r) => r.item),
    amountsIncludeTax: values.amountsIncludeTax,
  });
  const byIndex: (LineTotals | null)[] = values.items.map(() => null);
  readable.forEach((r, k) => (byIndex[r.index] = lines[k]!));
  const payments = values.payments.flatMap((p) => {
    const amount = parseAmount(p.amount);
    return amount === null ? [] : [{ type: p.type, amount }];
  });
  const paid = paymentsTotal(payments);
  return {
    lines: byIndex,
    totals,
    paid,
    balance: unpaidBalance(payments, totals.totalInvoice),
    overpaid: paid > totals.totalInvoice,
    tooLarge: false,
  };
}
