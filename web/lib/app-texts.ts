/**
 * The signed-in application's texts (shell, survey, administration and their shared pieces:
 * locales/app/), fetched by the pages that show them: the shell, a project's read-only link and
 * the invitation page. The sign-in page carries none of them.
 */
import { addTexts, type TextsLoader } from './i18n.js';
import type { Catalogue } from './translator.js';

const catalogues = import.meta.glob<Catalogue>('../../locales/app/*.json', { import: 'default' });

const appTexts: TextsLoader = async (locale) => {
  const load = catalogues[`../../locales/app/${locale}.json`];
  if (!load) throw new Error(`No app texts for locale ${locale}`);
  return load();
};

export const loadAppTexts = () => addTexts(appTexts);
