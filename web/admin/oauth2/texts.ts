/** The OAuth2 administration's texts (locales/oauth2-admin/), fetched with its screens in the reader's language. */
import { addTexts, type TextsLoader } from '../../lib/i18n.js';
import type { Catalogue } from '../../lib/translator.js';

const catalogues = import.meta.glob<Catalogue>('../../../locales/oauth2-admin/*.json', { import: 'default' });

const oauth2Texts: TextsLoader = async (locale) => {
  const load = catalogues[`../../../locales/oauth2-admin/${locale}.json`];
  if (!load) throw new Error(`No OAuth2 administration texts for locale ${locale}`);
  return load();
};

export const loadOAuth2Texts = () => addTexts(oauth2Texts);
