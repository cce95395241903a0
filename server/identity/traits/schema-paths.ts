/**
 * The form-relevant paths of an identity schema: every property that can be entered as one
 * form field, named by its dotted path from the schema root (`traits.name.first`), in the
 * order the schema declares them. Follows what Kratos lists for forms: objects are descended
 * into but are not fields themselves, arrays of primitives are one field, arrays of objects and
 * untyped or multi-typed properties without a default are left out.
 */
import { isObject, resolveLocalRef, type JsonSchema } from './identity-schema.js';

/** The input kind a path's value has; decides the node's input type before `format` does. */
export type PathKind = 'string' | 'number' | 'boolean' | 'array' | 'unknown';

export interface SchemaPath {
  name: string;
  schema: JsonSchema;
  kind: PathKind;
  required: boolean;
}

export function listSchemaPaths(root: JsonSchema): SchemaPath[] {
  const out: SchemaPath[] = [];
  const seen = new Set<string>();
  visit(root, root, [], false, out, seen, new Set());
  return out;
}

function visit(root: JsonSchema, raw: JsonSchema, parents: string[], required: boolean, out: SchemaPath[], seen: Set<string>, stack: Set<JsonSchema>): void {
  const schema = resolveLocalRef(root, raw);
  if (stack.has(schema)) throw new Error(`circular identity schema at ${parents.join('.')}`);
  const inner = new Set(stack).add(schema);

  const name = parents.join('.');
  if (parents.length > 0 && !seen.has(name)) {
    const kind = pathKind(schema);
    if (kind !== undefined) {
      seen.add(name);
      out.push({ name, schema, kind, required });
    }
  }

  // Combinators describe the same value, so their fields share this path and requiredness.
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const subs = schema[key];
    if (Array.isArray(subs)) {
      for (const sub of subs) if (isObject(sub)) visit(root, sub, parents, required, out, seen, inner);
    }
  }

  if (isObject(schema.properties)) {
    const requiredNames = Array.isArray(schema.required) ? schema.required : [];
    for (const [key, sub] of Object.entries(schema.properties)) {
      if (!isObject(sub)) continue;
      visit(root, sub, [...parents, key], requiredNames.includes(key), out, seen, inner);
    }
  }
}

/** `undefined`: not a form field (an object, a structured value, or no usable type). */
function pathKind(schema: JsonSchema): PathKind | undefined {
  if ('const' in schema) return kindOfValue(schema.const);

  const types = typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? schema.type : [];
  if (types.length === 1) {
    switch (types[0]) {
      case 'string':
        return 'string';
      case 'number':
      case 'integer':
        return 'number';
      case 'boolean':
        return 'boolean';
      case 'array':
        return arrayOfPrimitives(schema) ? 'array' : undefined;
      case 'object':
        return undefined;
      case 'null':
        break;
    }
  } else if (types.length > 2) {
    return undefined;
  }
  // Without one usable type, only a default makes the property a field.
  return schema.default !== undefined && schema.default !== null ? (kindOfValue(schema.default) ?? 'unknown') : undefined;
}

function kindOfValue(value: unknown): PathKind | undefined {
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    default:
      return undefined;
  }
}

/**
 * Arrays are one field unless their items are all of one structured type (objects, arrays,
 * nulls): those need an editor of their own rather than a single input.
 */
function arrayOfPrimitives(schema: JsonSchema): boolean {
  const items = schema.items;
  if (items === undefined) return true;
  const types = new Set<string>();
  for (const item of Array.isArray(items) ? items : [items]) {
    if (!isObject(item)) continue;
    const t = item.type;
    for (const one of Array.isArray(t) ? t : t === undefined ? [] : [t]) types.add(String(one));
  }
  if (types.size !== 1) return true;
  const [only] = types;
  return only === 'string' || only === 'number' || only === 'integer' || only === 'boolean';
}
