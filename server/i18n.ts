// Server-side translation: the same Lingui catalogs as the app, so an error reads the same
// in a notification whether the phone or the server produced it.
import { setupI18n, type I18n } from '@lingui/core';
import { DEFAULT_LOCALE, isLocale, type Locale, type Message } from '../domain/i18n';
import { messages as en } from '../locales/en';
import { messages as sw } from '../locales/sw';

const instances: Record<Locale, I18n> = {
  en: setupI18n({ locale: 'en', messages: { en } }),
  sw: setupI18n({ locale: 'sw', messages: { sw } }),
};

export function translate(
  locale: Locale,
  message: Message | string,
  values?: Record<string, unknown>,
): string {
  const id = typeof message === 'string' ? message : message.id;
  return instances[locale]._(id, values);
}

/** Picks en or sw from an Accept-Language header; English when neither is asked for. */
export function localeFromHeader(header: string | undefined | null): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { lang: tag.trim().toLowerCase().slice(0, 2), q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((entry) => isLocale(entry.lang) && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  const best = ranked[0]?.lang;
  return isLocale(best) ? best : DEFAULT_LOCALE;
}
