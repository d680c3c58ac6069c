// The app's Lingui instance. English is the source language: the build keeps each message's
// English text beside its id, so English needs no catalog (the first paint waits for none).
// Swahili is compiled from locales/sw.po and loaded on demand, precached by the service worker,
// so switching language works offline.
import { i18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../domain/i18n';

/** localStorage key of the language chosen on this device. */
export const LANGUAGE_KEY = 'language';

const loaders: Record<Locale, () => Promise<{ messages: Record<string, unknown> }>> = {
  en: () => Promise.resolve({ messages: {} }),
  sw: () => import('../../locales/sw'),
};

// English texts reach Lingui uncompiled (plurals, placeholders), so it compiles them, once each.
const compiled = new Map<string, ReturnType<typeof compileMessage>>();
i18n.setMessagesCompiler((message) => {
  let result = compiled.get(message);
  if (result === undefined) {
    result = compileMessage(message);
    compiled.set(message, result);
  }
  return result;
});

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
