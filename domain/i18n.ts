// Languages of the product and the shape of a translatable message. Messages are Lingui
// descriptors marked for extraction; their id is the English text, so an untranslated
// message still reads correctly.
export const LOCALES = ['en', 'sw'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

export interface Message {
  id: string;
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
