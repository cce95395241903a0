import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../shared/locales.js';
import { MESSAGE_IDS } from '../../shared/message-ids.js';

// Guards the catalogues in locales/: same keys as English (plural variants per language), no empty
// text, the same placeholders, every identity message id, the same key order, and that i18next
// really resolves each language's plural forms without falling back to English.

const localesDir = fileURLToPath(new URL('../../locales/', import.meta.url));

/** i18next picks plural rules by language code; `se` is Swedish here but Northern Sami there. */
const I18NEXT_CODE: Record<Locale, string> = {
  en: 'en',
  es: 'es',
  de: 'de',
  fr: 'fr',
  nl: 'nl',
  se: 'sv',
  pt: 'pt',
  pl: 'pl',
};

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Placeholders the client computes from a message's context (see locales/README.md). */
const COMPUTED_FROM: Record<string, readonly string[]> = {
  minutes: ['privileged_session_expires_at_unix', 'expired_at_unix'],
  date: ['used_at_unix'],
};
/** The values that may select a message's plural form, in the client's order of preference. */
const COUNT_SOURCES = ['minutes', 'min_length', 'max_length', 'min_items', 'max_items', 'breaches'];

type Flat = Map<string, string>;

interface Entry {
  /** plural category → text; a key without plural variants has the single category ''. */
  forms: Map<string, string>;
}

/**
 * A locale's catalogue is nine files: the account interface's (`<locale>.json`, loaded by the
 * sign-in page), the account flows' texts beyond the sign-in card's first view (`flows/<locale>.json`,
 * fetched with the other cards and a flow's first answer), the session cards' (`session/<locale>.json`), the signed-in areas' (`app/<locale>.json`), the OAuth2 administration's
 * (`oauth2-admin/<locale>.json`, fetched with its screens), the identity platform administration's
 * (`platform-admin/<locale>.json`, likewise), the explanation of a person's access to a project
 * (`access/<locale>.json`, fetched with the screens showing it), the audit log's (`audit/<locale>.json`,
 * fetched with its screens and panels) and the PDF report's
 * (`report/<locale>.json`, read by the server). Checked as one, so a key moved between them is
 * still a key, and no namespace may be in two but `messages`, whose ids may be in only one.
 */
const FILES = (locale: Locale) => [
  `${locale}.json`,
  `flows/${locale}.json`,
  `session/${locale}.json`,
  `app/${locale}.json`,
  `oauth2-admin/${locale}.json`,
  `platform-admin/${locale}.json`,
  `access/${locale}.json`,
  `audit/${locale}.json`,
  `report/${locale}.json`,
];

function readCatalogueTexts(locale: Locale): { file: string; text: string }[] {
  return FILES(locale).map((file) => ({ file, text: readFileSync(`${localesDir}${file}`, 'utf8') }));
}

/** JSON.parse keeps the last of two equal keys silently; concurrent edits make that likely. */
function duplicateKeys(text: string): string[] {
  const dupes: string[] = [];
  const stack: { keys: Set<string>; isObject: boolean }[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '{' || ch === '[') {
      stack.push({ keys: new Set(), isObject: ch === '{' });
      i++;
    } else if (ch === '}' || ch === ']') {
      stack.pop();
      i++;
    } else if (ch === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      const str = JSON.parse(text.slice(i, j + 1)) as string;
      let k = j + 1;
      while (/\s/.test(text[k] ?? '')) k++;
      const top = stack[stack.length - 1];
      if (text[k] === ':' && top?.isObject) {
        if (top.keys.has(str)) dupes.push(str);
        top.keys.add(str);
      }
      i = j + 1;
    } else {
      i++;
    }
  }
  return dupes;
}

function flatten(value: unknown, prefix: string, out: Flat, problems: string[]): Flat {
  if (typeof value === 'string') {
    out.set(prefix, value);
  } else if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      flatten(child, prefix ? `${prefix}.${key}` : key, out, problems);
    }
  } else {
    problems.push(`${prefix}: expected a string or an object, found ${JSON.stringify(value)}`);
  }
  return out;
}

/** Groups `key_one`/`key_other`… under `key`, keeping the order of first appearance. */
function group(flat: Flat): Map<string, Entry> {
  const entries = new Map<string, Entry>();
  for (const [key, text] of flat) {
    const match = PLURAL_SUFFIX.exec(key);
    const base = match ? key.slice(0, match.index) : key;
    const category = match ? match[1]! : '';
    const entry = entries.get(base) ?? { forms: new Map<string, string>() };
    entry.forms.set(category, text);
    entries.set(base, entry);
  }
  return entries;
}

function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}/g)].map((m) => m[1]!))].sort();
}

function placeholderSet(entry: Entry): string[] {
  return [...new Set([...entry.forms.values()].flatMap(placeholders))].sort();
}

