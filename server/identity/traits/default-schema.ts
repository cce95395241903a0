/**
 * The default identity schema (`schema_id` "default"): the Kratos email-password quickstart
 * schema, so identities, forms and validation messages look exactly like a stock Kratos setup.
 * The e-mail address is the password and one-time-code identifier and the verification and
 * recovery address;
 * first and last name are optional.
 */
import type { IdentitySchemaEntry, JsonSchema } from './identity-schema.js';

export const DEFAULT_SCHEMA_ID = 'default';

/** Frozen: compiled validators are cached per schema object, so it must not change under them. */
export const defaultIdentitySchema: JsonSchema = deepFreeze({
  $id: 'https://schemas.ory.sh/presets/kratos/quickstart/email-password/identity.schema.json',
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'Person',
  type: 'object',
  properties: {
    traits: {
      type: 'object',
      properties: {
        email: {
          type: 'string',
          format: 'email',
          title: 'E-Mail',
          minLength: 3,
          'ory.sh/kratos': {
            credentials: { password: { identifier: true }, code: { identifier: true, via: 'email' } },
            verification: { via: 'email' },
            recovery: { via: 'email' },
          },
        },
        name: {
          type: 'object',
          properties: {
            first: { title: 'First Name', type: 'string' },
            last: { title: 'Last Name', type: 'string' },
          },
        },
      },
      required: ['email'],
      additionalProperties: false,
    },
  },
});

export const defaultSchemaEntry: IdentitySchemaEntry = Object.freeze({
  id: DEFAULT_SCHEMA_ID,
  schema: defaultIdentitySchema,
});

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
