/**
 * What the provider's own HTML pages share: the reader's language and the session cards' texts
 * in it, escaping, and the CSP source that allows one fixed inline script or style by its hash
 * (each page sends its own policy, which the gateway passes on in place of its own).
 */
import { createHash } from 'node:crypto';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../../shared/locales.js';

export interface PageTexts {
  logout: { signingOut: string; continue: string };
  consent: { returning: string; continue: string };
}

// One literal import per locale, so the compiler copies each catalogue beside the built server.
const CATALOGUES: Record<Locale, () => Promise<{ default: PageTexts }>> = {
  en: () => import('../../../locales/session/en.json', { with: { type: 'json' } }),
  es: () => import('../../../locales/session/es.json', { with: { type: 'json' } }),
  de: () => import('../../../locales/session/de.json', { with: { type: 'json' } }),
  fr: () => import('../../../locales/session/fr.json', { with: { type: 'json' } }),
  nl: () => import('../../../locales/session/nl.json', { with: { type: 'json' } }),
  se: () => import('../../../locales/session/se.json', { with: { type: 'json' } }),
  pt: () => import('../../../locales/session/pt.json', { with: { type: 'json' } }),
  pl: () => import('../../../locales/session/pl.json', { with: { type: 'json' } }),
};

export async function pageTexts(locale: Locale): Promise<PageTexts> {
  return (await CATALOGUES[locale]()).default;
}

/** The first language of Accept-Language the product speaks (Swedish is `sv` there, `se` here). */
export function pageLocale(acceptLanguage: string | undefined): Locale {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const primary = part.split(';')[0]!.trim().split('-')[0]!.toLowerCase();
    const locale = primary === 'sv' ? 'se' : primary;
    if ((LOCALES as readonly string[]).includes(locale)) return locale as Locale;
  }
  return DEFAULT_LOCALE;
}

/** The page's `lang`: the catalogue's `se` is the language tag `sv`. */
export const htmlLang = (locale: Locale): string => (locale === 'se' ? 'sv' : locale);

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const hashSource = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
