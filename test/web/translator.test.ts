/**
 * The client's own translator gives the same text as i18next for every key of every catalogue,
 * with and without a count (plural forms of each language) and with placeholders filled.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../shared/locales.js';
import { createTranslator, type Catalogue } from '../../web/lib/translator.js';

const CODE: Record<string, string> = { se: 'sv' };
const COUNTS = [0, 1, 2, 3, 5, 11, 21, 22, 25, 101, 1_000_000];

function keysOf(catalogue: Catalogue, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([key, value]) => (typeof value === 'object' && value !== null ? keysOf(value as Catalogue, `${prefix}${key}.`) : [`${prefix}${key}`]));
}

describe('translator', () => {
  // Each locale's two catalogues: the account interface's and the signed-in areas' (locales/app/).
  for (const [locale, file] of LOCALES.flatMap((l) => [`${l}.json`, `app/${l}.json`].map((f) => [l, f] as const))) {
    it(`reads ${file} as i18next does`, async () => {
      const catalogue = JSON.parse(readFileSync(fileURLToPath(new URL(`../../locales/${file}`, import.meta.url)), 'utf8')) as Catalogue;
      const code = CODE[locale] ?? locale;
      const reference = i18next.createInstance();
      await reference.init({ lng: code, fallbackLng: false, resources: { [code]: { translation: catalogue } }, interpolation: { escapeValue: false } });
      const t = createTranslator(catalogue, code);
      const values = { title: 'T', name: 'N', email: 'e@x', reason: 'R', provider: 'github', clientName: 'App', text: 'X', value: 'v', minutes: 7, date: 'D', secret: 'S' };
      const bases = new Set(keysOf(catalogue).map((key) => key.replace(/_(zero|one|two|few|many|other)$/, '')));
      for (const key of bases) {
        expect(t(key, values), key).toBe(reference.t(key, values));
        for (const count of COUNTS) expect(t(key, { ...values, count }), `${key} ${count}`).toBe(reference.t(key, { ...values, count }));
      }
      expect(t('messages.9999999', { defaultValue: 'Server text {{x}}', x: 1 })).toBe(reference.t('messages.9999999', { defaultValue: 'Server text {{x}}', x: 1 }));
    });
  }
});
