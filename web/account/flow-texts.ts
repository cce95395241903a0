/**
 * The account cards' texts that the sign-in card does not show before an answer
 * (locales/flows/): the identity service's error messages (`messages` ids 4… and 5…), the flows'
 * own notices, and the registration and recovery cards' texts. They join the catalogue (and
 * every later language switch) with those cards, when a submission starts (beside its
 * request), when a request fails, and before a flow that brings a message the catalogue lacks
 * is shown, so a refused sign-in still reads in the reader's language.
 */
import type { FlowBase, UiText } from '../../shared/identity-flow.js';
import { addTexts, i18nState, type TextsLoader } from '../lib/i18n.js';
import type { Catalogue } from '../lib/translator.js';

const catalogues = import.meta.glob<Catalogue>('../../locales/flows/*.json', { import: 'default' });

const flowTexts: TextsLoader = async (locale) => {
  const load = catalogues[`../../locales/flows/${locale}.json`];
  if (!load) throw new Error(`No flow texts for locale ${locale}`);
  return load();
};

let loading: Promise<void> | undefined;
let loaded = false;

/** Resolves once the flow texts are in the catalogue (at once when they already are). */
export function loadFlowTexts(): Promise<void> {
  loading ??= addTexts(flowTexts).then(() => {
    loaded = true;
  });
  return loading;
}

export const flowTextsLoaded = () => loaded;

/** Whether the flow shows a message (or labels a node with one) whose text the catalogue lacks. */
export function lacksFlowTexts(flow: Pick<FlowBase, 'ui'>): boolean {
  const known = (i18nState().catalogue.messages ?? {}) as Record<string, unknown>;
  const { messages = [], nodes } = flow.ui;
  const texts: (UiText | undefined)[] = [...messages, ...nodes.flatMap((node) => [...node.messages, node.meta.label])];
  return texts.some((text) => text !== undefined && !(text.id in known) && !(`${text.id}_other` in known));
}
