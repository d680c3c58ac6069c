// Dates are shown in East Africa Time (UTC+3) whatever the phone's own time zone.
import type { Locale } from '../../domain/i18n';

export const EAT_TIME_ZONE = 'Africa/Dar_es_Salaam';

const intlLocale = (locale: Locale) => (locale === 'sw' ? 'sw-TZ' : 'en-GB');

/** "Friday, 20 November 2026" / "Ijumaa, 20 Novemba 2026". */
export function formatLongDate(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: EAT_TIME_ZONE,
  }).format(date);
}

/** "20 Nov 2026, 14:32" in East Africa Time. */
export function formatDateTime(instant: Date | number, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: EAT_TIME_ZONE,
  }).format(instant);
}

/** "14:32" in East Africa Time. */
export function formatTime(instant: Date | number, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocale(locale), {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: EAT_TIME_ZONE,
  }).format(instant);
}
