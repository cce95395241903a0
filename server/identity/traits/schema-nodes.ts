/**
 * Trait input nodes from an identity schema, built the way Kratos' NewInputFieldFromSchema
 * builds them, so a client renders the embedded service's forms exactly like Kratos' forms:
 * registration puts them in group `default`, settings in group `profile` with the current
 * values filled in.
 */
import type { UiNode, UiNodeAutocomplete, UiNodeGroup, UiNodeInputAttributes, UiNodeInputType, UiText } from '../../../shared/identity-flow.js';
import { isObject, type JsonSchema } from './identity-schema.js';
import { listSchemaPaths, type PathKind, type SchemaPath } from './schema-paths.js';

export const LABEL_GENERATED_ID = 1070002;

/** Kratos caps options so one huge `enum` cannot bloat every flow response. */
const MAX_ENUM_OPTIONS = 500;

/** A label taken from a schema `title`; the title is the text. */
export function generatedLabel(title: string, name: string): UiText {
  return { id: LABEL_GENERATED_ID, text: title, type: 'info', context: { name, title } };
}

/**
 * One input node per form field of the schema, in schema order. `traits`, when given, fills
 * each node's `value` from the identity's current traits (settings); absent or null traits
 * leave `value` out, as Kratos does.
 */
export function traitNodesFromSchema(schema: JsonSchema, group: UiNodeGroup, traits?: Record<string, unknown>): UiNode[] {
  const document = traits === undefined ? undefined : { traits };
  return listSchemaPaths(schema).map((path) => inputNodeFromPath(path, group, document === undefined ? undefined : valueAt(document, path.name)));
}

export function inputNodeFromPath(path: SchemaPath, group: UiNodeGroup, value?: unknown): UiNode {
  const { schema, name } = path;
  const attributes: UiNodeInputAttributes = { name, type: typeOfKind(path.kind), disabled: false, node_type: 'input' };
  if (value !== undefined && value !== null) attributes.value = value;
  if (path.required) attributes.required = true;

  const byFormat = FORMAT_INPUT[typeof schema.format === 'string' ? schema.format : ''];
  if (byFormat) {
    attributes.type = byFormat.type;
    if (byFormat.autocomplete) attributes.autocomplete = byFormat.autocomplete;
  }
  if (typeof schema.pattern === 'string' && schema.pattern !== '') attributes.pattern = schema.pattern;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    attributes.options = schema.enum.slice(0, MAX_ENUM_OPTIONS).map((value) => ({ value }));
  }

  const meta: UiNode['meta'] = {};
  if (typeof schema.title === 'string' && schema.title !== '') meta.label = generatedLabel(schema.title, name);

  return { type: 'input', group, attributes: orderInputAttributes(attributes), messages: [], meta };
}

const FORMAT_INPUT: Record<string, { type: UiNodeInputType; autocomplete?: UiNodeAutocomplete }> = {
  'date-time': { type: 'datetime-local' },
  email: { type: 'email', autocomplete: 'email' },
  tel: { type: 'tel', autocomplete: 'tel' },
  date: { type: 'date' },
  uri: { type: 'url', autocomplete: 'url' },
  regex: { type: 'text' },
};

function typeOfKind(kind: PathKind): UiNodeInputType {
  switch (kind) {
    case 'number':
      return 'number';
    case 'boolean':
      return 'checkbox';
    default:
      return 'text';
  }
}

/** Kratos' field order, so serialised nodes read like Kratos' own. */
const INPUT_ATTRIBUTE_ORDER = [
  'name',
  'type',
  'value',
  'required',
  'autocomplete',
  'label',
  'pattern',
  'disabled',
  'onclick',
  'onclickTrigger',
  'onload',
  'onloadTrigger',
  'maxlength',
  'options',
  'node_type',
] as const;

export function orderInputAttributes(attributes: UiNodeInputAttributes): UiNodeInputAttributes {
  const ordered: Record<string, unknown> = {};
  for (const key of INPUT_ATTRIBUTE_ORDER) if (attributes[key] !== undefined) ordered[key] = attributes[key];
  return ordered as unknown as UiNodeInputAttributes;
}

function valueAt(document: Record<string, unknown>, dotted: string): unknown {
  let current: unknown = document;
  for (const key of dotted.split('.')) {
    if (!isObject(current)) return undefined;
    current = current[key];
  }
  return current;
}
