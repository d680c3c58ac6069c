// The sales report's pure rules: the period a dashboard compares with, the order ties are broken
// in (the server's "C" collation), and what a receipt contributes.
import { describe, expect, it } from 'vitest';
import {
  aggregateSales,
  compareKeys,
  previousPeriod,
  weekdayOf,
  type Sale,
} from '../../domain/sales-report';
import { slotRanges } from '../../server/reports/sales';

describe('the period before', () => {
  it('compares a month under way with as many days of the month before', () => {
    expect(previousPeriod({ firstDay: '2026-03-01', lastDay: '2026-03-31' }, '2026-03-10')).toEqual(
      { firstDay: '2026-02-01', lastDay: '2026-02-10' },
    );
    // The 31st of March against a February of 28 days: the whole of February.
    expect(previousPeriod({ firstDay: '2026-03-01', lastDay: '2026-03-31' }, '2026-03-31')).toEqual(
      { firstDay: '2026-02-01', lastDay: '2026-02-28' },
    );
  });

  it('compares whole past periods whole, and a day with the day before', () => {
    expect(previousPeriod({ firstDay: '2025-01-01', lastDay: '2025-12-31' }, '2026-06-01')).toEqual(
      { firstDay: '2024-01-01', lastDay: '2024-12-31' },
    );
    expect(previousPeriod({ firstDay: '2026-03-04', lastDay: '2026-03-04' }, '2026-03-04')).toEqual(
      { firstDay: '2026-03-03', lastDay: '2026-03-03' },
    );
    // A week from Monday, on its Wednesday: Monday to Wednesday of the week before.
    expect(previousPeriod({ firstDay: '2026-03-02', lastDay: '2026-03-08' }, '2026-03-04')).toEqual(
      { firstDay: '2026-02-23', lastDay: '2026-02-25' },
    );
    expect(previousPeriod({ firstDay: '2026-01-01', lastDay: '2026-12-31' }, '2026-01-15')).toEqual(
      { firstDay: '2025-01-01', lastDay: '2025-01-15' },
    );
  });
});

describe('ordering', () => {
  it('breaks ties in code point order, as PostgreSQL\'s "C" collation does', () => {
    const keys = ['b', 'B', 'a', 'Ünga', 'Unga', '😀', '\uffff'];
    expect([...keys].sort(compareKeys)).toEqual(['B', 'Unga', 'a', 'b', 'Ünga', '\uffff', '😀']);
  });

  it('numbers weekdays from Monday', () => {
    expect(weekdayOf('2026-03-02')).toBe(0);
    expect(weekdayOf('2026-03-08')).toBe(6);
  });
});

describe('the slots a period is read from', () => {
  it('takes whole months as months and only the partial ends as days', () => {
    expect(slotRanges('2025-01-01', '2025-12-31')).toEqual([['m2025-01', 'm2025-12']]);
    expect(slotRanges('2025-01-15', '2025-03-20')).toEqual([
      ['m2025-02', 'm2025-02'],
      ['d2025-01-15', 'd2025-01-31'],
      ['d2025-03-01', 'd2025-03-20'],
    ]);
    expect(slotRanges('2025-01-15', '2025-01-20')).toEqual([['d2025-01-15', 'd2025-01-20']]);
    expect(slotRanges('2024-12-31', '2025-01-31')).toEqual([
      ['m2025-01', 'm2025-01'],
      ['d2024-12-31', 'd2024-12-31'],
    ]);
  });
});

describe('a report on the phone', () => {
  const sale = (overrides: Partial<Sale>): Sale => ({
    invoiceId: crypto.randomUUID(),
    date: '2026-03-03',
    time: '09:15:00',
    weekday: 1,
    hour: 9,
    status: 'issued',
    traStatus: 'accepted',
    receiptNumber: 1,
    verificationCode: 'ABC1',
    operatorId: null,
    operatorName: '',
    customerId: null,
    customerKey: 'name:',
    customerName: '',
    totalExcl: 100_000 as never,
    tax: 18_000 as never,
    totalIncl: 118_000 as never,
    discount: 0 as never,
    groups: { A: { net: 100_000 as never, tax: 18_000 as never } },
    payments: { CASH: 118_000 as never },
    lines: [],
    ...overrides,
  });

  it('counts every day of the period, and only the receipts the filter picks', () => {
    const report = aggregateSales(
      [sale({}), sale({ date: '2026-03-05', payments: { EMONEY: 118_000 as never } })],
      { firstDay: '2026-03-01', lastDay: '2026-03-07' },
      { payment: 'EMONEY' },
    );
    expect(report.days).toHaveLength(7);
    expect(report.totals.receipts).toBe(1);
    expect(report.days.find((d) => d.date === '2026-03-05')!.totalIncl).toBe(118_000);
    expect(report.payments).toMatchObject({ CASH: 0, EMONEY: 118_000 });
  });
});
