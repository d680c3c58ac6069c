// For any moment, every preset is a run of whole, contiguous EAT days, and every instant in it
// belongs to exactly one of its days: what a report summing per day relies on.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eatDate, eatTime, nextEatDay } from '../../domain/dates';
import {
  customRange,
  DATE_PRESETS,
  daysOf,
  isInRange,
  presetRange,
  type FixedDatePreset,
} from '../../domain/date-range';

const DAY = 86_400_000;
const fixedPresets = DATE_PRESETS.filter((p): p is FixedDatePreset => p !== 'custom');
const nowArb = fc.date({
  min: new Date('2001-01-01T00:00:00Z'),
  max: new Date('2099-12-31T00:00:00Z'),
  noInvalidDate: true,
});
const presetArb = fc.constantFrom(...fixedPresets);

describe('date range presets, for any moment', () => {
  it('are whole EAT days, contiguous, from the first day to the last', () => {
    fc.assert(
      fc.property(nowArb, presetArb, (now, preset) => {
        const range = presetRange(preset, now);
        expect(eatTime(range.from)).toBe('00:00:00');
        expect(eatTime(range.to)).toBe('00:00:00');
        const days = daysOf(range);
        expect(days.length).toBe((range.to.getTime() - range.from.getTime()) / DAY);
        expect(days[0]).toBe(eatDate(range.from));
        expect(days.at(-1)).toBe(eatDate(range.to.getTime() - 1));
        days.slice(1).forEach((day, i) => expect(day).toBe(nextEatDay(days[i]!)));
      }),
      { numRuns: 100 },
    );
  });

  it('put every instant of the range in exactly one of its days, and none outside', () => {
    fc.assert(
      fc.property(
        nowArb,
        presetArb,
        fc.double({ min: -0.5, max: 1.5, noNaN: true }),
        (now, preset, f) => {
          const range = presetRange(preset, now);
          const span = range.to.getTime() - range.from.getTime();
          const instant = Math.floor(range.from.getTime() + f * span);
          const days = daysOf(range);
          const matches = days.filter((day) => day === eatDate(instant)).length;
          expect(matches).toBe(isInRange(instant, range) ? 1 : 0);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('contain now for the current periods and end where the current one begins', () => {
    const previous: Record<string, FixedDatePreset> = {
      today: 'yesterday',
      this_week: 'last_week',
      this_month: 'last_month',
      this_year: 'last_year',
    };
    fc.assert(
      fc.property(nowArb, (now) => {
        for (const [current, before] of Object.entries(previous)) {
          const range = presetRange(current as FixedDatePreset, now);
          expect(isInRange(now, range)).toBe(true);
          expect(presetRange(before, now).to.getTime()).toBe(range.from.getTime());
        }
        const week = presetRange('this_week', now);
        expect(new Date(week.from.getTime() + 3 * 3_600_000).getUTCDay()).toBe(1);
        expect(daysOf(week)).toHaveLength(7);
      }),
      { numRuns: 300 },
    );
  });

  it('make a custom range of exactly the days chosen', () => {
    fc.assert(
      fc.property(nowArb, fc.integer({ min: 0, max: 400 }), (start, length) => {
        const firstDay = eatDate(start);
        const lastDay = eatDate(start.getTime() + length * DAY);
        const days = daysOf(customRange(firstDay, lastDay));
        expect(days[0]).toBe(firstDay);
        expect(days.at(-1)).toBe(lastDay);
        expect(days).toHaveLength(length + 1);
      }),
      { numRuns: 200 },
    );
  });
});
