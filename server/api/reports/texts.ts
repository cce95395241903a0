/**
 * The report's texts in the reader's language, from locales/report/<locale>.json (the `report`
 * namespace): only the chosen catalogue is loaded. Numbers use the language's separators and a
 * true minus sign, so "−67 dBm" reads as the requirement it is in every language.
 */
import type { Locale } from '../../../shared/locales.js';

type Catalogue = { [key: string]: string | Catalogue };

// One literal import per locale, so the compiler copies each catalogue beside the built server.
const CATALOGUES: Record<Locale, () => Promise<{ default: Catalogue }>> = {
  en: () => import('../../../locales/report/en.json', { with: { type: 'json' } }),
  es: () => import('../../../locales/report/es.json', { with: { type: 'json' } }),
  de: () => import('../../../locales/report/de.json', { with: { type: 'json' } }),
  fr: () => import('../../../locales/report/fr.json', { with: { type: 'json' } }),
  nl: () => import('../../../locales/report/nl.json', { with: { type: 'json' } }),
  se: () => import('../../../locales/report/se.json', { with: { type: 'json' } }),
  pt: () => import('../../../locales/report/pt.json', { with: { type: 'json' } }),
  pl: () => import('../../../locales/report/pl.json', { with: { type: 'json' } }),
};

/** The product calls Swedish `se`; Intl needs its real code. */
const LANGUAGE_CODE: Record<Locale, string> = { en: 'en', es: 'es', de: 'de', fr: 'fr', nl: 'nl', se: 'sv', pt: 'pt-BR', pl: 'pl' };

export interface ReportTexts {
  locale: Locale;
  /** BCP 47, for Intl and the document's language. */
  language: string;
  t(key: string, values?: Record<string, string | number>): string;
  number(value: number, fractionDigits?: number): string;
  /** A value with its unit, e.g. "−67 dBm". */
  measure(value: number, unit: string, fractionDigits?: number): string;
  percent(value: number): string;
  date(value: Date): string;
}

function lookup(catalogue: Catalogue, key: string): string {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`The report catalogue has no text ${key}`);
  return node;
}

export async function reportTexts(locale: Locale): Promise<ReportTexts> {
  const catalogue = (await CATALOGUES[locale]()).default;
  const language = LANGUAGE_CODE[locale];
  const formats = new Map<number, Intl.NumberFormat>();
  const number = (value: number, fractionDigits = 0) => {
    let format = formats.get(fractionDigits);
    if (!format) formats.set(fractionDigits, (format = new Intl.NumberFormat(language, { maximumFractionDigits: fractionDigits })));
    return format.format(value).replace('-', '\u2212');
  };
  // A tenth of a percent matters at the top: 99.6 % is not everything.
  const percentOf = (value: number) => new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: value > 99 && value < 100 ? 1 : 0 }).format(value / 100);
  return {
    locale,
    language,
    t: (key, values = {}) => lookup(catalogue, `report.${key}`).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? '')),
    number,
    measure: (value, unit, fractionDigits = 0) => `${number(value, fractionDigits)}\u00a0${unit}`,
    percent: percentOf,
    date: (value) => new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(value),
  };
}
