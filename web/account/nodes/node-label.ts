import type { UiNode, UiText } from '../../../shared/identity-flow.js';

/** A node's label: `meta.label`, else the input's own `label` attribute. */
export function nodeLabel(node: UiNode): UiText | undefined {
  if (node.meta.label) return node.meta.label;
  return node.attributes.node_type === 'input' ? node.attributes.label : undefined;
}

export function hasError(node: UiNode): boolean {
  return node.messages.some((message) => message.type === 'error');
}

/** What an input shows initially: the service's value as text (objects as JSON). */
export function displayValue(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