function pluralCategories(locale: Locale): string[] {
  return [...new Intl.PluralRules(I18NEXT_CODE[locale]).resolvedOptions().pluralCategories].sort();
}

/** Everything that makes `candidate` disagree with the English reference; [] when it agrees. */
function compareWithEnglish(locale: Locale, candidate: Map<string, Entry>, english: Map<string, Entry>): string[] {
  const problems: string[] = [];
  for (const base of english.keys()) {
    if (!candidate.has(base)) problems.push(`${locale}: missing key ${base}`);
  }
  for (const base of candidate.keys()) {
    if (!english.has(base)) problems.push(`${locale}: key ${base} is not in en`);
  }
  const order = (m: Map<string, Entry>, other: Map<string, Entry>) => [...m.keys()].filter((k) => other.has(k));
  const expectedOrder = order(english, candidate);
  const actualOrder = order(candidate, english);
  const firstOutOfOrder = actualOrder.findIndex((k, i) => k !== expectedOrder[i]);
  if (firstOutOfOrder >= 0) {
    problems.push(`${locale}: key ${actualOrder[firstOutOfOrder]} is out of en's order`);
  }
  for (const [base, enEntry] of english) {
    const entry = candidate.get(base);
    if (!entry) continue;
    const enPlural = !enEntry.forms.has('');
    const categories = [...entry.forms.keys()].sort();
    if (enPlural) {
      const expected = pluralCategories(locale);
      if (categories.join() !== expected.join()) {
        problems.push(`${locale}: ${base} has plural forms [${categories}], expected [${expected}]`);
      }
    } else if (categories.join() !== '') {
      problems.push(`${locale}: ${base} has plural forms but en has none`);
    }
    const expectedPlaceholders = placeholderSet(enEntry).join();
    for (const [category, text] of entry.forms) {
      const name = category ? `${base}_${category}` : base;
      if (text.trim() === '') problems.push(`${locale}: ${name} is empty`);
      const found = placeholders(text).join();
      if (found !== expectedPlaceholders) {
        problems.push(`${locale}: ${name} has placeholders [${found}], en has [${expectedPlaceholders}]`);
      }
    }
  }
  return problems;
}

const parsed = new Map<Locale, { texts: { file: string; text: string }[]; catalogue: Record<string, unknown>; flat: Flat; entries: Map<string, Entry>; shapeProblems: string[] }>();
for (const locale of LOCALES) {
  const texts = readCatalogueTexts(locale);
  const shapeProblems: string[] = [];
  const catalogue: Record<string, unknown> = {};
  for (const { file, text } of texts) {
    try {
      const part = JSON.parse(text) as Record<string, unknown>;
      for (const [namespace, texts] of Object.entries(part)) {
        const earlier = catalogue[namespace] as Record<string, unknown> | undefined;
        if (namespace === 'messages' && earlier) {
          for (const id of Object.keys(texts as object)) if (id in earlier) shapeProblems.push(`${file}: message ${id} is also in another file`);
          catalogue.messages = { ...earlier, ...(texts as object) };
        } else {
          if (earlier) shapeProblems.push(`${file}: namespace ${namespace} is also in another file`);
          catalogue[namespace] = texts;
        }
      }
    } catch (error) {
      shapeProblems.push(`${file} is not valid JSON: ${(error as Error).message}`);
    }
  }
  const flat = flatten(catalogue, '', new Map(), shapeProblems);
  parsed.set(locale, { texts, catalogue, flat, entries: group(flat), shapeProblems });
}
const english = parsed.get('en')!;

