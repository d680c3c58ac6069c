// Properties of the totals math for any invoice: these are what TRA checks on every receipt.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cents, type Cents } from '../../domain/money';
import type { Quantity } from '../../domain/quantity';
import { TAX_TYPES } from '../../domain/tax';
import {
  computeTotals,
  toExclusivePrice,
  toInclusivePrice,
  type LineInput,
} from '../../domain/totals';

const lineArb: fc.Arbitrary<LineInput> = fc.record({
  quantity: fc
    .oneof(fc.integer({ min: 1, max: 5_000 }), fc.integer({ min: 1, max: 100_000_000 }))
    .map((q) => q as Quantity),
  unitPrice: fc
    .oneof(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 1_000_000_000 }))
    .map((p) => p as Cents),
  taxType: fc.constantFrom(...TAX_TYPES),
  discountBp: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 10_000 })),
});
const invoiceArb = fc.record({
  lines: fc.array(lineArb, { minLength: 1, maxLength: 25 }),
  inclusive: fc.boolean(),
});

const total = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('totals for any invoice', () => {
  it('line amounts add up to the total including tax', () => {
    fc.assert(
      fc.property(invoiceArb, ({ lines, inclusive }) => {
        const t = computeTotals(lines, inclusive);
        expect(total(t.lines.map((l) => l.amount))).toBe(t.totalIncludingTax);
        expect(t.totalInvoice).toBe(t.totalIncludingTax);
      }),
      { numRuns: 500 },
    );
  });

  it('in every tax group, net + VAT = gross, and the lines add up to the group', () => {
    fc.assert(
      fc.property(invoiceArb, ({ lines, inclusive }) => {
        const t = computeTotals(lines, inclusive);
        for (const g of t.groups) {
          expect(g.netAmount + g.taxAmount).toBe(g.grossAmount);
          const members = t.lines.filter((_, i) => lines[i]!.taxType === g.taxType);
          expect(total(members.map((l) => l.netAmount))).toBe(g.netAmount);
          expect(total(members.map((l) => l.taxAmount))).toBe(g.taxAmount);
          expect(total(members.map((l) => l.amount))).toBe(g.grossAmount);
          if (g.rateBp === 0) expect(g.taxAmount).toBe(0);
        }
        expect(total(t.groups.map((g) => g.grossAmount))).toBe(t.totalIncludingTax);
      }),
      { numRuns: 500 },
    );
  });

  it('no cent appears or vanishes through rounding', () => {
    fc.assert(
      fc.property(invoiceArb, ({ lines, inclusive }) => {
        const t = computeTotals(lines, inclusive);
        t.lines.forEach((l) => {
          expect(l.netAmount + l.taxAmount).toBe(l.amount);
          expect(l.netAmount).toBeGreaterThanOrEqual(0);
          expect(l.taxAmount).toBeGreaterThanOrEqual(0);
        });
        expect(t.totalExcludingTax + t.taxAmount).toBe(t.totalIncludingTax);
        expect(t.subTotal - t.totalDiscount).toBe(t.totalExcludingTax);
        // The tax is the group rate applied once: never more than half a cent away per group.
        // Compared in integers (tax × base against amount × rate): large groups pass 2^53 there.
        for (const g of t.groups) {
          const base = BigInt(inclusive ? 10_000 + g.rateBp : 10_000);
          const amount = BigInt(inclusive ? g.grossAmount : g.netAmount);
          const error = BigInt(g.taxAmount) * base - amount * BigInt(g.rateBp);
          expect(2n * (error < 0n ? -error : error) <= base).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('each line is within a cent of its exact value', () => {
    fc.assert(
      fc.property(invoiceArb, ({ lines, inclusive }) => {
        const t = computeTotals(lines, inclusive);
        lines.forEach((line, i) => {
          const exact = (line.quantity * line.unitPrice * (10_000 - line.discountBp)) / 1e7;
          const primary = inclusive ? t.lines[i]!.amount : t.lines[i]!.netAmount;
          expect(Math.abs(primary - exact)).toBeLessThanOrEqual(0.5 + exact * 1e-12);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('exclusive → inclusive → exclusive gives back the price typed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000_000 }),
        fc.constantFrom(...TAX_TYPES),
        (p, taxType) => {
          const price = cents(p);
          expect(toExclusivePrice(toInclusivePrice(price, taxType), taxType)).toBe(price);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('does not depend on the order of the lines', () => {
    fc.assert(
      fc.property(invoiceArb, ({ lines, inclusive }) => {
        const forward = computeTotals(lines, inclusive);
        const backward = computeTotals([...lines].reverse(), inclusive);
        expect(backward.totalIncludingTax).toBe(forward.totalIncludingTax);
        expect(backward.groups).toEqual(forward.groups);
      }),
      { numRuns: 300 },
    );
  });
});
