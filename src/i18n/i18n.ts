// The app's Lingui instance. Catalogs are compiled from locales/*.po and loaded on demand;
// both are precached by the service worker, so switching language works offline.
import { i18n } from '@lingui/core';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../domain/i18n';

/** localStorage key of the language chosen on this device. */
export const LANGUAGE_KEY = 'language';

const loaders: Record<Locale, () => Promise<{ messages: Record<string, unknown> }>> = {
  en: () => import('../../locales/en'),
  sw: () => import('../../locales/sw'),
};

export async function activateLocale(locale: Locale): Promise<void> {
  if (i18n.locale === locale) return;
  const { messages } = await loaders[locale]();
  i18n.loadAndActivate({ locale, messages: messages as never });
  document.documentElement.lang = locale;
}

export function initialLocale(stored: string | null | undefined): Locale {
  if (isLocale(stored)) return stored;
  const browser = navigator.language.slice(0, 2);
  return isLocale(browser) ? browser : DEFAULT_LOCALE;
}

export function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

export { i18n };
