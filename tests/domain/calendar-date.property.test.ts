// Days as people type them and as the product writes them (spec §5, DD-MM-YYYY): every real day
// reads back as itself, whichever separator was typed, and nothing else reads as a day.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { calendarDateText, parseCalendarDate } from '../../domain/calendar-date';

const dayArb = fc
  .date({
    min: new Date('1900-01-01T00:00:00Z'),
    max: new Date('2100-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString().slice(0, 10));

describe('calendar days, for any day from 1900 to 2100', () => {
  it('are written DD-MM-YYYY and read back as the same day, with - / or . between', () => {
    fc.assert(
      fc.property(dayArb, fc.constantFrom('-', '/', '.'), (iso, separator) => {
        const text = calendarDateText(iso);
        expect(text).toMatch(/^\d{2}-\d{2}-\d{4}$/);
        expect(parseCalendarDate(text)).toBe(iso);
        expect(parseCalendarDate(text.replaceAll('-', separator))).toBe(iso);
        expect(parseCalendarDate(` ${iso} `)).toBe(iso);
      }),
    );
  });

  it('are written from the start of a timestamp', () => {
    fc.assert(
      fc.property(dayArb, (iso) => {
        expect(calendarDateText(`${iso}T14:32:00+03:00`)).toBe(calendarDateText(iso));
      }),
    );
  });

  it('read without leading zeros typed', () => {
    expect(parseCalendarDate('1-7-2025')).toBe('2025-07-01');
  });
});

describe('texts that are not a day', () => {
  it.each([
    ['31-02-2026', 'no 31st of February'],
    ['29-02-2025', 'no leap day in 2025'],
    ['00-01-2026', 'no day 0'],
    ['01-13-2026', 'no 13th month'],
    ['2026-13-01', 'no 13th month, ISO'],
    ['01-01-1899', 'before 1900'],
    ['01-01-2101', 'after 2100'],
    ['2026/11/29', 'the year first with slashes'],
    ['29-11-26', 'a two-digit year'],
    ['', 'nothing'],
    ['tomorrow', 'words'],
  ])('"%s" is not read as a day (%s)', (text) => {
    expect(parseCalendarDate(text)).toBeNull();
  });

  it('the 29th of February of a leap year is a day', () => {
    expect(parseCalendarDate('29-02-2024')).toBe('2024-02-29');
  });

  it('a text that does not start with an ISO day is written as it is', () => {
    expect(calendarDateText('not a day')).toBe('not a day');
  });
});
