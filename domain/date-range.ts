// Date range presets of reports and lists (spec §9). A range is a run of whole East Africa Time
// days, given both as instants [from, to) for queries and as the first and last calendar day
// for display. Weeks start on Monday. Presets cover whole periods: "this month" runs to the
// month's end, so a report of it does not change meaning as the month goes on.
import { tz } from '@date-fns/tz';
import {
  addDays,
  addMonths,
  addWeeks,
  addYears,
  startOfDay,
  startOfMonth,
  startOfWeek,
  startOfYear,
} from 'date-fns';
import * as v from 'valibot';
import { DATE_PRESETS, type DatePreset, type FixedDatePreset } from './date-presets';
import { EAT_ZONE, eatDate, eatDayStart, nextEatDay } from './dates';
import type { Message } from './i18n';
import { calendarDate } from './schemas/fields';

export { DATE_PRESETS, type DatePreset, type FixedDatePreset } from './date-presets';

export const datePresetLabels: Record<DatePreset, Message> = {
  today: /*i18n*/ { id: 'Today' },
  yesterday: /*i18n*/ { id: 'Yesterday' },
  this_week: /*i18n*/ { id: 'This week' },
  last_week: /*i18n*/ { id: 'Last week' },
  this_month: /*i18n*/ { id: 'This month' },
  last_month: /*i18n*/ { id: 'Last month' },
  this_year: /*i18n*/ { id: 'This year' },
  last_year: /*i18n*/ { id: 'Last year' },
  custom: /*i18n*/ { id: 'Custom range' },
};

export const dateRangeMessages = {
  presetInvalid: /*i18n*/ { id: 'Choose a period' },
  fromInvalid: /*i18n*/ { id: 'Enter a valid start date as DD-MM-YYYY' },
  toInvalid: /*i18n*/ { id: 'Enter a valid end date as DD-MM-YYYY' },
  toBeforeFrom: /*i18n*/ { id: 'The end date must not be before the start date' },
} satisfies Record<string, Message>;

export interface DayRange {
  /** The instant the first day begins (EAT midnight). */
  from: Date;
  /** The instant after the last day ends: the range is [from, to). */
  to: Date;
  /** First and last EAT calendar days, inclusive, as YYYY-MM-DD. */
  firstDay: string;
  lastDay: string;
}

const eat = tz(EAT_ZONE);

function rangeOf(start: Date, end: Date): DayRange {
  const from = new Date(start.getTime());
  const to = new Date(end.getTime());
  return { from, to, firstDay: eatDate(from), lastDay: eatDate(to.getTime() - 1) };
}

/** The days of a preset that contain `now` (or the period before it), in EAT. */
export function presetRange(preset: FixedDatePreset, now: Date | number): DayRange {
  const options = { in: eat } as const;
  switch (preset) {
    case 'today': {
      const start = startOfDay(now, options);
      return rangeOf(start, addDays(start, 1, options));
    }
    case 'yesterday': {
      const end = startOfDay(now, options);
      return rangeOf(addDays(end, -1, options), end);
    }
    case 'this_week': {
      const start = startOfWeek(now, { ...options, weekStartsOn: 1 });
      return rangeOf(start, addWeeks(start, 1, options));
    }
    case 'last_week': {
      const end = startOfWeek(now, { ...options, weekStartsOn: 1 });
      return rangeOf(addWeeks(end, -1, options), end);
    }
    case 'this_month': {
      const start = startOfMonth(now, options);
      return rangeOf(start, addMonths(start, 1, options));
    }
    case 'last_month': {
      const end = startOfMonth(now, options);
      return rangeOf(addMonths(end, -1, options), end);
    }
    case 'this_year': {
      const start = startOfYear(now, options);
      return rangeOf(start, addYears(start, 1, options));
    }
    case 'last_year': {
      const end = startOfYear(now, options);
      return rangeOf(addYears(end, -1, options), end);
    }
  }
}

/** The days from `firstDay` to `lastDay` inclusive (YYYY-MM-DD, EAT). */
export function customRange(firstDay: string, lastDay: string): DayRange {
  if (lastDay < firstDay) throw new RangeError(`${lastDay} is before ${firstDay}`);
  return rangeOf(eatDayStart(firstDay), eatDayStart(nextEatDay(lastDay)));
}

/**
 * Every EAT day of the range, in order: the buckets of a daily chart or heatmap. Calendar days
 * follow each other the same way in every zone, so they are counted on UTC dates.
 */
export function daysOf(range: DayRange): string[] {
  const days: string[] = [];
  const [year, month, day] = range.firstDay.split('-').map(Number) as [number, number, number];
  for (let i = 0; ; i++) {
    const next = new Date(Date.UTC(year, month - 1, day + i)).toISOString().slice(0, 10);
    if (next > range.lastDay) return days;
    days.push(next);
  }
}

export function isInRange(instant: Date | number, range: DayRange): boolean {
  const t = new Date(instant).getTime();
  return t >= range.from.getTime() && t < range.to.getTime();
}

const drm = dateRangeMessages;

/**
 * A period as a URL search or an API query gives it: a preset, or `custom` with the first and
 * last day (DD-MM-YYYY as typed, or ISO). The output days are ISO.
 */
export const dateRangeSchema = v.variant(
  'preset',
  [
    v.object({
      preset: v.picklist(
        DATE_PRESETS.filter((p): p is FixedDatePreset => p !== 'custom'),
        drm.presetInvalid.id,
      ),
    }),
    v.pipe(
      v.object({
        preset: v.literal('custom', drm.presetInvalid.id),
        from: calendarDate(drm.fromInvalid),
        to: calendarDate(drm.toInvalid),
      }),
      v.forward(
        v.partialCheck([['from'], ['to']], (input) => input.to >= input.from, drm.toBeforeFrom.id),
        ['to'],
      ),
    ),
  ],
  drm.presetInvalid.id,
);
export type DateRangeInput = v.InferInput<typeof dateRangeSchema>;
export type DateRangeQuery = v.InferOutput<typeof dateRangeSchema>;

/** The days a parsed period covers, relative to `now` for presets. */
export function resolveDateRange(query: DateRangeQuery, now: Date | number): DayRange {
  return query.preset === 'custom'
    ? customRange(query.from, query.to)
    : presetRange(query.preset, now);
}
