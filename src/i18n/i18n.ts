// The app's Lingui instance. English is the source language: the build keeps each message's
// English text beside its id, compiled (src/i18n/precompile-messages.ts), so English needs no
// catalog (the first paint waits for none) and the browser no message compiler.
// Swahili is compiled from locales/sw.po and loaded on demand, precached by the service worker,
// so switching language works offline.
import { i18n } from '@lingui/core';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../domain/i18n';

/** localStorage key of the language chosen on this device. */
export const LANGUAGE_KEY = 'language';

const loaders: Record<Locale, () => Promise<{ messages: Record<string, unknown> }>> = {
  en: () => Promise.resolve({ messages: {} }),
  sw: () => import('../../locales/sw'),
};

// Every message arrives compiled (the Swahili catalog by `lingui compile`, English by the
// build); a text that stays a string once compiled has no placeholder, so it is shown as it is.
i18n.setMessagesCompiler((message) => [message]);

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
