/**
 * The single place that decides which nodes a form shows and in what order: groups in a fixed
 * rank (shared fields first), and within a group the service's own order, hidden inputs first.
 */
import type { UiNode, UiNodeGroup } from '../../../shared/identity-flow.js';

const GROUP_RANK: readonly UiNodeGroup[] = [
  'default',
  'identifier_first',
  'profile',
  'password',
  'code',
  'link',
  'oidc',
  'saml',
  'webauthn',
  'passkey',
  'totp',
  'lookup_secret',
  'captcha',
  'deviceauthn',
];

function rank(group: UiNodeGroup): number {
  const index = GROUP_RANK.indexOf(group);
  return index === -1 ? GROUP_RANK.length : index;
}

function isHidden(node: UiNode): boolean {
  return node.attributes.node_type === 'input' && node.attributes.type === 'hidden';
}

export function sortNodes(nodes: readonly UiNode[]): UiNode[] {
  return nodes
    .map((node, index) => ({ node, index }))
    .sort((a, b) => rank(a.node.group) - rank(b.node.group) || Number(isHidden(b.node)) - Number(isHidden(a.node)) || a.index - b.index)
    .map(({ node }) => node);
}

/** The nodes of these groups, in the order the groups are given (hidden inputs first in each). */
export function nodesOf(nodes: readonly UiNode[], groups: readonly UiNodeGroup[]): UiNode[] {
  return nodes
    .map((node, index) => ({ node, index, rank: groups.indexOf(node.group) }))
    .filter((entry) => entry.rank !== -1)
    .sort((a, b) => a.rank - b.rank || Number(isHidden(b.node)) - Number(isHidden(a.node)) || a.index - b.index)
    .map(({ node }) => node);
}

/** Whether the flow offers a method: it has a node of that group. */
export function hasGroup(nodes: readonly UiNode[], group: UiNodeGroup): boolean {
  return nodes.some((node) => node.group === group);
}

export function inputNamed(nodes: readonly UiNode[], name: string): UiNode | undefined {
  return nodes.find((node) => node.attributes.node_type === 'input' && node.attributes.name === name);
}
