/**
 * The audit log's texts (locales/audit/), fetched with its screens and panels, so the signed-in
 * first load carries none of them.
 */
import { addTexts, type TextsLoader } from '../../lib/i18n.js';
import type { Catalogue } from '../../lib/translator.js';

const catalogues = import.meta.glob<Catalogue>('../../../locales/audit/*.json', { import: 'default' });

const auditTexts: TextsLoader = async (locale) => {
  const load = catalogues[`../../../locales/audit/${locale}.json`];
  if (!load) throw new Error(`No audit texts for locale ${locale}`);
  return load();
};

export const loadAuditTexts = () => addTexts(auditTexts);
