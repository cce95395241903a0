/** The identity platform administration's texts (locales/platform-admin/), fetched with its screens in the reader's language. */
import { addTexts, type TextsLoader } from '../../lib/i18n.js';
import type { Catalogue } from '../../lib/translator.js';

const catalogues = import.meta.glob<Catalogue>('../../../locales/platform-admin/*.json', { import: 'default' });

const platformTexts: TextsLoader = async (locale) => {
  const load = catalogues[`../../../locales/platform-admin/${locale}.json`];
  if (!load) throw new Error(`No identity platform administration texts for locale ${locale}`);
  return load();
};

export const loadPlatformTexts = () => addTexts(platformTexts);