describe('locale catalogues', () => {
  it.each(LOCALES)('%s is valid JSON of nested objects and strings, without duplicate keys', (locale) => {
    const { texts, shapeProblems } = parsed.get(locale)!;
    expect(shapeProblems).toEqual([]);
    for (const { text } of texts) expect(duplicateKeys(text)).toEqual([]);
  });

  it('en has text for every identity message id, and no other ids', () => {
    const messageBases = [...english.entries.keys()].filter((k) => k.startsWith('messages.')).map((k) => k.slice('messages.'.length));
    const ids = MESSAGE_IDS.map((m) => String(m.id));
    expect(ids.filter((id) => !messageBases.includes(id))).toEqual([]);
    expect(messageBases.filter((id) => !ids.includes(id))).toEqual([]);
  });

  it('en messages use only their context keys and the placeholders the client computes from them', () => {
    const problems: string[] = [];
    for (const { id, contextKeys } of MESSAGE_IDS) {
      const entry = english.entries.get(`messages.${id}`);
      if (!entry) continue;
      for (const name of placeholderSet(entry)) {
        const sources = COMPUTED_FROM[name];
        const allowed = sources ? sources.some((k) => contextKeys.includes(k)) : contextKeys.includes(name);
        if (!allowed) problems.push(`${id}: {{${name}}} is not in its context [${contextKeys}]`);
      }
      for (const [name, sources] of Object.entries(COMPUTED_FROM)) {
        if (sources.some((k) => contextKeys.includes(k)) && !placeholderSet(entry).includes(name)) {
          problems.push(`${id}: carries ${sources.filter((k) => contextKeys.includes(k))} but its text lacks {{${name}}}`);
        }
      }
      if (!entry.forms.has('') && !COUNT_SOURCES.some((s) => placeholderSet(entry).includes(s))) {
        problems.push(`${id}: plural without a count source (${COUNT_SOURCES.join(', ')})`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('en keeps the texts the specification fixes word for word', () => {
    const t = (key: string) => english.flat.get(key);
    expect(t('login.title')).toBe('Sign in');
    expect(t('login.refreshTitle')).toBe("Confirm it's you");
    expect(t('login.aal2Title')).toBe('Two-Factor Authentication');
    expect(t('login.oauth2Subtitle')).toBe('To authenticate {{clientName}}');
    expect(t('registration.title')).toBe('Register an account');
    expect(t('settings.title')).toBe('Account Settings');
    expect(t('consent.defaultClientName')).toBe('Unnamed Client');
    expect(t('logout.question')).toBe('Do you wish to log out?');
    expect(t('error.notFoundTitle')).toBe('404 - Page not found');
    expect(t('error.contact')).toBe('If the problem persists, please contact {{email}}');
    expect(t('admin.uploadTitle')).toBe('Upload file');
    expect(t('messages.1050001')).toBe('Your changes have been saved!');
    expect(t('messages.1080002')).toBe('You successfully verified your email address.');
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s has exactly the keys, order, plural forms and placeholders of en', (locale) => {
    expect(compareWithEnglish(locale, parsed.get(locale)!.entries, english.entries)).toEqual([]);
  });

  it('en itself has no empty text and consistent placeholders across its plural forms', () => {
    expect(compareWithEnglish('en', english.entries, english.entries)).toEqual([]);
  });

  it('the comparison reports a missing key, a changed placeholder and a missing plural form', () => {
    const german = new Map([...parsed.get('de')!.entries].map(([k, v]) => [k, { forms: new Map(v.forms) }]));
    german.delete('login.title');
    german.get('error.contact')!.forms.set('', 'Kontakt: {{mail}}');
    german.get('messages.4010001')!.forms.delete('one');
    const problems = compareWithEnglish('de', german, english.entries);
    expect(problems).toContain('de: missing key login.title');
    expect(problems).toContain('de: error.contact has placeholders [mail], en has [email]');
    expect(problems).toContain('de: messages.4010001 has plural forms [other], expected [one,other]');
  });

  it('the duplicate-key scan finds a key given twice in one object', () => {
    expect(duplicateKeys('{"a":{"b":"x","c":"y","b":"z"},"b":["b"]}')).toEqual(['b']);
  });

  it.each(LOCALES)('i18next resolves %s plural forms in that language, for every count', async (locale) => {
    const code = I18NEXT_CODE[locale];
    const instance = i18next.createInstance();
    await instance.init({
      lng: code,
      fallbackLng: false,
      resources: { [code]: { translation: parsed.get(locale)!.catalogue } },
      interpolation: { escapeValue: false },
    });
    const own = new Set(parsed.get(locale)!.flat.values());
    for (const [base, entry] of english.entries) {
      if (entry.forms.has('')) continue;
      for (const count of [0, 1, 2, 3, 5, 12, 22, 25, 101, 1_000_000]) {
        const values = Object.fromEntries(placeholderSet(entry).map((p) => [p, count]));
        const text = instance.t(base, { ...values, count });
        expect(text, `${locale} ${base} count=${count}`).not.toBe(base);
        expect(text).toContain(String(count));
        // The result must come from one of this catalogue's own plural forms.
        const template = [...(parsed.get(locale)!.entries.get(base)?.forms.values() ?? [])].some((form) => own.has(form) && form.replace(/\{\{[^}]+\}\}/g, String(count)) === text);
        expect(template, `${locale} ${base} count=${count}: ${text}`).toBe(true);
      }
    }
  });

  it.each(LOCALES)('%s is written in Latin script only (no look-alike Cyrillic or Greek letters)', (locale) => {
    const foreign = [...parsed.get(locale)!.flat].filter(([, text]) => /[\u0370-\u03ff\u0400-\u04ff]/.test(text));
    expect(foreign.map(([k]) => k)).toEqual([]);
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s uses typographic quotes, not straight ones', (locale) => {
    const straight = [...parsed.get(locale)!.flat].filter(([, text]) => /["']/.test(text)).map(([k]) => k);
    expect(straight).toEqual([]);
  });
});
