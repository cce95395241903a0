/**
 * The texts of "what may this person do here, and why" (locales/access/), fetched with the screens
 * that show it (a project's people, a person's page in the administration), so the signed-in
 * first load carries none of them.
 */
import { addTexts, type TextsLoader } from '../../lib/i18n.js';
import type { Catalogue } from '../../lib/translator.js';

const catalogues = import.meta.glob<Catalogue>('../../../locales/access/*.json', { import: 'default' });

const accessTexts: TextsLoader = async (locale) => {
  const load = catalogues[`../../../locales/access/${locale}.json`];
  if (!load) throw new Error(`No access texts for locale ${locale}`);
  return load();
};

export const loadAccessTexts = () => addTexts(accessTexts);
