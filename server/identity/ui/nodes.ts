/**
 * Builders for UI nodes in the protocol's exact shape: `type` mirrors `attributes.node_type`,
 * `messages` is always present, attributes appear in the protocol's order and zero values
 * are omitted where the protocol omits them.
 */
import type { UiNode, UiNodeAutocomplete, UiNodeGroup, UiNodeInputAttributes, UiNodeInputType, UiText } from '../../../shared/identity-flow.js';

export interface InputOptions {
  value?: unknown;
  required?: boolean;
  autocomplete?: UiNodeAutocomplete;
  pattern?: string;
  maxlength?: number;
  label?: UiText;
}

export function inputNode(name: string, type: UiNodeInputType, group: UiNodeGroup, options: InputOptions = {}): UiNode {
  const attributes: UiNodeInputAttributes = { name, type } as UiNodeInputAttributes;
  if (options.value !== undefined) attributes.value = options.value;
  if (options.required) attributes.required = true;
  if (options.autocomplete) attributes.autocomplete = options.autocomplete;
  if (options.pattern) attributes.pattern = options.pattern;
  if (options.maxlength) attributes.maxlength = options.maxlength;
  attributes.disabled = false;
  attributes.node_type = 'input';
  return { type: 'input', group, attributes, messages: [], meta: options.label ? { label: options.label } : {} };
}

export function submitNode(name: string, value: string, group: UiNodeGroup, label: UiText): UiNode {
  return inputNode(name, 'submit', group, { value, label });
}

export function hiddenNode(name: string, value: unknown, group: UiNodeGroup): UiNode {
  return inputNode(name, 'hidden', group, { value });
}

export function csrfNode(maskedToken: string): UiNode {
  return inputNode('csrf_token', 'hidden', 'default', { value: maskedToken, required: true });
}

export function textNode(id: string, text: UiText, group: UiNodeGroup, label?: UiText): UiNode {
  return { type: 'text', group, attributes: { id, text, node_type: 'text' }, messages: [], meta: label ? { label } : {} };
}

export function imageNode(id: string, src: string, width: number, height: number, group: UiNodeGroup, label?: UiText): UiNode {
  return { type: 'img', group, attributes: { id, src, width, height, node_type: 'img' }, messages: [], meta: label ? { label } : {} };
}

export function anchorNode(id: string, href: string, title: UiText, group: UiNodeGroup): UiNode {
  return { type: 'a', group, attributes: { id, href, title, node_type: 'a' }, messages: [], meta: { label: title } };
}

export function findInput(nodes: readonly UiNode[], name: string): UiNode | undefined {
  return nodes.find((node) => node.attributes.node_type === 'input' && node.attributes.name === name);
}

/** Puts a message on the node named `name`, or reports false when there is none. */
export function addNodeMessage(nodes: readonly UiNode[], name: string, message: UiText): boolean {
  const node = findInput(nodes, name);
  if (!node) return false;
  node.messages.push(message);
  return true;
}

export function clearMessages(nodes: readonly UiNode[]): void {
  for (const node of nodes) node.messages = [];
}
