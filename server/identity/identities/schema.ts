/** The identity schema an identity or a new registration is validated against. */
import type { IdentityServiceOptions } from '../options.js';
import { findSchema } from '../traits/schemas-endpoint.js';
import type { IdentitySchemaEntry } from '../traits/identity-schema.js';

export function schemaFor(options: IdentityServiceOptions, id = options.defaultSchemaId): IdentitySchemaEntry {
  const entry = findSchema(options.schemas, id);
  if (!entry) throw new Error(`identity schema "${id}" is not configured`);
  return entry;
}
