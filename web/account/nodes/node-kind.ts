/**
 * Nodes whose `attributes.node_type` is missing or unknown to this client. Newer identity
 * services add node types; a node is still shown when its kind can be told from `node.type` or
 * from its attributes (a `name` is a field, an `href` a link ...), and what cannot be shown is
 * reported once per type on the console instead of vanishing silently.
 */
import type { UiNode, UiNodeAttributes } from '../../../shared/identity-flow.js';

type NodeKind = UiNodeAttributes['node_type'];

const KINDS: ReadonlySet<string> = new Set<NodeKind>(['input', 'text', 'img', 'a', 'script', 'div']);
const reported = new Set<string>();

function isKind(value: unknown): value is NodeKind {
  return typeof value === 'string' && KINDS.has(value);
}

/** The kind the attributes themselves describe, in Kratos' attribute names. */
function kindFromAttributes(attributes: Record<string, unknown>): NodeKind | undefined {
  if (typeof attributes.name === 'string') return 'input';
  if (typeof attributes.href === 'string') return 'a';
  if (typeof attributes.src === 'string' && typeof attributes.width === 'number') return 'img';
  if (typeof attributes.text === 'object' && attributes.text !== null && 'id' in attributes.text) return 'text';
  return undefined;
}

/** The node as this client can render it, or undefined (reported once per type) when it cannot. */
export function renderableNode(node: UiNode): UiNode | undefined {
  const attributes = (node.attributes ?? {}) as unknown as Record<string, unknown>;
  if (isKind(attributes.node_type)) return node;
  const kind = isKind(node.type) ? node.type : kindFromAttributes(attributes);
  if (kind) return { ...node, type: kind, attributes: { ...attributes, node_type: kind } as unknown as UiNodeAttributes };
  const type = String(attributes.node_type ?? node.type ?? 'none');
  if (!reported.has(type)) {
    reported.add(type);
    console.warn(`Identity flow node of type "${type}" (group ${node.group}) cannot be shown: this client knows ${[...KINDS].join(', ')}.`);
  }
  return undefined;
}

/** Every node of a flow made renderable; the unrenderable ones are left out (and reported). */
export function renderableNodes(nodes: readonly UiNode[]): UiNode[] {
  return nodes.flatMap((node) => renderableNode(node) ?? []);
}
