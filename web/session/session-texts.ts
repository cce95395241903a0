/**
 * The texts of the cards that load the session (settings, verification, consent, logout, error,
 * and the settings and verification messages: locales/session/), fetched with the session area,
 * so the sign-in page carries none of them.
 */
import { addTexts, type TextsLoader } from '../lib/i18n.js';
import type { Catalogue } from '../lib/translator.js';

const catalogues = import.meta.glob<Catalogue>('../../locales/session/*.json', { import: 'default' });

const sessionTexts: TextsLoader = async (locale) => {
  const load = catalogues[`../../locales/session/${locale}.json`];
  if (!load) throw new Error(`No session texts for locale ${locale}`);
  return load();
};

export const loadSessionTexts = () => addTexts(sessionTexts);
