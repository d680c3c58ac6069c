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

// The macros' messages arrive compiled (the Swahili catalog by `lingui compile`, English by the
// build). What reaches this compiler is English text given as a message's id: the domain's
// descriptors (`/*i18n*/ { id }`, shared with the server) and a macro text with no placeholder.
// Those ids hold at most plain `{name}` placeholders, never plurals, so splitting them out is
// all the compiling they need (Lingui's full compiler would cost every first load 6.4 KiB).
i18n.setMessagesCompiler((message) =>
  message
    .split(/\{(\w+)\}/)
    .map((part, index): string | [string] => (index % 2 ? [part] : part))
    .filter((part) => part !== ''),
);

export async function activateLocale(locale: Locale): Promise<void> {
  if (i18n.locale === locale) return;
  const { messages } = await loaders[locale]();
  i18n.loadAndActivate({ locale, messages: messages as never });
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
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
