// The own insights engine as an owner would read its answers: what it says of a period's sales,
// expenses, VAT and health, how urgent it calls each, and, for any figures at all, insights the
// app can show (in range, every value filled in, in both languages).
import { setupI18n } from '@lingui/core';
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  generateInsights,
  percentChange,
  type EngineInsight,
  type InsightFigures,
} from '../../domain/insights-engine';
import type { Message } from '../../domain/i18n';
import { cents, type Cents } from '../../domain/money';
import { INSIGHT_TYPES, providerInsightsSchema } from '../../domain/schemas/insight';
import { messages as en } from '../../locales/en';
import { messages as sw } from '../../locales/sw';

const i18n = {
  en: setupI18n({ locale: 'en', messages: { en } }),
  sw: setupI18n({ locale: 'sw', messages: { sw } }),
};

/** The insight as the server writes it for the app. */
function written(insight: EngineInsight, locale: 'en' | 'sw') {
  const values = Object.fromEntries(
    Object.entries(insight.values).map(([key, value]) => [
      key,
      typeof value === 'object' ? i18n[locale]._((value as Message).id) : value,
    ]),
  );
  const say = (message: Message) => i18n[locale]._(message.id, values);
  return {
    type: insight.type,
    title: say(insight.title),
    summary: say(insight.summary),
    recommendedAction: say(insight.recommendedAction),
    confidence: insight.confidence,
    severityScore: insight.severityScore,
  };
}

const totals = (receipts: number, totalIncl: number) => ({
  receipts,
  totalExcl: cents(Math.round((totalIncl * 100) / 118)),
  tax: cents(totalIncl - Math.round((totalIncl * 100) / 118)),
  totalIncl: cents(totalIncl),
  discount: cents(0),
});
const expenseTotals = (count: number, total: number) => ({
  count,
  net: cents(Math.round((total * 100) / 118)),
  vat: cents(total - Math.round((total * 100) / 118)),
  total: cents(total),
});

function figures(
  overrides: Partial<{ [K in keyof InsightFigures]: Partial<InsightFigures[K]> }> = {},
) {
  const base: InsightFigures = {
    sales: { current: totals(0, 0), previous: totals(0, 0), days: [], products: [] },
    expenses: {
      current: expenseTotals(0, 0),
      previous: expenseTotals(0, 0),
      categories: [],
      pending: 0,
    },
    tra: { rejected: 0, overdue: 0 },
  };
  return {
    sales: { ...base.sales, ...overrides.sales },
    expenses: { ...base.expenses, ...overrides.expenses },
    tra: { ...base.tra, ...overrides.tra },
  } as InsightFigures;
}

const titles = (
  type: (typeof INSIGHT_TYPES)[number],
  f: InsightFigures,
  locale: 'en' | 'sw' = 'en',
) => generateInsights(type, f).map((insight) => written(insight, locale).title);

/** 28 days of February 2026 (1st a Sunday), Saturdays selling five times the other days. */
const february = Array.from({ length: 28 }, (_, i) => {
  const date = `2026-02-${String(i + 1).padStart(2, '0')}`;
  const saturday = new Date(`${date}T00:00:00Z`).getUTCDay() === 6;
  return { date, totalIncl: cents(saturday ? 500_000 : 100_000) };
});

describe('sales', () => {
  it('says a fall is urgent in proportion, and what to do', () => {
    const fell = generateInsights(
      'sales',
      figures({ sales: { current: totals(40, 6_000_000), previous: totals(50, 10_000_000) } }),
    );
    expect(written(fell[0]!, 'en')).toMatchObject({
      title: 'Sales are down 40%',
      summary:
        'Sales were Tsh 60,000.00 against Tsh 100,000.00 in the period before, from 40 receipts.',
    });
    expect(fell[0]!.severityScore).toBe(78);
    const dipped = generateInsights(
      'sales',
      figures({ sales: { current: totals(40, 9_000_000), previous: totals(40, 10_000_000) } }),
    );
    expect(dipped[0]!.severityScore).toBeLessThan(fell[0]!.severityScore);
    expect(written(dipped[0]!, 'sw').title).toBe('Mauzo yameshuka kwa 10%');
  });

  it('finds the best weekday, the product sales hang on, and a changed average sale', () => {
    const f = figures({
      sales: {
        current: totals(100, 4_400_000),
        previous: totals(50, 4_400_000),
        days: february,
        products: [
          { name: 'Mchele 5kg', totalIncl: cents(3_300_000) },
          { name: 'Sukari 1kg', totalIncl: cents(1_100_000) },
        ],
      },
    });
    expect(titles('sales', f)).toEqual(
      expect.arrayContaining([
        'Sales are steady',
        'Saturday is your best day',
        'Mchele 5kg carries your sales',
        'The average sale is down',
      ]),
    );
    expect(titles('sales', f, 'sw')).toContain('Jumamosi ndiyo siku yako bora');
  });

  it('says so when nothing was sold, and says it louder when the period before had sales', () => {
    const none = generateInsights('sales', figures({ sales: { previous: totals(3, 100_000) } }));
    expect(written(none[0]!, 'en').title).toBe('No sales recorded');
    expect(none[0]!.severityScore).toBe(80);
    expect(generateInsights('sales', figures())[0]!.severityScore).toBe(50);
  });
});

