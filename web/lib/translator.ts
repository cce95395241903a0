/**
 * Texts from a locale catalogue, read the way i18next reads them (nested keys, `{{name}}`
 * placeholders, plural variants `_zero/_one/_two/_few/_many/_other` chosen by `count` with the
 * language's CLDR rules, `defaultValue` when a key is missing) in a few hundred bytes: the sign-in
 * page cannot afford i18next's 16 KB on its first download. locales/README.md describes the format.
 */
export type Catalogue = Record<string, unknown>;

export interface TranslateOptions {
  count?: number;
  defaultValue?: string;
  [name: string]: unknown;
}

export type Translate = (key: string, options?: TranslateOptions) => string;

function lookup(catalogue: Catalogue, key: string): unknown {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function interpolate(text: string, values: TranslateOptions): string {
  // A placeholder without a value stays as written, as i18next leaves it.
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (match, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? match : String(value);
  });
}

/** `languageCode` is the BCP 47 code whose plural rules apply (`sv` for the catalogue `se`). */
export function createTranslator(catalogue: Catalogue, languageCode: string): Translate {
  const plurals = new Intl.PluralRules(languageCode);
  return (key, options = {}) => {
    let value: unknown;
    if (typeof options.count === 'number') {
      const category = options.count === 0 ? 'zero' : plurals.select(options.count);
      value = lookup(catalogue, `${key}_${category}`);
      if (typeof value !== 'string' && category === 'zero') value = lookup(catalogue, `${key}_${plurals.select(0)}`);
      if (typeof value !== 'string') value = lookup(catalogue, `${key}_other`);
    }
    if (typeof value !== 'string') value = lookup(catalogue, key);
    if (typeof value !== 'string') value = options.defaultValue ?? key;
    return interpolate(value as string, options);
  };
}
