import { describe, expect, it } from 'vitest';
import {
  eatDate,
  eatDayStart,
  eatTime,
  formatDayMonthYear,
  nextEatDay,
  zNumber,
} from '../../domain/dates';

describe('East Africa Time', () => {
  it('puts 21:30 UTC on the next EAT day', () => {
    const instant = '2026-11-20T21:30:00Z';
    expect(eatDate(instant)).toBe('2026-11-21');
    expect(eatTime(instant)).toBe('00:30:00');
    expect(zNumber(instant)).toBe('20261121');
    expect(formatDayMonthYear(instant)).toBe('21-11-2026');
  });

  it('starts an EAT day at 21:00 UTC the evening before', () => {
    expect(eatDayStart('2026-11-21').toISOString()).toBe('2026-11-20T21:00:00.000Z');
    expect(nextEatDay('2026-12-31')).toBe('2027-01-01');
  });
});
