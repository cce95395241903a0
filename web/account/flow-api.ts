/**
 * Browser flows of the identity service, SPA style: created, fetched and submitted through the
 * gateway's `/.ory` with `Accept: application/json`, so the service answers JSON, not redirects.
 */
import type { ContinueWith, FlowByKind, FlowKind } from '../../shared/identity-flow.js';
import type { Session } from '../../shared/identity-session.js';
import { request, requireParam } from '../lib/http.js';
import { notifySessionChanged } from '../session/session-events.js';

export const IDENTITY_BASE = '/.ory';

/** Query parameters a flow may be created with (the page passes its own through). */
export const CREATE_PARAMS: Record<FlowKind, readonly string[]> = {
  login: ['return_to', 'refresh', 'aal', 'login_challenge', 'organization', 'via'],
  registration: ['return_to', 'login_challenge', 'after_verification_return_to'],
  recovery: ['return_to'],
  verification: ['return_to'],
  settings: ['return_to'],
};

export async function createFlow<K extends FlowKind>(kind: K, params: Record<string, string | undefined>): Promise<FlowByKind[K]> {
  const response = await request<FlowByKind[K]>(`${IDENTITY_BASE}/self-service/${kind}/browser`, { params });
  return response.data;
}

export async function getFlow<K extends FlowKind>(kind: K, id: string | undefined): Promise<FlowByKind[K]> {
  const flowId = requireParam(id, 'id', `get${kind[0]!.toUpperCase()}${kind.slice(1)}Flow`);
  const response = await request<FlowByKind[K]>(`${IDENTITY_BASE}/self-service/${kind}/flows`, { params: { id: flowId } });
  return response.data;
}

/** What a successful submission answers: the flow again (settings, recovery, verification) or a result. */
export interface SubmitResult {
  ui?: unknown;
  session?: Session;
  continue_with?: ContinueWith[];
  [field: string]: unknown;
}

/** Posts a flow. An accepted submission may have changed the session (signed in, stepped up, privileged): it says so. */
export async function submitFlow(kind: FlowKind, action: string, body: Record<string, unknown>): Promise<SubmitResult> {
  requireParam(action, 'action', `update${kind[0]!.toUpperCase()}${kind.slice(1)}Flow`);
  const response = await request<SubmitResult>(action, { method: 'POST', body });
  notifySessionChanged();
  return response.data ?? {};
}

/** Ends the identity session: asks for a logout URL, then calls it. */
export async function endIdentitySession(): Promise<void> {
  const { data } = await request<{ logout_url: string }>(`${IDENTITY_BASE}/self-service/logout/browser`);
  await request(data.logout_url);
}
