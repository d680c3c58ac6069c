// For any expense in any currency: its shilling totals are its own totals converted once at its
// rate (net + VAT = total in shillings too, never a cent lost), the rate a person types reads
// back exactly, and the report adds up to the sum of what it counts, by category, vendor and
// payment method alike.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CURRENCIES, parseRate, RATE_SCALE, toHomeCurrency } from '../../domain/currency';
import { AMOUNT_TYPES, EXPENSE_PAYMENT_METHODS, EXPENSE_TAX_TYPES } from '../../domain/expense';
import { expenseAmounts } from '../../domain/expense-record';
import { expenseReport, type ReportableExpense } from '../../domain/expense-report';
import { expenseMessages, expenseSchema } from '../../domain/schemas/expense';
import * as v from 'valibot';
import type { Cents } from '../../domain/money';
import type { Quantity } from '../../domain/quantity';

const rateArb = fc
  .integer({ min: 1, max: 10_000 * RATE_SCALE })
  .map((micros) => micros / RATE_SCALE);
const expenseArb = fc.record({
  amountType: fc.constantFrom(...AMOUNT_TYPES),
  currencyRate: fc.oneof(fc.constant(1), rateArb),
  items: fc.array(
    fc.record({
      quantity: fc.integer({ min: 1, max: 100_000 }).map((q) => q as Quantity),
      unitAmount: fc.integer({ min: 1, max: 100_000_000 }).map((a) => a as Cents),
      taxType: fc.constantFrom(...EXPENSE_TAX_TYPES),
    }),
    { minLength: 1, maxLength: 8 },
  ),
});

describe('expense amounts in shillings, for any expense', () => {
  it('names the items when their amounts are too large to record', () => {
    const result = v.safeParse(expenseSchema, {
      receiptCode: 'ABC123',
      date: '01-02-2026',
      time: '10:00',
      amountType: 'NO_TAX',
      vendor: { name: 'Duka' },
      items: [
        { description: 'Bidhaa', quantity: 1_000_000_000_000, unitAmount: 1_000_000_000_000 },
      ],
      payments: [],
    });
    expect(result.success).toBe(false);
    expect(result.issues?.map((issue) => issue.message)).toContain(
      expenseMessages.amountsTooLarge.id,
    );
  });

  it('refuses amounts whose total or value in shillings cents cannot hold, never throws', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000_000_000_000 }),
        fc.integer({ min: 1, max: 1_000_000_000_000 }),
        fc.constantFrom('1', '999999.5'),
        (unitAmount, quantity, rate) => {
          const result = v.safeParse(expenseSchema, {
            receiptCode: 'ABC123',
            date: '01-02-2026',
            time: '10:00',
            currency: rate === '1' ? 'TZS' : 'USD',
            currencyRate: rate === '1' ? null : rate,
            amountType: 'NO_TAX',
            vendor: { name: 'Duka' },
            items: [{ description: 'Bidhaa', quantity, unitAmount }],
            payments: [],
          });
          const fits = (() => {
            try {
              expenseAmounts({
                amountType: 'NO_TAX',
                currencyRate: Number(rate),
                items: [{ quantity: quantity as Quantity, unitAmount: unitAmount as Cents }],
                payments: [],
              });
              return true;
            } catch {
              return false;
            }
          })();
          if (!fits) expect(result.success).toBe(false);
        },
      ),
    );
  });

  it('converts the total and the VAT once each, and net + VAT = total', () => {
    fc.assert(
      fc.property(expenseArb, (expense) => {
        const amounts = expenseAmounts({ ...expense, payments: [] });
        expect(amounts.totalAmountTzs).toBe(
          toHomeCurrency(amounts.totals.totalAmount, expense.currencyRate),
        );
        expect(amounts.totalVatTzs).toBe(
          toHomeCurrency(amounts.totals.totalVat, expense.currencyRate),
        );
        expect(amounts.netAmountTzs + amounts.totalVatTzs).toBe(amounts.totalAmountTzs);
        if (expense.currencyRate === 1) {
          expect(amounts.totalAmountTzs).toBe(amounts.totals.totalAmount);
          expect(amounts.netAmountTzs).toBe(amounts.totals.netAmount);
        }
        expect(Number.isSafeInteger(amounts.totalAmountTzs)).toBe(true);
      }),
    );
  });

  it('reads back any rate with up to six decimals exactly, and converts monotonically', () => {
    fc.assert(
      fc.property(rateArb, fc.integer({ min: 0, max: 10_000_000_000 }), (rate, amount) => {
        expect(parseRate(rate.toFixed(6))).toBe(rate);
        const once = toHomeCurrency(amount as Cents, rate);
        const more = toHomeCurrency((amount + 1) as Cents, rate);
        expect(more).toBeGreaterThanOrEqual(once);
        expect(Math.abs(once - amount * rate)).toBeLessThanOrEqual(0.5 + amount * rate * 1e-12);
      }),
    );
  });
});

