import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../shared/locales.js';
import type { UiText } from '../../shared/identity-flow.js';
import { messageText } from '../../web/lib/message-text.js';
import { createTranslator, type Catalogue } from '../../web/lib/translator.js';

const localesDir = fileURLToPath(new URL('../../locales/', import.meta.url));
const read = (file: string) => JSON.parse(readFileSync(`${localesDir}${file}`, 'utf8')) as Catalogue & { messages: Record<string, string> };
/** The account interface's texts with the flows', as a card has them after an answer. */
function catalogue(locale: string): Catalogue {
  const main = read(`${locale}.json`);
  const flows = read(`flows/${locale}.json`);
  return { ...main, ...flows, messages: { ...main.messages, ...flows.messages } };
}
const english = createTranslator(catalogue('en'), 'en');

const secret = (context: Record<string, unknown> | undefined, text = 'JBSWY3DPEHPK3PXP'): UiText => ({ id: 1050006, text, type: 'info', ...(context ? { context } : {}) });

describe('identity message texts', () => {
  it('shows the TOTP secret from the context, else the service text that carries it', () => {
    expect(messageText(english, secret({ secret: 'ABCDEFGH' }, 'ABCDEFGH'), 'en')).toBe('ABCDEFGH');
    expect(messageText(english, secret({}), 'en')).toBe('JBSWY3DPEHPK3PXP');
    expect(messageText(english, secret(undefined), 'en')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('never shows a raw placeholder: not from the catalogue, not from the service text', () => {
    const problems: string[] = [];
    for (const locale of LOCALES) {
      const messages = catalogue(locale).messages as Record<string, string>;
      const t = createTranslator(catalogue(locale), locale === 'se' ? 'sv' : locale);
      const ids = new Set(Object.keys(messages).map((key) => Number(key.replace(/_\w+$/, ''))));
      for (const id of ids) {
        for (const serverText of ['The service says so.', 'Between {{min}} and {{max}} characters.']) {
          const shown = messageText(t, { id, text: serverText, type: 'error', context: {} }, locale);
          if (/\{\{|\}\}/.test(shown)) problems.push(`${locale} ${id}: ${shown}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('keeps catalogue texts whose placeholders the context fills, in the reader’s language', () => {
    const german = createTranslator(catalogue('de'), 'de');
    const title = { id: 1070002, text: 'E-Mail', type: 'info' as const, context: { title: 'E-Mail', name: 'traits.email' } };
    expect(messageText(german, title, 'de')).toBe('E-Mail');
    const tooShort = { id: 4000003, text: 'length must be >= 8, but got 3', type: 'error' as const, context: { min_length: 8, actual_length: 3 } };
    const shown = messageText(german, tooShort, 'de');
    expect(shown).toContain('8');
    expect(shown).not.toBe(tooShort.text);
  });
});
