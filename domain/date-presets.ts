// The names of the date range presets, apart from their arithmetic (domain/date-range.ts): the
// pages' URL schemas read them, and those are part of every page's first load, which must not
// carry date-fns.
export const DATE_PRESETS = [
  'today',
  'yesterday',
  'this_week',
  'last_week',
  'this_month',
  'last_month',
  'this_year',
  'last_year',
  'custom',
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];
export type FixedDatePreset = Exclude<DatePreset, 'custom'>;
