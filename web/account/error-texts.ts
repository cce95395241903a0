/**
 * The identity service's error messages (`messages` ids 4… and 5…) and the flows' own notices
 * (locales/errors/): a card shows none of them before an answer, so the sign-in page's first
 * download carries none. They join the catalogue (and every later language switch) when a flow
 * brings such a message, when a submission starts (beside its request) and when a request fails.
 */
import type { FlowBase } from '../../shared/identity-flow.js';
import { addTexts, type TextsLoader } from '../lib/i18n.js';
import type { Catalogue } from '../lib/translator.js';

const catalogues = import.meta.glob<Catalogue>('../../locales/errors/*.json', { import: 'default' });

const errorTexts: TextsLoader = async (locale) => {
  const load = catalogues[`../../locales/errors/${locale}.json`];
  if (!load) throw new Error(`No error texts for locale ${locale}`);
  return load();
};

let loading: Promise<void> | undefined;
let loaded = false;

/** Resolves once the error texts are in the catalogue (at once when they already are). */
export function loadErrorTexts(): Promise<void> {
  loading ??= addTexts(errorTexts).then(() => {
    loaded = true;
  });
  return loading;
}

export const errorTextsLoaded = () => loaded;

/** The first id of the service's error messages; every id below it is in the first catalogue. */
const FIRST_ERROR_ID = 4_000_000;

/** Whether the flow shows a message whose text is in the error catalogue. */
export function showsErrorText(flow: Pick<FlowBase, 'ui'>): boolean {
  const { messages = [], nodes } = flow.ui;
  return [...messages, ...nodes.flatMap((node) => node.messages)].some((message) => message.id >= FIRST_ERROR_ID);
}
