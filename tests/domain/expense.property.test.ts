// For any receipt, the expense form accepts the payments exactly when they add up to the total
// amount (VAT included where it applies), and the totals never lose or invent a cent.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as v from 'valibot';
import {
  AMOUNT_TYPES,
  computeExpenseTotals,
  EXPENSE_PAYMENT_METHODS,
  EXPENSE_TAX_TYPES,
} from '../../domain/expense';
import { expenseMessages, expenseSchema } from '../../domain/schemas/expense';
import type { Cents } from '../../domain/money';
import type { Quantity } from '../../domain/quantity';
import { fieldErrors } from './field-errors';

const itemArb = fc.record({
  description: fc.constantFrom('Diesel', 'Printer paper', 'Maize flour 25kg', 'Airtime'),
  quantity: fc.oneof(fc.integer({ min: 1, max: 5_000 }), fc.integer({ min: 1, max: 10_000_000 })),
  unitAmount: fc.oneof(
    fc.integer({ min: 1, max: 100_000 }),
    fc.integer({ min: 1, max: 1_000_000_000 }),
  ),
  taxType: fc.constantFrom(...EXPENSE_TAX_TYPES),
});
const receiptArb = fc.record({
  amountType: fc.constantFrom(...AMOUNT_TYPES),
  items: fc.array(itemArb, { minLength: 1, maxLength: 12 }),
  cuts: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 3 }),
  methods: fc.array(fc.constantFrom(...EXPENSE_PAYMENT_METHODS), { minLength: 4, maxLength: 4 }),
});

type Receipt = typeof receiptArb extends fc.Arbitrary<infer T> ? T : never;

/** Totals of the receipt as typed, before any payment. */
function totalsOf(receipt: Receipt) {
  return computeExpenseTotals({
    amountType: receipt.amountType,
    items: receipt.items.map((item) => ({
      ...item,
      quantity: item.quantity as Quantity,
      unitAmount: item.unitAmount as Cents,
    })),
    payments: [],
  });
}

/** Splits `total` into 1 to 4 positive parts at the given fractions. */
function split(total: number, cuts: number[]): number[] {
  const points = [...new Set(cuts.map((c) => Math.floor(c * total)))]
    .filter((p) => p > 0 && p < total)
    .sort((a, b) => a - b);
  const bounds = [0, ...points, total];
  return bounds.slice(1).map((b, i) => b - bounds[i]!);
}

function expenseWith(receipt: Receipt, amounts: number[]) {
  return {
    receiptCode: 'MFT7AB380',
    date: '27-08-2019',
    time: '10:31:05',
    amountType: receipt.amountType,
    vendor: { name: 'Shell Morogoro Road' },
    items: receipt.items,
    payments: amounts.map((amount, i) => ({ method: receipt.methods[i % 4], amount })),
  };
}

describe('expense totals and payments, for any receipt', () => {
  it('accepts payments that add up to the total amount, and no others', () => {
    fc.assert(
      fc.property(
        receiptArb,
        fc.integer({ min: 1, max: 10_000 }),
        fc.boolean(),
        (receipt, off, more) => {
          const totals = totalsOf(receipt);
          // A thousandth of a unit at one cent rounds to a zero total: no payment can match it.
          fc.pre(totals.totalAmount > 0);
          const exact = expenseWith(receipt, split(totals.totalAmount, receipt.cuts));
          const result = v.safeParse(expenseSchema, exact);
          expect(result.success).toBe(true);
          if (result.success) expect(computeExpenseTotals(result.output).balance).toBe(0);

          const wrongTotal = more ? totals.totalAmount + off : totals.totalAmount - off;
          if (wrongTotal <= 0) return;
          const wrong = expenseWith(receipt, split(wrongTotal, receipt.cuts));
          expect(fieldErrors(expenseSchema, wrong)).toEqual({
            payments: expenseMessages.paymentsMustEqualTotal.id,
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('keeps net + VAT = total, with VAT only where it applies', () => {
    fc.assert(
      fc.property(receiptArb, (receipt) => {
        const totals = totalsOf(receipt);
        expect(totals.netAmount + totals.totalVat).toBe(totals.totalAmount);
        expect(totals.lines.reduce((s, l) => s + l.amount, 0)).toBe(totals.totalAmount);
        totals.lines.forEach((line) => expect(line.netAmount + line.vatAmount).toBe(line.amount));
        const typed = receipt.items.reduce(
          (s, item) => s + (item.quantity * item.unitAmount) / 1000,
          0,
        );
        const standard = receipt.items.some((item) => item.taxType === 'STANDARD');
        if (receipt.amountType === 'NO_TAX' || !standard) expect(totals.totalVat).toBe(0);
        if (receipt.amountType === 'NO_TAX') expect(totals.groups).toEqual([]);
        // What was typed is the net amount (exclusive, no tax) or the total (inclusive),
        // within half a cent per line.
        const typedSide =
          receipt.amountType === 'INCLUSIVE' ? totals.totalAmount : totals.netAmount;
        expect(Math.abs(typedSide - typed)).toBeLessThanOrEqual(
          0.5 * receipt.items.length + 1e-6 * typed,
        );
      }),
      { numRuns: 500 },
    );
  });
});
