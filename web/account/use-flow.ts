/**
 * One flow of the identity service, on one page: resumed from `?flow=<id>` or created with the
 * page's own query parameters, submitted, and steered through the service's error answers and
 * `continue_with` instructions.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../lib/i18n.js';
import type { ContinueWith, FlowByKind, FlowKind, UiText } from '../../shared/identity-flow.js';
import { appHome, goTo, rememberFlowId } from '../lib/navigate.js';
import { notifySessionChanged } from '../session/session-events.js';
import { toastStore } from '../ui/toast-store.js';
import { CREATE_PARAMS, createFlow, getFlow, submitFlow, type SubmitResult } from './flow-api.js';
import { classifyFlowError, errorPageUrl } from './flow-errors.js';

export interface FlowState<K extends FlowKind> {
  flow: FlowByKind[K] | undefined;
  /** Messages the client adds to the flow's own (an expired flow restarted). */
  notices: UiText[];
  submitting: boolean;
  submit: (body: Record<string, unknown>) => Promise<void>;
}

function pageParams(kind: FlowKind): Record<string, string | undefined> {
  const search = new URLSearchParams(window.location.search);
  const params: Record<string, string | undefined> = {};
  for (const name of CREATE_PARAMS[kind]) params[name] = search.get(name) ?? undefined;
  return params;
}

/** Follows `continue_with`; returns false when there was nothing to follow. */
export function followContinueWith(items: readonly ContinueWith[] | undefined): boolean {
  if (!items?.length) return false;
  const find = <A extends ContinueWith['action']>(action: A) =>
    items.find((item): item is Extract<ContinueWith, { action: A }> => item.action === action);
  const verification = find('show_verification_ui');
  if (verification) return goTo(verification.flow.url ?? `/verification?flow=${verification.flow.id}`), true;
  const settings = find('show_settings_ui');
  if (settings) return goTo(settings.flow.url ?? `/settings?flow=${settings.flow.id}`), true;
  const recovery = find('show_recovery_ui');
  if (recovery) return goTo(recovery.flow.url ?? `/recovery?flow=${recovery.flow.id}`), true;
  const redirect = find('redirect_browser_to');
  if (redirect) return goTo(redirect.redirect_browser_to), true;
  return false;
}

export function useFlow<K extends FlowKind>(kind: K): FlowState<K> {
  const { t } = useTranslation();
  // Read through a ref: switching language must not reload the flow (and lose what was typed).
  const translate = useRef(t);
  translate.current = t;
  const [flow, setFlow] = useState<FlowByKind[K]>();
  const [notices, setNotices] = useState<UiText[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const alive = useRef(true);

  const show = useCallback((next: FlowByKind[K]) => {
    if (!alive.current) return;
    rememberFlowId(next.id);
    setFlow(next);
  }, []);

  const handleError = useCallback(
    async (error: unknown, retried = false): Promise<void> => {
      const action = classifyFlowError(kind, error);
      switch (action.type) {
        case 'flow':
          return show(action.flow as FlowByKind[K]);
        case 'use-flow':
          setNotices([]);
          return getFlow(kind, action.id).then(show, (next) => (retried ? goTo(errorPageUrl(next)) : handleError(next, true)));
        case 'restart': {
          if (action.csrf) {
            const text = translate.current('flow.csrfRestarted');
            // Shown on the card (it stays) and as a toast (it is noticed).
            setNotices([{ id: 0, type: 'error', text }]);
            toastStore.show(text, 'error');
          } else {
            setNotices(action.message ? [action.message] : []);
          }
          if (retried) return goTo(errorPageUrl(error));
          const params = pageParams(kind);
          return createFlow(kind, params).then(show, (next) => handleError(next, true));
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
    },
    [kind, show],
  );

  useEffect(() => {
    alive.current = true;
    const id = new URLSearchParams(window.location.search).get('flow');
    const load = id ? getFlow(kind, id) : createFlow(kind, pageParams(kind));
    load.then(show, (error) => handleError(error));
    return () => {
      alive.current = false;
    };
  }, [kind, show, handleError]);

  const submit = useCallback(
    async (body: Record<string, unknown>) => {
      if (!flow) return;
      setSubmitting(true);
      setNotices([]);
      try {
        const result: SubmitResult = await submitFlow(kind, flow.ui.action, body);
        // The session may have changed (signed in, upgraded, privileged): load it afresh next time.
        notifySessionChanged();
        if (kind === 'settings' && result.ui) {
          // Settings stay on screen after a save; the service's redirect is only followed when the
          // flow was opened to return somewhere.
          show(result as unknown as FlowByKind[K]);
          if (flow.return_to) followContinueWith(result.continue_with);
          return;
        }
        if (followContinueWith(result.continue_with)) return;
        if (result.ui) return show(result as unknown as FlowByKind[K]);
        // Registered with nothing left to confirm: welcome, then on to where the flow was going.
        if (kind === 'registration') {
          goTo(`/registration-completion${flow.return_to ? `?return_to=${encodeURIComponent(flow.return_to)}` : ''}`);
          return;
        }
        goTo(appHome(flow.return_to));
      } catch (error) {
        await handleError(error);
      } finally {
        if (alive.current) setSubmitting(false);
      }
    },
    [flow, kind, show, handleError],
  );

  return { flow, notices, submitting, submit };
}
