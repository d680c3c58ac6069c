// How the product's values are written in TRA's VFD protocol (spec/tra-vfd.md "Codes").
import type { Cents } from './money';
import { paymentsTotal, unpaidBalance, type Payment, type PaymentType } from './payments';
import type { TaxType } from './tax';
import type { IdentificationType as IdType } from './schemas/customer';

// Types only: a value taken from the customer schema would bring the schema, and the record
// messages it words its errors with, into every page that shows a receipt.
export type { IdentificationType as IdType } from './schemas/customer';

/** CUSTIDTYPE: 1 TIN, 2 driving licence, 3 voters number, 4 passport, 5 NIDA, 6 none. */
export const TRA_CUSTOMER_ID_TYPE: Record<IdType, number> = {
  TAX_IDENTIFICATION_NUMBER: 1,
  DRIVING_LICENCE: 2,
  VOTERS_NUMBER: 3,
  PASSPORT: 4,
  NATIONAL_IDENTIFICATION_AUTHORITY: 5,
  NO_IDENTIFICATION: 6,
};

/** TRA tax groups: A 18%, C zero rated, D special relief (0%), E exempted. B is not used. */
export const TRA_TAX_GROUP: Record<TaxType, 'A' | 'C' | 'D' | 'E'> = {
  standard: 'A',
  zero_rated: 'C',
  special_relief: 'D',
  exempted: 'E',
};

/** TAXCODE of an item: the group's position (A=1 … E=5). */
export const TRA_TAX_CODE: Record<TaxType, 1 | 3 | 4 | 5> = {
  standard: 1,
  zero_rated: 3,
  special_relief: 4,
  exempted: 5,
};

/** VATRATE labels of the Z report, all five groups in order. */
export const TRA_Z_VAT_RATES = ['A-18.00', 'B-0.00', 'C-0.00', 'D-0.00', 'E-0.00'] as const;

export type TraPaymentType = 'CASH' | 'CHEQUE' | 'CCARD' | 'EMONEY' | 'INVOICE';

export const TRA_PAYMENT_TYPE: Record<PaymentType, Exclude<TraPaymentType, 'INVOICE'>> = {
  cash: 'CASH',
  credit_card: 'CCARD',
  'e-money': 'EMONEY',
  cheque: 'CHEQUE',
};

/** Order of payment types in a Z report. */
export const TRA_Z_PAYMENT_TYPES: readonly TraPaymentType[] = [
  'CASH',
  'CHEQUE',
  'CCARD',
  'EMONEY',
  'INVOICE',
];

/**
 * The PAYMENTS of a receipt: the invoice's payments merged by type (zero amounts dropped),
 * then what is unpaid as INVOICE. They always add up to the receipt total.
 */
export function traPayments(
  payments: readonly Payment[],
  total: Cents,
): Array<{ type: TraPaymentType; amount: Cents }> {
  if (paymentsTotal(payments) > total) {
    throw new RangeError('Total payments greater than total invoice');
  }
  const merged = new Map<TraPaymentType, number>();
  for (const payment of payments) {
    if (payment.amount <= 0) continue;
    const type = TRA_PAYMENT_TYPE[payment.type];
    merged.set(type, (merged.get(type) ?? 0) + payment.amount);
  }
  const result = [...merged].map(([type, amount]) => ({ type, amount: amount as Cents }));
  const unpaid = unpaidBalance(payments, total);
  if (unpaid > 0 || result.length === 0) result.push({ type: 'INVOICE', amount: unpaid });
  return result;
}

/** MOBILENUM as TRA accepts it: digits only, 255XXXXXXXXX or 0XXXXXXXXX (rule 9). */
export function traMobile(phone9: string | null | undefined): string {
  const digits = (phone9 ?? '').replace(/\D/g, '');
  if (digits.length === 9) return `255${digits}`;
  if (/^(255\d{9}|0\d{9})$/.test(digits)) return digits;
  return '';
}
