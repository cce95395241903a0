/** The locales the product is translated into; `se` is Swedish, as the catalogue names it. */
export const LOCALES = ['en', 'es', 'de', 'fr', 'nl', 'se', 'pt', 'pl'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
