/**
 * Signing in with the address and password just chosen, so "register and join" ends signed in
 * instead of at a sign-in form asking for the same password again. It drives the identity
 * service's own login flow, as the sign-in card does; anything unexpected is left to that card.
 */
import type { UiNode } from '../../shared/identity-flow.js';
import { createFlow, submitFlow } from '../account/flow-api.js';

function csrfTokenOf(nodes: readonly UiNode[]): string | undefined {
  for (const node of nodes) {
    const attributes = node.attributes as { name?: string; value?: unknown };
    if (attributes.name === 'csrf_token' && typeof attributes.value === 'string') return attributes.value;
  }
  return undefined;
}

/** True when the session exists now; false sends the caller to the sign-in card. */
export async function signInWithPassword(identifier: string, password: string): Promise<boolean> {
  try {
    const flow = await createFlow('login', {});
    const answer = await submitFlow('login', flow.ui.action, { method: 'password', identifier, password, csrf_token: csrfTokenOf(flow.ui.nodes) });
    return Boolean(answer.session);
  } catch {
    return false;
  }
}
