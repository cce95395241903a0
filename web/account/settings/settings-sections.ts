/**
 * The sections of the settings screen: one per method, each with its anchor, navigation entry and
 * card title. The navigation and the cards list them in different orders (spec §2, settings
 * screen), and a section is offered only when the flow has nodes of its method.
 */
import type { UiNode } from '../../../shared/identity-flow.js';

export type SettingsMethod = 'profile' | 'password' | 'oidc' | 'lookup_secret' | 'webauthn' | 'passkey' | 'totp';

export interface SettingsSection {
  method: SettingsMethod;
  /** The element id the navigation links to (`#profile` …). */
  anchor: string;
  /** Keys under `settings.nav` and `settings.cards`. */
  navKey: string;
  cardKey: string;
}

const SECTIONS: Record<SettingsMethod, SettingsSection> = {
  profile: { method: 'profile', anchor: 'profile', navKey: 'profile', cardKey: 'profile' },
  password: { method: 'password', anchor: 'password', navKey: 'password', cardKey: 'password' },
  oidc: { method: 'oidc', anchor: 'oidc', navKey: 'oidc', cardKey: 'oidc' },
  lookup_secret: { method: 'lookup_secret', anchor: 'lookup_secret', navKey: 'lookupSecret', cardKey: 'lookupSecret' },
  webauthn: { method: 'webauthn', anchor: 'webauthn', navKey: 'webauthn', cardKey: 'webauthn' },
  passkey: { method: 'passkey', anchor: 'passkey', navKey: 'passkey', cardKey: 'passkey' },
  totp: { method: 'totp', anchor: 'totp', navKey: 'totp', cardKey: 'totp' },
};

const NAV_ORDER: readonly SettingsMethod[] = ['profile', 'password', 'oidc', 'lookup_secret', 'webauthn', 'passkey', 'totp'];
const CARD_ORDER: readonly SettingsMethod[] = ['profile', 'password', 'webauthn', 'passkey', 'lookup_secret', 'oidc', 'totp'];

/**
 * Whether the flow offers a method. The WebAuthn script node is filed under `webauthn` even when
 * only passkeys are configured, so a script alone does not make a security-key section.
 */
export function offersMethod(nodes: readonly UiNode[], method: SettingsMethod): boolean {
  if (method === 'profile') return true;
  return nodes.some((node) => node.group === method && node.attributes.node_type !== 'script');
}

function offered(order: readonly SettingsMethod[], nodes: readonly UiNode[]): SettingsSection[] {
  return order.filter((method) => offersMethod(nodes, method)).map((method) => SECTIONS[method]);
}

export const navSections = (nodes: readonly UiNode[]) => offered(NAV_ORDER, nodes);
export const cardSections = (nodes: readonly UiNode[]) => offered(CARD_ORDER, nodes);
