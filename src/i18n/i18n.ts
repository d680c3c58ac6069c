// The app's Lingui instance. English is the source language: the build keeps each message's
// English text beside its id, compiled (src/i18n/precompile-messages.ts), so English needs no
// catalog (the first paint waits for none) and the browser no message compiler.
// Swahili is compiled from locales/sw.po and loaded on demand in four parts
// (scripts/split-catalog.mjs): the sign-in pages and the app's frame, the public pages, the
// customer's receipt page, the signed-in screens. The start loads what its page needs and the
// router the rest before the pages that need it (src/routes/__root.tsx). All are precached by
// the service worker, so switching language works offline.
import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../domain/i18n';

/** localStorage key of the language chosen on this device. */
export const LANGUAGE_KEY = 'language';

export type CatalogPart = 'first' | 'public' | 'receipt' | 'later';
export const ALL_PARTS: CatalogPart[] = ['first', 'public', 'receipt', 'later'];

const swahili: Record<CatalogPart, () => Promise<{ messages: Messages }>> = {
  first: () => import('../../locales/sw.first'),
  public: () => import('../../locales/sw.public'),
  receipt: () => import('../../locales/sw.receipt'),
  later: () => import('../../locales/sw.later'),
};
const loaded = new Set<string>();
const loading = new Map<string, Promise<void>>();

/** Loads one part of a locale's catalog once (English has none: its texts are in the code). */
function loadPart(locale: Locale, part: CatalogPart): Promise<void> | undefined {
  const key = `${locale}:${part}`;
  if (locale === 'en' || loaded.has(key)) return undefined;
  let load = loading.get(key);
  if (!load) {
    load = swahili[part]().then(
      ({ messages }) => {
        i18n.load(locale, messages);
        loaded.add(key);
      },
      (error: unknown) => {
        loading.delete(key); // tried again by the next page that needs it
        throw error;
      },
    );
    loading.set(key, load);
  }
  return load;
}

/** The parts of the active locale's catalog a page needs; undefined when all are in. */
export function loadCatalog(parts: CatalogPart[]): Promise<void> | undefined {
  const pending = parts.flatMap((part) => loadPart(currentLocale(), part) ?? []);
  return pending.length ? Promise.all(pending).then(() => undefined) : undefined;
}

// The macros' messages arrive compiled (the Swahili catalog by `lingui compile`, English by the
// build). What reaches this compiler is English text given as a message's id: the domain's
// descriptors (`/*i18n*/ { id }`, shared with the server) and a macro text with no placeholder.
// Those ids hold at most plain `{name}` placeholders, never plurals, so splitting them out is
// all the compiling they need (Lingui's full compiler would cost every first load 6.4 KiB).
// Lingui compiles a text each time it is shown, so each is compiled once and kept: a list's
// rows and a form's every keystroke show the same ones again. The app has under 2,000 texts;
// a server's words shown as given could add more, so the store starts again past 4,000.
const COMPILED_MAX = 4000;
const compiled = new Map<string, Array<string | [string]>>();
i18n.setMessagesCompiler((message) => {
  let parts = compiled.get(message);
  if (!parts) {
    if (compiled.size >= COMPILED_MAX) compiled.clear();
    parts = message
      .split(/\{(\w+)\}/)
      .map((part, index): string | [string] => (index % 2 ? [part] : part))
      .filter((part) => part !== '');
    compiled.set(message, parts);
  }
  return parts;
});

/** Switches to a locale once the given parts of its catalog (all unless told) are in. */
export async function activateLocale(
  locale: Locale,
  parts: CatalogPart[] = ALL_PARTS,
): Promise<void> {
  await Promise.all(parts.map((part) => loadPart(locale, part)));
  if (i18n.locale !== locale) {
    if (locale === 'en') i18n.load('en', {}); // its texts are in the code
    i18n.activate(locale);
  }
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