const reportableArb = fc
  .record({
    id: fc.uuid(),
    status: fc.constantFrom('pending', 'processed', 'canceled' as const),
    date: fc.integer({ min: 1, max: 28 }).map((day) => `2026-02-${String(day).padStart(2, '0')}`),
    time: fc.constant('10:00:00'),
    receiptCode: fc.string({ minLength: 3, maxLength: 8 }),
    categoryId: fc.constantFrom(null, 'c1', 'c2'),
    vendor: fc.constantFrom(
      null,
      { vendorId: 'v1', name: 'Kilimo', tin: null },
      { vendorId: null, name: 'Duka', tin: null },
    ),
    currency: fc.constantFrom(...CURRENCIES),
    currencyRate: fc.constantFrom(1, 2650.5),
    payments: fc.array(
      fc.record({
        method: fc.constantFrom(...EXPENSE_PAYMENT_METHODS),
        amount: fc.integer({ min: 1, max: 1_000_000 }).map((a) => a as Cents),
      }),
      { maxLength: 3 },
    ),
    items: fc.constant([{}]),
    netAmountTzs: fc.integer({ min: 0, max: 1_000_000 }).map((a) => a as Cents),
    totalVatTzs: fc.integer({ min: 0, max: 200_000 }).map((a) => a as Cents),
  })
  .map(
    (e) =>
      ({ ...e, totalAmountTzs: (e.netAmountTzs + e.totalVatTzs) as Cents }) as ReportableExpense,
  );

describe('the expenses report, for any expenses', () => {
  it('adds up to what it counts, every split alike, and leaves canceled ones out', () => {
    fc.assert(
      fc.property(fc.array(reportableArb, { maxLength: 40 }), (expenses) => {
        const report = expenseReport(expenses, {
          range: { firstDay: '2026-02-01', lastDay: '2026-02-28' },
        });
        const counted = expenses.filter((e) => e.status !== 'canceled');
        const total = counted.reduce((sum, e) => sum + e.totalAmountTzs, 0);
        expect(report.totals.count).toBe(counted.length);
        expect(report.totals.totalAmount).toBe(total);
        for (const split of [report.byCategory, report.byVendor]) {
          expect(split.reduce((sum, entry) => sum + entry.totalAmount, 0)).toBe(total);
          expect(split.reduce((sum, entry) => sum + entry.count, 0)).toBe(counted.length);
        }
        expect(report.overTime.reduce((sum, entry) => sum + entry.totalAmount, 0)).toBe(total);
        expect(report.overTime).toHaveLength(28);
        // Each expense's total is shared over its payments: the methods add up to the total of
        // the expenses with a payment, to the cent, whatever the currency.
        const paid = counted.filter((e) => e.payments.length > 0);
        expect(report.byMethod.reduce((sum, entry) => sum + entry.amount, 0)).toBe(
          paid.reduce((sum, e) => sum + e.totalAmountTzs, 0),
        );
      }),
    );
  });

  it('answers what was paid by one method: its totals, splits and rows are that part alone', () => {
    fc.assert(
      fc.property(
        fc.array(reportableArb, { maxLength: 30 }),
        fc.constantFrom(...EXPENSE_PAYMENT_METHODS),
        (expenses, method) => {
          const range = { firstDay: '2026-02-01', lastDay: '2026-02-28' };
          const all = expenseReport(expenses, { range });
          const one = expenseReport(expenses, { range, method });
          const byIt = all.byMethod.find((entry) => entry.method === method)?.amount ?? 0;
          expect(one.totals.totalAmount).toBe(byIt);
          expect(one.byMethod.map((entry) => entry.method)).toEqual(
            byIt || one.rows.length ? [method] : [],
          );
          expect(one.byMethod[0]?.amount ?? 0).toBe(byIt);
          for (const split of [one.byCategory, one.byVendor, one.overTime, one.rows]) {
            const amounts = split.map((entry) =>
              'totalAmountTzs' in entry ? entry.totalAmountTzs : entry.totalAmount,
            );
            expect(amounts.reduce((sum, amount) => sum + amount, 0)).toBe(byIt);
          }
          for (const row of one.rows) {
            expect(row.netAmountTzs).toBeGreaterThanOrEqual(0);
            expect(row.totalVatTzs).toBeGreaterThanOrEqual(0);
            expect(
              Math.abs(row.netAmountTzs + row.totalVatTzs - row.totalAmountTzs),
            ).toBeLessThanOrEqual(1);
          }
        },
      ),
    );
  });
});
