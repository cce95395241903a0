/**
 * Starting a flow on a page: resumed from `?flow=<id>`, or created with the query parameters the
 * page was opened with (return address, refresh, second factor, OAuth2 challenge…). On a first
 * visit of a card's address it is asked for beside the card's chunk (web/routes.tsx), not once
 * the chunk has arrived and rendered.
 */
import type { FlowBase, FlowByKind, FlowKind } from '../../shared/identity-flow.js';
import { CREATE_PARAMS, createFlow, getFlow } from './flow-api.js';

/** The page's own query parameters that the identity service accepts when creating this kind. */
export function pageParams(kind: FlowKind): Record<string, string | undefined> {
  const search = new URLSearchParams(window.location.search);
  const params: Record<string, string | undefined> = {};
  for (const name of CREATE_PARAMS[kind]) params[name] = search.get(name) ?? undefined;
  return params;
}

export function startFlow<K extends FlowKind>(kind: K): Promise<FlowByKind[K]> {
  const id = new URLSearchParams(window.location.search).get('flow');
  return id ? getFlow(kind, id) : createFlow(kind, pageParams(kind));
}

let early: { kind: FlowKind; flow: Promise<FlowBase> } | undefined;

/** Starts the page's flow before its card is there to show it. */
export function startFlowEarly(kind: FlowKind): void {
  const flow: Promise<FlowBase> = startFlow(kind);
  // Refusals are the card's to handle, when it takes the flow.
  flow.catch(() => undefined);
  early = { kind, flow };
}

/** The flow started early for this kind, once; else a flow started now. */
export function takeFlow<K extends FlowKind>(kind: K): Promise<FlowByKind[K]> {
  const taken = early?.kind === kind ? (early.flow as Promise<FlowByKind[K]>) : undefined;
  early = undefined;
  return taken ?? startFlow(kind);
}
