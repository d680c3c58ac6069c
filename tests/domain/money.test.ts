import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  cents,
  divRound,
  formatAmount,
  groupThousands,
  formatTsh,
  parseAmount,
  toDecimalString,
  MAX_CENTS,
} from '../../domain/money';
import { formatQuantity, parseQuantity } from '../../domain/quantity';
import { formatPercent, parsePercent } from '../../domain/tax';
import { parseRate } from '../../domain/currency';
import { hasDecimalComma } from '../../domain/typed-number';

describe('amounts', () => {
  it('reads what people type', () => {
    expect(parseAmount('200')).toBe(20000);
    expect(parseAmount('1,234.5')).toBe(123450);
    expect(parseAmount(' Tsh 59,000.00 ')).toBe(5900000);
    expect(parseAmount('0.07')).toBe(7);
    expect(parseAmount('1 000 000')).toBe(100000000);
  });

  it('refuses what is not an amount', () => {
    for (const text of ['', 'abc', '1.234', '-5', '1.2.3', '12e3', '∞', '0x10']) {
      expect(parseAmount(text), text).toBeNull();
    }
    expect(parseAmount('100000000000000000')).toBeNull();
  });

  it('never drops a comma that can only be a decimal comma', () => {
    // "4500,50" read as 450,050.00 made a receipt a hundred times too large.
    for (const text of [
      '4500,50',
      '2,5',
      '1,50',
      '12,3456',
      '1,234,5',
      '1,23,456',
      '12 34',
      '1,000 000',
    ]) {
      expect(parseAmount(text), text).toBeNull();
      expect(parseQuantity(text), text).toBeNull();
      expect(parseRate(text), text).toBeNull();
    }
    for (const text of ['4500,50', '2,5', '12,3456'])
      expect(hasDecimalComma(text), text).toBe(true);
    for (const text of ['1,500', '2.5', 'abc', '1,234,5']) {
      expect(hasDecimalComma(text), text).toBe(false);
    }
    // Thousands grouped in threes are still read, with a comma, a space or a no-break space.
    expect(parseAmount('12,000')).toBe(1_200_000);
    expect(parseAmount('1,234,567.89')).toBe(123_456_789);
    expect(parseAmount('1\u00a0234.50')).toBe(123_450);
    expect(parseQuantity('1,500')).toBe(1_500_000);
    expect(parseRate('2,650.50')).toBe(2650.5);
  });

  it('writes two decimals for TRA and groups thousands for people', () => {
    expect(toDecimalString(cents(20000))).toBe('200.00');
    expect(toDecimalString(cents(7))).toBe('0.07');
    expect(formatAmount(cents(123456789))).toBe('1,234,567.89');
    expect(formatTsh(cents(5900000))).toBe('Tsh 59,000.00');
    expect(formatAmount(cents(-150))).toBe('-1.50');
  });

  it('round-trips every amount through text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_CENTS }), (n) => {
        expect(parseAmount(toDecimalString(cents(n)))).toBe(n);
        expect(parseAmount(formatAmount(cents(n)))).toBe(n);
      }),
    );
  });

  it('groups thousands as an English number format does', () => {
    fc.assert(
      fc.property(fc.nat(), (n) => {
        expect(groupThousands(String(n))).toBe(n.toLocaleString('en-US'));
      }),
    );
  });

  it('refuses fractions of a cent', () => {
    expect(() => cents(1.5)).toThrow(RangeError);
    expect(() => cents(Number.NaN)).toThrow(RangeError);
  });

  it('rounds half away from zero', () => {
    expect(divRound(5n, 2n)).toBe(3n);
    expect(divRound(-5n, 2n)).toBe(-3n);
    expect(divRound(4n, 3n)).toBe(1n);
    expect(divRound(5n, 3n)).toBe(2n);
  });
});

describe('quantities and percentages', () => {
  it('keeps up to three decimals of a quantity', () => {
    expect(parseQuantity('1.5')).toBe(1500);
    expect(parseQuantity('0.125')).toBe(125);
    expect(parseQuantity('0')).toBeNull();
    expect(parseQuantity('1.2345')).toBeNull();
    expect(formatQuantity(parseQuantity('2.50')!)).toBe('2.5');
    expect(formatQuantity(parseQuantity('3')!)).toBe('3');
  });

  it('reads a discount percentage as basis points', () => {
    expect(parsePercent('10')).toBe(1000);
    expect(parsePercent('12.5%')).toBe(1250);
    expect(parsePercent('100')).toBe(10000);
    expect(parsePercent('100.01')).toBeNull();
    expect(parsePercent('-1')).toBeNull();
    expect(formatPercent(1250)).toBe('12.5');
  });
});
