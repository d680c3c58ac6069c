import { describe, expect, it } from 'vitest';
import {
  customRange,
  dateRangeMessages,
  dateRangeSchema,
  daysOf,
  presetRange,
  resolveDateRange,
  type FixedDatePreset,
} from '../../domain/date-range';
import { fieldErrors, parsed } from './field-errors';

const days = (preset: FixedDatePreset, now: string) => {
  const range = presetRange(preset, new Date(now));
  return [range.firstDay, range.lastDay];
};

describe('date range presets (spec §9), in East Africa Time', () => {
  // Thursday 1 January 2026, 13:00 EAT.
  const newYear = '2026-01-01T10:00:00Z';

  it('gives whole EAT days as instants [from, to)', () => {
    const today = presetRange('today', new Date(newYear));
    expect(today.from.toISOString()).toBe('2025-12-31T21:00:00.000Z');
    expect(today.to.toISOString()).toBe('2026-01-01T21:00:00.000Z');
    expect([today.firstDay, today.lastDay]).toEqual(['2026-01-01', '2026-01-01']);
  });

  it('reaches back across the year boundary', () => {
    expect(days('yesterday', newYear)).toEqual(['2025-12-31', '2025-12-31']);
    expect(days('this_week', newYear)).toEqual(['2025-12-29', '2026-01-04']);
    expect(days('last_week', newYear)).toEqual(['2025-12-22', '2025-12-28']);
    expect(days('this_month', newYear)).toEqual(['2026-01-01', '2026-01-31']);
    expect(days('last_month', newYear)).toEqual(['2025-12-01', '2025-12-31']);
    expect(days('this_year', newYear)).toEqual(['2026-01-01', '2026-12-31']);
    expect(days('last_year', newYear)).toEqual(['2025-01-01', '2025-12-31']);
  });

  it('takes the EAT day, not the UTC one: 21:30 UTC on 28 February is already 1 March', () => {
    const now = '2026-02-28T21:30:00Z';
    expect(days('today', now)).toEqual(['2026-03-01', '2026-03-01']);
    expect(days('yesterday', now)).toEqual(['2026-02-28', '2026-02-28']);
    expect(days('this_month', now)).toEqual(['2026-03-01', '2026-03-31']);
    expect(days('last_month', now)).toEqual(['2026-02-01', '2026-02-28']);
    expect(daysOf(presetRange('last_month', new Date('2028-03-01T00:00:00Z')))).toHaveLength(29);
  });

  it('starts weeks on Monday at EAT midnight', () => {
    // Sunday 8 March 2026, 23:59 EAT, then Monday 00:00 EAT.
    expect(days('this_week', '2026-03-08T20:59:00Z')).toEqual(['2026-03-02', '2026-03-08']);
    expect(days('this_week', '2026-03-08T21:00:00Z')).toEqual(['2026-03-09', '2026-03-15']);
    expect(days('last_week', '2026-03-08T21:00:00Z')).toEqual(['2026-03-02', '2026-03-08']);
  });

  it('reads a custom range of days as typed, the last day included', () => {
    const query = parsed(dateRangeSchema, {
      preset: 'custom',
      from: '01-12-2025',
      to: '31-12-2025',
    });
    expect(query).toEqual({ preset: 'custom', from: '2025-12-01', to: '2025-12-31' });
    const range = resolveDateRange(query, new Date(newYear));
    expect(range.from.toISOString()).toBe('2025-11-30T21:00:00.000Z');
    expect(range.to.toISOString()).toBe('2025-12-31T21:00:00.000Z');
    expect(daysOf(range)).toHaveLength(31);
    expect(daysOf(customRange('2026-05-05', '2026-05-05'))).toEqual(['2026-05-05']);
    expect(() => customRange('2026-05-05', '2026-05-04')).toThrow(RangeError);
  });

  it('names what is wrong with a period', () => {
    expect(
      fieldErrors(dateRangeSchema, { preset: 'custom', from: '10-01-2026', to: '09-01-2026' }),
    ).toEqual({ to: dateRangeMessages.toBeforeFrom.id });
    expect(fieldErrors(dateRangeSchema, { preset: 'custom', from: '32-01-2026', to: '' })).toEqual({
      from: dateRangeMessages.fromInvalid.id,
      to: dateRangeMessages.toInvalid.id,
    });
    expect(fieldErrors(dateRangeSchema, { preset: 'fortnight' })).toEqual({
      preset: dateRangeMessages.presetInvalid.id,
    });
    expect(parsed(dateRangeSchema, { preset: 'last_month', from: 'ignored' })).toEqual({
      preset: 'last_month',
    });
  });
});
