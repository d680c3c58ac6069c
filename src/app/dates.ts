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
