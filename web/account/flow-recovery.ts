/**
 * Recovering from a refused flow request: show the flow the answer carries, pick up the
 * replacement, start over (telling the reader why), or leave for the page the answer names.
 * A second refusal in a row goes to the error card instead of looping.
 */
import type { FlowByKind, FlowKind, UiText } from '../../shared/identity-flow.js';
import { appHome, goTo } from '../lib/navigate.js';
import { toastStore } from '../ui/toast-store.js';
import { createFlow, getFlow } from './flow-api.js';
import { classifyFlowError, errorPageUrl } from './flow-errors.js';
import { pageParams } from './flow-start.js';

export interface FlowRecovery<K extends FlowKind> {
  kind: K;
  show: (flow: FlowByKind[K]) => void;
  setNotices: (notices: UiText[]) => void;
  /** Read when needed, so a language switch in between is honoured. */
  translate: (key: string) => string;
}

export async function recoverFromFlowError<K extends FlowKind>(recovery: FlowRecovery<K>, error: unknown, retried = false): Promise<void> {
  const { kind, show, setNotices } = recovery;
  const again = (next: unknown) => recoverFromFlowError(recovery, next, true);
  const action = classifyFlowError(kind, error);
  switch (action.type) {
    case 'flow':
      return show(action.flow as FlowByKind[K]);
    case 'use-flow':
      setNotices([]);
      return getFlow(kind, action.id).then(show, (next) => (retried ? goTo(errorPageUrl(next)) : again(next)));
    case 'restart': {
      if (action.notice === 'csrf') {
        const text = recovery.translate('flow.csrfRestarted');
        // Shown on the card (it stays) and as a toast (it is noticed).
        setNotices([{ id: 0, type: 'error', text }]);
        toastStore.show(text, 'error');
      } else if (action.notice === 'notFound') {
        // As for an expired form (410): the reader learns why the form is empty again.
        setNotices([{ id: 0, type: 'error', text: recovery.translate('flow.notFoundRestarted') }]);
      } else {
        setNotices(action.message ? [action.message] : []);
      }
      if (retried) return goTo(errorPageUrl(error));
      return createFlow(kind, pageParams(kind)).then(show, again);
    }
    case 'redirect':
      return goTo(action.to);
    case 'app':
      return goTo(appHome(pageParams(kind).return_to));
    case 'login':
      // The identity service accepts only absolute return addresses on its allow list.
      return goTo(`/login?return_to=${encodeURIComponent(window.location.href)}`);
    case 'error':
      return goTo(errorPageUrl(action.error));
  }
}
