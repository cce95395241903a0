/**
 * What the sign-in card shows for a flow (spec §2): the normal sign-in, or — when the flow is a
 * refresh or asks for aal2 — only the second-factor forms, each method its own form.
 */
import type { LoginFlow, UiNode, UiNodeGroup } from '../../../shared/identity-flow.js';
import { hasGroup } from '../nodes/node-groups.js';

export type LoginMode = 'normal' | 'refresh' | 'aal2';

export function loginMode(flow: Pick<LoginFlow, 'refresh' | 'requested_aal'>): LoginMode {
  if (flow.refresh) return 'refresh';
  if (flow.requested_aal === 'aal2') return 'aal2';
  return 'normal';
}

export const TITLE_KEY: Record<LoginMode, string> = {
  normal: 'login.title',
  refresh: 'login.refreshTitle',
  aal2: 'login.aal2Title',
};

/** Normal mode: the identifier and the methods that use it share one form, code before password. */
export const MAIN_GROUPS: readonly UiNodeGroup[] = ['default', 'identifier_first', 'code', 'password', 'webauthn'];
/** Refresh and aal2: security key, passkey, password, authenticator app, backup code, then e-mailed code. */
export const SECOND_FACTOR_GROUPS: readonly UiNodeGroup[] = ['webauthn', 'passkey', 'password', 'totp', 'lookup_secret', 'code'];

export function offeredGroups(nodes: readonly UiNode[], groups: readonly UiNodeGroup[]): UiNodeGroup[] {
  return groups.filter((group) => nodes.some((node) => node.group === group && node.attributes.node_type !== 'script'));
}

/** The identifier of the signed-in user, from the hidden `identifier` node of a refresh/aal2 flow. */
export function hiddenIdentifier(nodes: readonly UiNode[]): string | undefined {
  for (const node of nodes) {
    const { attributes } = node;
    if (attributes.node_type === 'input' && attributes.name === 'identifier' && attributes.type === 'hidden') {
      if (typeof attributes.value === 'string' && attributes.value) return attributes.value;
    }
  }
  return undefined;
}

/** Subtitle for an OAuth2 sign-in: the client's name, else its URI. */
export function oauth2ClientName(flow: Pick<LoginFlow, 'oauth2_login_request'>): string | undefined {
  const client = flow.oauth2_login_request?.client;
  return client?.client_name || client?.client_uri || undefined;
}

export function hasMainForm(nodes: readonly UiNode[]): boolean {
  return ['identifier_first', 'code', 'password', 'webauthn'].some((group) => hasGroup(nodes, group as UiNodeGroup));
}

export function isScript(node: UiNode): boolean {
  return node.attributes.node_type === 'script';
}

/** Shared nodes a method's own form carries without showing them: the CSRF token, a hidden identifier. */
export function hiddenShared(node: UiNode): boolean {
  return node.group !== 'default' || (node.attributes.node_type === 'input' && node.attributes.type === 'hidden');
}
