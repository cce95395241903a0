/**
 * Starting a flow on a page: resumed from `?flow=<id>`, or created with the query parameters the
 * page was opened with (return address, refresh, second factor, OAuth2 challenge…).
 */
import type { FlowByKind, FlowKind } from '../../shared/identity-flow.js';
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
