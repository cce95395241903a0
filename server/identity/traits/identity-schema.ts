/**
 * Identity schemas as the identity service reads them: plain JSON Schema (draft-07) documents
 * whose `traits` property describes an identity's traits, annotated with Kratos' `ory.sh/kratos`
 * extension. Only the keywords this service acts on are typed; the rest pass through untouched,
 * because schemas are served back to clients verbatim.
 */

/** The extension key Kratos reads; kept so existing Kratos schemas work unchanged. */
export const KRATOS_EXTENSION = 'ory.sh/kratos';

export type AddressChannel = 'email' | 'sms';

export interface KratosExtension {
  credentials?: {
    password?: { identifier?: boolean };
    webauthn?: { identifier?: boolean };
    passkey?: { display_name?: boolean };
    totp?: { account_name?: boolean };
    code?: { identifier?: boolean; via?: AddressChannel };
  };
  verification?: { via?: AddressChannel };
  recovery?: { via?: AddressChannel };
}

export type JsonSchemaType = 'null' | 'boolean' | 'number' | 'integer' | 'string' | 'array' | 'object';

export interface JsonSchema {
  $id?: string;
  $schema?: string;
  $ref?: string;
  title?: string;
  description?: string;
  type?: JsonSchemaType | JsonSchemaType[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema | JsonSchema[];
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  definitions?: Record<string, JsonSchema>;
  $defs?: Record<string, JsonSchema>;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  [KRATOS_EXTENSION]?: KratosExtension;
  [keyword: string]: unknown;
}

/** A configured schema: its id (`schema_id` on identities) and the document. */
export interface IdentitySchemaEntry {
  id: string;
  schema: JsonSchema;
}

/**
 * Follows a local `$ref` (`#/definitions/x`, `#/$defs/x`, any `#/…` pointer). Remote refs are
 * not resolved: embedded schemas are self-contained, and fetching at request time would make
 * form rendering depend on the network.
 */
export function resolveLocalRef(root: JsonSchema, schema: JsonSchema): JsonSchema {
  let current = schema;
  const seen = new Set<JsonSchema>();
  while (typeof current.$ref === 'string' && current.$ref.startsWith('#')) {
    if (seen.has(current)) throw new Error(`circular $ref in identity schema: ${current.$ref}`);
    seen.add(current);
    let target: unknown = root;
    for (const raw of current.$ref.slice(1).split('/').slice(1)) {
      const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
      target = isObject(target) ? target[key] : undefined;
    }
    if (!isObject(target)) throw new Error(`unresolvable $ref in identity schema: ${current.$ref}`);
    current = target;
  }
  return current;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
