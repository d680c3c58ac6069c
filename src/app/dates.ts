// Dates are shown in East Africa Time (UTC+3) whatever the phone's own time zone.
import type { Locale } from '../../domain/i18n';

export const EAT_TIME_ZONE = 'Africa/Dar_es_Salaam';

const intlLocale = (locale: Locale) => (locale === 'sw' ? 'sw-TZ' : 'en-GB');

/**
 * One formatter per locale and style, made when first needed: making an Intl.DateTimeFormat
 * costs far more than formatting with it, and lists and the dashboard format a date per row.
 */
function formatter(options: Intl.DateTimeFormatOptions): (locale: Locale) => Intl.DateTimeFormat {
  const made = new Map<Locale, Intl.DateTimeFormat>();
  return (locale) => {
    let format = made.get(locale);
    if (!format) {
      format = new Intl.DateTimeFormat(intlLocale(locale), { ...options, timeZone: EAT_TIME_ZONE });
      made.set(locale, format);
    }
    return format;
  };
}

const longDate = formatter({
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const dateTime = formatter({
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const time = formatter({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** "Friday, 20 November 2026" / "Ijumaa, 20 Novemba 2026". */
export function formatLongDate(date: Date, locale: Locale): string {
  return longDate(locale).format(date);
}

/** "20 Nov 2026, 14:32" in East Africa Time. */
export function formatDateTime(instant: Date | number, locale: Locale): string {
  return dateTime(locale).format(instant);
}

/** "14:32" in East Africa Time. */
export function formatTime(instant: Date | number, locale: Locale): string {
  return time(locale).format(instant);
}

/**
 * Makes the formatters a signed-in page first shows dates with: the dashboard's day and a list's
 * rows. A page's first Intl.DateTimeFormat costs some 20 ms, the browser loading its locale and
 * time zone data, and every later one a millisecond or less; made in a task of its own while the
 * page's chunks load, that time is off the first render.
 */
export function prepareDateFormats(locale: Locale): void {
  longDate(locale);
  dateTime(locale);
}
