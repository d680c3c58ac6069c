// Dates as the app shows them: in East Africa Time whatever the phone's zone, in the language
// asked for, call after call and language after language.
import { describe, expect, it } from 'vitest';
import { formatDateTime, formatLongDate, formatTime } from '../../src/app/dates';

// 20 November 2026, 23:32 in Dar es Salaam: still the 20th there, the 20th at 20:32 in UTC.
const instant = Date.UTC(2026, 10, 20, 20, 32);

describe('dates on screen', () => {
  it('are shown in East Africa Time, in the language of each call', () => {
    expect(formatDateTime(instant, 'en')).toBe('20 Nov 2026, 23:32');
    expect(formatDateTime(instant, 'sw')).toBe('20 Nov 2026, 23:32');
    expect(formatDateTime(instant + 3_600_000, 'en')).toBe('21 Nov 2026, 00:32');
    expect(formatTime(instant, 'en')).toBe('23:32');
    expect(formatTime(instant, 'sw')).toBe('23:32');
    expect(formatLongDate(new Date(instant), 'en')).toBe('Friday, 20 November 2026');
    expect(formatLongDate(new Date(instant), 'sw')).toBe('Ijumaa, 20 Novemba 2026');
    expect(formatLongDate(new Date(instant), 'en')).toBe('Friday, 20 November 2026');
  });
});
