/**
 * One flow of the identity service, on one page: started (flow-start), submitted and continued
 * (flow-continue), and recovered when the service refuses a request (flow-recovery).
 * Continuing and recovering, and the flow texts, are fetched with the first submission (beside
 * the request, which takes longer) or when starting fails, so a card's first download holds only
 * what it shows.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../lib/i18n.js';
import type { FlowByKind, FlowKind, UiText } from '../../shared/identity-flow.js';
import { rememberFlowId } from '../lib/navigate.js';
import { flowTextsLoaded, lacksFlowTexts, loadFlowTexts } from './flow-texts.js';
import { submitFlow } from './flow-api.js';
import { takeFlow } from './flow-start.js';
import { renderableNodes } from './nodes/node-kind.js';

const loadContinue = () => import('./flow-continue.js');
const loadRecovery = () => import('./flow-recovery.js');
/** Settled either way: without its texts, a message falls back to the service's own text. */
const flowTextsSettled = () => loadFlowTexts().catch(() => undefined);

export interface FlowState<K extends FlowKind> {
  flow: FlowByKind[K] | undefined;
  /** Messages the client adds to the flow's own (an expired flow restarted). */
  notices: UiText[];
  submitting: boolean;
  submit: (body: Record<string, unknown>) => Promise<void>;
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

  const shown = useRef(0);

  const show = useCallback((next: FlowByKind[K]) => {
    if (!alive.current) return;
    const turn = ++shown.current;
    const display = () => {
      // A flow shown meanwhile (or the card gone) wins over this one.
      if (!alive.current || turn !== shown.current) return;
      rememberFlowId(next.id);
      // Every part of the card (groups, form body, renderer) then sees node types it knows.
      setFlow({ ...next, ui: { ...next.ui, nodes: renderableNodes(next.ui.nodes) } });
    };
    // A flow that arrives with a message the catalogue lacks (an error on a resumed `?flow=`)
    // waits for its text.
    if (!flowTextsLoaded() && lacksFlowTexts(next)) void flowTextsSettled().then(display);
    else display();
  }, []);

  const recover = useCallback(
    async (error: unknown) => {
      const [{ recoverFromFlowError }] = await Promise.all([loadRecovery(), flowTextsSettled()]);
      return recoverFromFlowError({ kind, show, setNotices, translate: (key) => translate.current(key) }, error);
    },
    [kind, show],
  );

  useEffect(() => {
    alive.current = true;
    takeFlow(kind).then(show, recover);
    return () => {
      alive.current = false;
    };
  }, [kind, show, recover]);

  const submit = useCallback(
    async (body: Record<string, unknown>) => {
      if (!flow) return;
      setSubmitting(true);
      setNotices([]);
      const continuing = loadContinue();
      // All are needed once the answer is in: none of the fetches may wait for it.
      continuing.catch(() => undefined);
      loadRecovery().catch(() => undefined);
      const texts = flowTextsSettled();
      try {
        const result = await submitFlow(kind, flow.ui.action, body);
        const [{ continueAfterSubmit }] = await Promise.all([continuing, texts]);
        continueAfterSubmit(kind, flow, result, show);
      } catch (error) {
        await recover(error);
      } finally {
        if (alive.current) setSubmitting(false);
      }
    },
    [flow, kind, show, recover],
  );

  return { flow, notices, submitting, submit };
}
