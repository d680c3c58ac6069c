import { describe, expect, it } from 'vitest';
import { cents, parseAmount } from '../../domain/money';
import { parseQuantity } from '../../domain/quantity';
import { checkPayments, unpaidBalance } from '../../domain/payments';
import { computeTotals, type LineInput } from '../../domain/totals';
import { traMobile, traPayments } from '../../domain/tra';
import type { TaxType } from '../../domain/tax';

const line = (
  qty: string,
  price: string,
  taxType: TaxType = 'standard',
  discount = 0,
): LineInput => ({
  quantity: parseQuantity(qty)!,
  unitPrice: parseAmount(price)!,
  taxType,
  discountBp: discount,
});

describe('invoice totals', () => {
  it("matches TRA's reference receipt: 200.00 inclusive at 18% is 169.49 + 30.51", () => {
    const totals = computeTotals([line('1', '200.00')], true);
    expect(totals.groups).toEqual([
      { taxType: 'standard', rateBp: 1800, netAmount: 16949, taxAmount: 3051, grossAmount: 20000 },
    ]);
    expect(totals.totalExcludingTax).toBe(16949);
    expect(totals.totalIncludingTax).toBe(20000);
    expect(totals.lines[0]).toEqual({
      discount: 0,
      netAmount: 16949,
      taxAmount: 3051,
      amount: 20000,
    });
  });

  it('adds 18% to exclusive prices', () => {
    const totals = computeTotals([line('3', '1000'), line('1', '500', 'exempted')], false);
    expect(totals.totalExcludingTax).toBe(350000);
    expect(totals.taxAmount).toBe(54000);
    expect(totals.totalIncludingTax).toBe(404000);
    expect(totals.lines.map((l) => l.amount)).toEqual([354000, 50000]);
  });

  it('applies the discount to the tax-exclusive value', () => {
    // 2 × 1,180.00 inclusive = 2,000.00 exclusive; 10% off is 200.00 exclusive.
    const totals = computeTotals([line('2', '1180', 'standard', 1000)], true);
    expect(totals.totalDiscount).toBe(20000);
    expect(totals.totalIncludingTax).toBe(212400);
    expect(totals.totalExcludingTax).toBe(180000);
    expect(totals.subTotal).toBe(200000);
  });

  it('keeps every tax group separate on one invoice', () => {
    const totals = computeTotals(
      [
        line('1', '118', 'standard'),
        line('1', '50', 'zero_rated'),
        line('1', '30', 'special_relief'),
        line('1', '20', 'exempted'),
      ],
      true,
    );
    expect(totals.groups.map((g) => [g.taxType, g.netAmount, g.taxAmount])).toEqual([
      ['standard', 10000, 1800],
      ['zero_rated', 5000, 0],
      ['special_relief', 3000, 0],
      ['exempted', 2000, 0],
    ]);
  });

  it('computes fractional quantities exactly', () => {
    const totals = computeTotals([line('1.5', '3333.33', 'exempted')], false);
    expect(totals.totalIncludingTax).toBe(500000); // 4,999.995 rounds to 5,000.00
  });
});

describe('payments', () => {
  it('refuses payments above the total', () => {
    const total = cents(10000);
    expect(
      checkPayments(
        [
          { type: 'cash', amount: cents(6000) },
          { type: 'e-money', amount: cents(4001) },
        ],
        total,
      )?.id,
    ).toBe('Total payments greater than total invoice');
    expect(checkPayments([{ type: 'cash', amount: cents(10000) }], total)).toBeNull();
  });

  it('sends the unpaid balance to TRA as INVOICE and merges repeated types', () => {
    const payments = [
      { type: 'cash' as const, amount: cents(3000) },
      { type: 'cash' as const, amount: cents(2000) },
      { type: 'credit_card' as const, amount: cents(1000) },
      { type: 'cheque' as const, amount: cents(0) },
    ];
    expect(unpaidBalance(payments, cents(10000))).toBe(4000);
    expect(traPayments(payments, cents(10000))).toEqual([
      { type: 'CASH', amount: 5000 },
      { type: 'CCARD', amount: 1000 },
      { type: 'INVOICE', amount: 4000 },
    ]);
    expect(traPayments([], cents(10000))).toEqual([{ type: 'INVOICE', amount: 10000 }]);
  });

  it('writes mobile numbers as TRA accepts them', () => {
    expect(traMobile('712345678')).toBe('255712345678');
    expect(traMobile('+255 712-345-678')).toBe('255712345678');
    expect(traMobile('0712345678')).toBe('0712345678');
    expect(traMobile('12')).toBe('');
  });
});
