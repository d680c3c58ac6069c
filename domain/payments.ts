// Invoice payments (spec §9: cash, credit card, e-money, cheque). Several may be combined; their
// total may not exceed the invoice total, and what is left unpaid makes it a credit invoice.
import { cents, type Cents } from './money';
import type { Message } from './i18n';

export const PAYMENT_TYPES = ['cash', 'credit_card', 'e-money', 'cheque'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export interface Payment {
  type: PaymentType;
  amount: Cents;
}

export const paymentTypeLabels: Record<PaymentType, Message> = {
  cash: /*i18n*/ { id: 'Cash' },
  credit_card: /*i18n*/ { id: 'Credit card' },
  'e-money': /*i18n*/ { id: 'E-money' },
  cheque: /*i18n*/ { id: 'Cheque' },
};

export const paymentsExceedTotal: Message = /*i18n*/ {
  id: 'Total payments greater than total invoice',
};

export function isPaymentType(value: unknown): value is PaymentType {
  return typeof value === 'string' && (PAYMENT_TYPES as readonly string[]).includes(value);
}

export function paymentsTotal(payments: readonly Payment[]): Cents {
  return cents(payments.reduce((sum, p) => sum + p.amount, 0));
}

/** The message to show when the payments are not acceptable for this total, else null. */
export function checkPayments(payments: readonly Payment[], total: Cents): Message | null {
  return paymentsTotal(payments) > total ? paymentsExceedTotal : null;
}

/** What the customer still owes: sent to TRA as an INVOICE payment (a sale on credit). */
export function unpaidBalance(payments: readonly Payment[], total: Cents): Cents {
  return cents(Math.max(0, total - paymentsTotal(payments)));
}
