/**
 * Sets of texts joining the catalogue while others load, and while the reader switches
 * language: none drops another, and each ends in the language shown. (Sets arriving in another
 * order than asked for lost a set's texts, and a page waited for a heading that never came.)
 */
import { expect, it } from 'vitest';
import de from '../../locales/de.json' with { type: 'json' };
import type { Locale } from '../../shared/locales.js';
import { addTexts, changeLocale, i18nState, setCatalogue } from '../../web/lib/i18n.js';

/** A set of texts whose file arrives when the test says so, and at once after release(): the catalogue keeps it for every later switch. */
function heldSet(name: string) {
  const waiting: { locale: Locale; arrive: () => void }[] = [];
  let released = false;
  const texts = (locale: Locale) => ({ [name]: { title: `${name} in ${locale}` } });
  const load = (locale: Locale) =>
    released
      ? Promise.resolve(texts(locale))
      : new Promise<Record<string, Record<string, string>>>((resolve) => {
          waiting.push({ locale, arrive: () => resolve(texts(locale)) });
        });
  const release = () => {
    released = true;
    for (const { arrive } of waiting) arrive();
  };
  return { load, waiting, release };
}

const text = (namespace: string) => (i18nState().catalogue[namespace] as Record<string, string> | undefined)?.title;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

it('keeps both of two sets that arrive in the other order than asked for', async () => {
  setCatalogue('de', de);
  const first = heldSet('first');
  const second = heldSet('second');
  const joined = [addTexts(first.load), addTexts(second.load)];
  await settle();
  second.waiting[0]!.arrive();
  first.waiting[0]!.arrive();
  await Promise.all(joined);
  expect([i18nState().locale, text('first'), text('second')]).toEqual(['de', 'first in de', 'second in de']);
  // Asked for again, a set already there is not fetched again.
  await addTexts(first.load);
  expect(first.waiting).toHaveLength(1);
  first.release();
  second.release();
});

it('ends in the language chosen while a set was on its way, with the set in that language', async () => {
  setCatalogue('de', de);
  const late = heldSet('late');
  const joined = addTexts(late.load);
  await settle();
  // The reader switches to French before the German set arrives.
  const switched = changeLocale('fr');
  await settle();
  late.release();
  await Promise.all([joined, switched]);
  expect([i18nState().locale, text('late')]).toEqual(['fr', 'late in fr']);
});
