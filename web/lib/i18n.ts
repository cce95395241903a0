/**
 * i18next with one catalogue loaded at a time: each locale is its own chunk, fetched when the
 * language is chosen. The language is the user's own setting, else the browser's, else `en`.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../shared/locales.js';

/** The product calls Swedish `se`; i18next picks plural rules by code, and `se` is Sami there. */
const I18NEXT_CODE: Record<Locale, string> = { en: 'en', es: 'es', de: 'de', fr: 'fr', nl: 'nl', se: 'sv', pt: 'pt', pl: 'pl' };
const LANGUAGE_CHOICE_KEY = 'language';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Maps a BCP 47 tag (`de-AT`, `sv-SE`) to a product locale. */
export function localeFromTag(tag: string | undefined | null): Locale | undefined {
  if (!tag) return undefined;
  const base = tag.toLowerCase().split(/[-_]/)[0];
  if (base === 'sv') return 'se';
  return isLocale(base) ? base : undefined;
}

export function pickLocale(userSetting: string | null | undefined, browserLanguages: readonly string[]): Locale {
  const chosen = localeFromTag(userSetting);
  if (chosen) return chosen;
  for (const tag of browserLanguages) {
    const locale = localeFromTag(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

export function storedLanguageChoice(): string | null {
  try {
    return globalThis.localStorage?.getItem(LANGUAGE_CHOICE_KEY) ?? null;
  } catch {
    return null;
  }
}

type Catalogue = Record<string, unknown>;
const loaders = import.meta.glob<Catalogue>('../../locales/*.json', { import: 'default' });

export async function loadCatalogue(locale: Locale): Promise<Catalogue> {
  const loader = loaders[`../../locales/${locale}.json`];
  if (!loader) throw new Error(`No catalogue for locale ${locale}`);
  return loader();
}

export function i18nextCode(locale: Locale): string {
  return I18NEXT_CODE[locale];
}

export function currentLocale(instance: I18n = i18next): Locale {
  const code = instance.language;
  return code === 'sv' ? 'se' : isLocale(code) ? code : DEFAULT_LOCALE;
}

/** Starts i18next with the locale picked for this visitor; resolves once its texts are loaded. */
export async function initI18n(locale: Locale, instance: I18n = i18next): Promise<I18n> {
  const resources = await loadCatalogue(locale);
  await instance.use(initReactI18next).init({
    lng: I18NEXT_CODE[locale],
    fallbackLng: false,
    resources: { [I18NEXT_CODE[locale]]: { translation: resources } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = I18NEXT_CODE[locale];
  return instance;
}

/** Switches language: loads that one catalogue, then changes; remembers the user's choice. */
export async function changeLocale(locale: Locale, instance: I18n = i18next): Promise<void> {
  const code = I18NEXT_CODE[locale];
  if (!instance.hasResourceBundle(code, 'translation')) {
    instance.addResourceBundle(code, 'translation', await loadCatalogue(locale));
  }
  await instance.changeLanguage(code);
  document.documentElement.lang = code;
  try {
    globalThis.localStorage?.setItem(LANGUAGE_CHOICE_KEY, locale);
  } catch {
    // Not remembered; the choice still applies to this page.
  }
}
