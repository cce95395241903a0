/**
 * Traits as a form submits them, shown back with their validation messages so a mistake never
 * costs the user what they typed.
 */
import type { Flow } from '../flows/flow-service.js';
import { setMessages } from '../flows/flow-service.js';
import type { SubmittedBody } from '../http/body.js';
import type { JsonSchema } from '../traits/identity-schema.js';
import { attachValidationMessages, validateTraits } from '../traits/validate-traits.js';

export function readTraits(body: SubmittedBody): Record<string, unknown> {
  const traits = body.traits;
  if (typeof traits !== 'object' || traits === null || Array.isArray(traits)) return {};
  return dropEmpty(traits as Record<string, unknown>);
}

/**
 * Empty form fields mean "not given", not "the empty string" (an empty optional name is no
 * name); surrounding spaces are a typing accident, never part of an address or a name.
 */
function dropEmpty(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(value)) {
    const item = typeof raw === 'string' ? raw.trim() : raw;
    if (item === '' || item === null || item === undefined) continue;
    if (typeof item === 'object' && !Array.isArray(item)) {
      const nested = dropEmpty(item as Record<string, unknown>);
      if (Object.keys(nested).length) out[key] = nested;
    } else {
      out[key] = item;
    }
  }
  return out;
}

/** Fills the trait nodes with the submitted values and their messages; true when valid. */
export function showTraitErrors(flow: Flow, schema: JsonSchema, traits: Record<string, unknown>): boolean {
  for (const node of flow.wire.ui.nodes) {
    node.messages = [];
    const attributes = node.attributes;
    if (attributes.node_type === 'input' && attributes.name.startsWith('traits.') && attributes.type !== 'submit') {
      const value = valueAt(traits, attributes.name.slice('traits.'.length));
      if (value === undefined) delete attributes.value;
      else attributes.value = value;
    }
  }
  setMessages(flow, []);
  const result = validateTraits(schema, traits);
  if (result.valid) return true;
  const { nodes, messages } = attachValidationMessages(flow.wire.ui.nodes, result.messages);
  flow.wire.ui.nodes = nodes;
  setMessages(flow, messages);
  return false;
}

function valueAt(traits: Record<string, unknown>, path: string): unknown {
  let current: unknown = traits;
  for (const part of path.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}