describe('expenses, tax and health', () => {
  it('names the largest and the fastest-rising costs, the uncategorized and the unchecked', () => {
    const f = figures({
      expenses: {
        current: expenseTotals(12, 1_000_000),
        previous: expenseTotals(10, 600_000),
        categories: [
          { name: 'Stock purchases', current: cents(500_000), previous: cents(450_000) },
          { name: 'Fuel', current: cents(300_000), previous: cents(100_000) },
          { name: '', current: cents(200_000), previous: cents(50_000) },
        ],
        pending: 1,
      },
    });
    expect(titles('expenses', f)).toEqual([
      'Fuel rose 200%',
      'Expenses are up 67%',
      'Expenses without a category',
      '1 expense waits to be checked',
      'Stock purchases is your largest cost',
    ]);
  });

  it('puts refused receipts first and reckons the VAT to set aside', () => {
    const f = figures({
      sales: { current: totals(10, 1_180_000) },
      expenses: { current: expenseTotals(2, 236_000) },
      tra: { rejected: 2, overdue: 0 },
    });
    const said = generateInsights('tax', f).map((insight) => written(insight, 'en'));
    expect(said[0]).toMatchObject({ title: 'TRA refused 2 receipts', severityScore: 90 });
    expect(said[1]).toMatchObject({
      title: 'About Tsh 1,440.00 of VAT to declare',
      summary: 'Sales collected Tsh 1,800.00 of VAT; recorded expenses carry Tsh 360.00.',
    });
  });

  it('warns when costs pass sales or grow faster than them', () => {
    const f = figures({
      sales: { current: totals(10, 1_180_000), previous: totals(10, 1_180_000) },
      expenses: { current: expenseTotals(5, 2_360_000), previous: expenseTotals(5, 1_180_000) },
    });
    const said = generateInsights('health', f).map((insight) => written(insight, 'en'));
    expect(said.map((insight) => insight.title)).toEqual([
      'Expenses are higher than sales',
      'Costs grow faster than sales',
    ]);
    expect(said[0]!.severityScore).toBe(90);
    expect(said[0]!.summary).toBe(
      'Expenses before VAT were Tsh 20,000.00, more than the Tsh 10,000.00 of sales by Tsh 10,000.00.',
    );
  });

  it('does not call sales profit when no expense is recorded', () => {
    const said = generateInsights(
      'health',
      figures({ sales: { current: totals(10, 1_180_000) } }),
    ).map((insight) => written(insight, 'en'));
    expect(said).toEqual([
      expect.objectContaining({
        title: 'What the business keeps is unknown',
        summary:
          'Sales before VAT were Tsh 10,000.00, but no expense is recorded for the period, so what is left cannot be told.',
      }),
    ]);
  });

  it('compares with nothing when there was nothing before', () => {
    expect(percentChange(100, 0)).toBeNull();
    expect(percentChange(150, 100)).toBe(50);
  });
});

/** A product's or category's name as the app stores them: trimmed, not empty. */
const name = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ’'&.-]{0,58}[A-Za-z0-9]$/);
const amount = fc.integer({ min: 0, max: 1e12 }).map((value) => cents(value) as Cents);
const salesTotals = fc
  .tuple(fc.integer({ min: 0, max: 100_000 }), amount)
  .map(([receipts, total]) => totals(receipts, total));
const expenseSide = fc
  .tuple(fc.integer({ min: 0, max: 10_000 }), amount)
  .map(([count, total]) => expenseTotals(count, total));
const anyFigures: fc.Arbitrary<InsightFigures> = fc.record({
  sales: fc.record({
    current: salesTotals,
    previous: salesTotals,
    days: fc.uniqueArray(
      fc.record({
        date: fc
          .integer({ min: 0, max: 365 })
          .map((n) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10)),
        totalIncl: amount,
      }),
      { selector: (day) => day.date, maxLength: 60 },
    ),
    products: fc.array(fc.record({ name, totalIncl: amount }), { maxLength: 5 }),
  }),
  expenses: fc.record({
    current: expenseSide,
    previous: expenseSide,
    categories: fc.array(
      fc.record({ name: fc.oneof(name, fc.constant('')), current: amount, previous: amount }),
      { maxLength: 8 },
    ),
    pending: fc.integer({ min: 0, max: 10_000 }),
  }),
  tra: fc.record({
    rejected: fc.integer({ min: 0, max: 10_000 }),
    overdue: fc.integer({ min: 0, max: 10_000 }),
  }),
});

describe('for any figures', () => {
  it('answers insights the app accepts, filled in, most urgent first, in both languages', () => {
    fc.assert(
      fc.property(fc.constantFrom(...INSIGHT_TYPES), anyFigures, (type, f) => {
        const insights = generateInsights(type, f);
        expect(insights.length).toBeGreaterThan(0);
        for (let i = 1; i < insights.length; i++) {
          expect(insights[i - 1]!.severityScore).toBeGreaterThanOrEqual(insights[i]!.severityScore);
        }
        for (const locale of ['en', 'sw'] as const) {
          const said = insights.map((insight) => written(insight, locale));
          for (const insight of said) {
            expect(insight.type).toBe(type);
            for (const text of [insight.title, insight.summary, insight.recommendedAction]) {
              expect(text).not.toMatch(/[{}]|NaN|Infinity|undefined/);
            }
          }
          // What the server stores is what the app's schema takes (titles of long names cut).
          const stored = said.map((insight) => ({
            ...insight,
            title: insight.title.slice(0, 120),
          }));
          expect(v.safeParse(providerInsightsSchema, { insights: stored }).success).toBe(true);
        }
      }),
      { numRuns: 300, seed: 20261127 },
    );
  });
});
