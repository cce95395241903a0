/**
 * The JSON body a flow form sends: the values of the nodes that belong with the pressed button
 * (its own group plus the shared `default` group: CSRF token, identifier, traits), nested by
 * their dotted names (`traits.name.first` → `{traits: {name: {first}}}`), with the submitter's
 * name and value. Values keep the type the service gave them: a checkbox is a boolean, a number
 * input a number, and a button whose value is `true` sends `true`, not `"true"`.
 */
import type { UiNode, UiNodeGroup, UiNodeInputAttributes } from '../../../shared/identity-flow.js';

export interface Submitter {
  name: string;
  value: string;
}

type Body = Record<string, unknown>;

const FORBIDDEN_KEYS = new Set(['__proto__', 'prototype', 'constructor']);

function setPath(body: Body, dotted: string, value: unknown): void {
  const keys = dotted.split('.');
  if (keys.some((key) => FORBIDDEN_KEYS.has(key))) return;
  let target = body;
  for (const key of keys.slice(0, -1)) {
    const next = target[key];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) target[key] = {};
    target = target[key] as Body;
  }
  target[keys[keys.length - 1]!] = value;
}

function inputAttributes(node: UiNode): UiNodeInputAttributes | undefined {
  return node.attributes.node_type === 'input' ? node.attributes : undefined;
}

/** The service's own value when the field still shows it (a hidden `true`, a JSON options object). */
function typedValue(attributes: UiNodeInputAttributes, text: string): unknown {
  if (attributes.type === 'number') return text === '' ? undefined : Number(text);
  const original = attributes.value;
  if (original !== undefined && original !== null && typeof original !== 'string' && String(original) === text) return original;
  return text;
}

/** Groups whose fields travel with a submit button of `group`. */
export function companionGroups(group: UiNodeGroup): UiNodeGroup[] {
  return group === 'default' ? ['default'] : ['default', group];
}

/**
 * `lenient`: the button skips validation (resend, choose a provider), so fields left empty are
 * not sent, rather than being read as an empty answer.
 */
export function formBody(form: HTMLFormElement, nodes: readonly UiNode[], submitter: Submitter | undefined, lenient = false): Body {
  const submitterNode = submitter
    ? nodes.find((node) => {
        const attributes = inputAttributes(node);
        return attributes?.name === submitter.name && String(attributes.value ?? '') === submitter.value;
      })
    : undefined;
  const groups = submitterNode ? companionGroups(submitterNode.group) : undefined;
  const body: Body = {};
  const data = new FormData(form);

  for (const node of nodes) {
    const attributes = inputAttributes(node);
    if (!attributes || attributes.disabled) continue;
    if (attributes.type === 'submit' || attributes.type === 'button') continue;
    if (groups && !groups.includes(node.group)) continue;
    if (attributes.type === 'checkbox') {
      setPath(body, attributes.name, data.has(attributes.name));
      continue;
    }
    const entry = data.get(attributes.name);
    if (typeof entry !== 'string' || (lenient && entry === '')) continue;
    const value = typedValue(attributes, entry);
    if (value !== undefined) setPath(body, attributes.name, value);
  }

  if (submitter) {
    const attributes = submitterNode && inputAttributes(submitterNode);
    setPath(body, submitter.name, attributes ? typedValue(attributes, submitter.value) : submitter.value);
  }
  return body;
}
