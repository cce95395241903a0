/**
 * The reader's language: one catalogue loaded at a time (each locale is its own chunk, fetched
 * when chosen), picked from the user's own choice, else the browser's languages, else `en`.
 * Every screen reads its texts with this module's `useTranslation()` (the only translation hook).
 */
import { useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../shared/locales.js';
import { createTranslator, type Catalogue, type Translate } from './translator.js';

/** The product calls Swedish `se`; plural rules and `lang` attributes need its real code, `sv`. */
const LANGUAGE_CODE: Record<Locale, string> = { en: 'en', es: 'es', de: 'de', fr: 'fr', nl: 'nl', se: 'sv', pt: 'pt', pl: 'pl' };
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

export function languageCode(locale: Locale): string {
  return LANGUAGE_CODE[locale];
}

const loaders = import.meta.glob<Catalogue>('../../locales/*.json', { import: 'default' });
/**
 * The texts behind the first download are catalogues of their own, which the chunks that show
 * them bring along (`addTexts`): the session cards' (web/session/session-texts.ts), the signed-in
 * application's (web/lib/app-texts.ts), the account flows' beyond sign-in (web/account/flow-texts.ts)
 * and those of screens few people open (the OAuth2 provider's administration…). The first
 * download carries neither the texts nor the addresses of their chunks. Each joins the current
 * catalogue when first asked for, and is loaded again on every language switch.
 */
export type TextsLoader = (locale: Locale) => Promise<Catalogue>;
const extraTexts = new Set<TextsLoader>();

async function loadFrom(table: Record<string, () => Promise<Catalogue>>, path: string, locale: Locale): Promise<Catalogue> {
  const loader = table[path];
  if (!loader) throw new Error(`No catalogue for locale ${locale}`);
  return loader();
}

/**
 * Joins catalogues namespace by namespace. A namespace lives in one file, except `messages`,
 * whose settings and verification ids (105…, 108…) come with the session area and whose error
 * ids (4…, 5…) and registration and recovery ids (104…, 106…) with the flow texts
 * (web/account/flow-texts.ts).
 */
const isTexts = (value: unknown): value is Catalogue => typeof value === 'object' && value !== null;

function mergeCatalogues(...parts: Catalogue[]): Catalogue {
  const merged: Catalogue = {};
  for (const part of parts) {
    for (const [namespace, texts] of Object.entries(part)) {
      const existing = merged[namespace];
      merged[namespace] = isTexts(existing) && isTexts(texts) ? { ...existing, ...texts } : texts;
    }
  }
  return merged;
}

/**
 * The account interface's catalogue, plus those of the areas and screens in use: those added
 * while it loads too, or a language switch would drop a set that joined meanwhile.
 */
export async function loadCatalogue(locale: Locale): Promise<Catalogue> {
  const loaded = new Set(extraTexts);
  const parts = await Promise.all([loadFrom(loaders, `../../locales/${locale}.json`, locale), ...[...loaded].map((load) => load(locale))]);
  for (;;) {
    const added = [...extraTexts].filter((load) => !loaded.has(load));
    if (added.length === 0) return mergeCatalogues(...parts);
    for (const load of added) loaded.add(load);
    parts.push(...(await Promise.all(added.map((load) => load(locale)))));
  }
}

export interface I18nState {
  locale: Locale;
  catalogue: Catalogue;
  t: Translate;
  /** The BCP 47 code of the current language (`sv` for the catalogue `se`). */
  i18n: { language: string };
}

let state: I18nState = stateFor(DEFAULT_LOCALE, {});
const listeners = new Set<() => void>();

function stateFor(locale: Locale, catalogue: Catalogue): I18nState {
  const code = LANGUAGE_CODE[locale];
  return { locale, catalogue, t: createTranslator(catalogue, code), i18n: { language: code } };
}

/** Makes a loaded catalogue the current one (tests call it with a catalogue they imported). */
export function setCatalogue(locale: Locale, catalogue: Catalogue): void {
  state = stateFor(locale, catalogue);
  if (typeof document !== 'undefined') document.documentElement.lang = LANGUAGE_CODE[locale];
  for (const listener of listeners) listener();
}

export function currentLocale(): Locale {
  return state.locale;
}

export function i18nState(): I18nState {
  return state;
}

export function onLocaleChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Loads the visitor's catalogue before the first render. */
export async function initI18n(locale: Locale): Promise<void> {
  setCatalogue(locale, await loadCatalogue(locale));
}

const joining = new Map<TextsLoader, Promise<void>>();

/**
 * A screen family's texts join the current catalogue (and every later language switch) before
 * its screens render; a second caller waits for the first's. Several sets load at once, so each
 * is merged into the catalogue as it is when its file arrives (not as it was when asked for),
 * in the language shown then: one set never drops another, nor a switch of language.
 */
export function addTexts(load: TextsLoader): Promise<void> {
  let joined = joining.get(load);
  if (!joined) {
    extraTexts.add(load);
    joined = joinTexts(load);
    joining.set(load, joined);
    // A set that failed to arrive is asked for again by the next caller.
    joined.catch(() => joining.delete(load));
  }
  return joined;
}

async function joinTexts(load: TextsLoader): Promise<void> {
  for (;;) {
    const locale = state.locale;
    const texts = await load(locale);
    if (state.locale === locale) return setCatalogue(locale, mergeCatalogues(state.catalogue, texts));
  }
}

/** Switches language, fetching only that catalogue, and remembers it on this device. */
export async function changeLocale(locale: Locale): Promise<void> {
  if (locale !== state.locale) setCatalogue(locale, await loadCatalogue(locale));
  try {
    globalThis.localStorage?.setItem(LANGUAGE_CHOICE_KEY, locale);
  } catch {
    // Not remembered; the choice still applies to this page.
  }
}

const choiceListeners = new Set<(locale: Locale) => void>();

/** Told when the user picks a language themselves (the account keeps it as a setting). */
export function onLocaleChosen(listener: (locale: Locale) => void): () => void {
  choiceListeners.add(listener);
  return () => choiceListeners.delete(listener);
}

/** The user picked a language. */
export async function chooseLocale(locale: Locale): Promise<void> {
  await changeLocale(locale);
  for (const listener of choiceListeners) listener(locale);
}

/** `{ t, i18n: { language } }` for the current language; re-renders when it changes. */
export function useTranslation(): I18nState {
  return useSyncExternalStore(onLocaleChange, i18nState, i18nState);
}
