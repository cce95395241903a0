/**
 * What the admin API accepts as an identity (create, update, and the result of a JSON Patch):
 * schema, traits validated against it, state, metadata, external id, and a password given in
 * clear (hashed here) or as an argon2 hash imported from elsewhere.
 */
import type { IdentityContext } from '../context.js';
import { KratosError } from '../http/kratos-error.js';
import type { RegistrationCredential } from '../identities/create-identity.js';
import type { IdentityState, NewIdentity } from '../store/identities.js';
import { PasswordTooLongError } from '../strategies/password/hasher.js';
import { findSchema } from '../traits/schemas-endpoint.js';
import type { IdentitySchemaEntry } from '../traits/identity-schema.js';
import { normalizeAddress } from '../traits/trait-addresses.js';
import { validateTraits } from '../traits/validate-traits.js';

export interface IdentityBody {
  schema_id: string;
  traits: Record<string, unknown>;
  state?: IdentityState;
  metadata_public?: unknown;
  metadata_admin?: unknown;
  external_id?: string;
  credentials?: { password?: { config?: { password?: string; hashed_password?: string } } };
  verifiable_addresses?: { value: string; via: 'email' | 'sms'; verified?: boolean; status?: string }[];
}

const passwordCredential = {
  type: 'object',
  properties: {
    config: {
      type: 'object',
      additionalProperties: false,
      properties: { password: { type: 'string', minLength: 1 }, hashed_password: { type: 'string', minLength: 1 } },
    },
  },
} as const;

export const identityBodySchema = {
  type: 'object',
  required: ['schema_id', 'traits'],
  properties: {
    schema_id: { type: 'string', minLength: 1 },
    traits: { type: 'object' },
    state: { type: 'string', enum: ['active', 'inactive'] },
    metadata_public: {},
    metadata_admin: {},
    external_id: { type: 'string', minLength: 1, maxLength: 256 },
    credentials: { type: 'object', properties: { password: passwordCredential } },
    verifiable_addresses: {
      type: 'array',
      items: {
        type: 'object',
        required: ['value', 'via'],
        properties: {
          value: { type: 'string' },
          via: { type: 'string', enum: ['email', 'sms'] },
          verified: { type: 'boolean' },
          status: { type: 'string' },
        },
      },
    },
    recovery_addresses: { type: 'array' },
  },
} as const;

export interface PreparedIdentity {
  schema: IdentitySchemaEntry;
  identity: NewIdentity;
  /** Present when the body sets a password. */
  password?: RegistrationCredential;
  /** Addresses the admin marks as already verified. */
  verified: { via: 'email' | 'sms'; value: string }[];
}

export async function prepareIdentity(ctx: IdentityContext, body: IdentityBody): Promise<PreparedIdentity> {
  const schema = findSchema(ctx.options.schemas, body.schema_id);
  if (!schema) throw new KratosError(400, { reason: `schema_id "${body.schema_id}" names no configured identity schema.` });
  const result = validateTraits(schema.schema, body.traits);
  if (!result.valid) {
    const problems = result.messages.map(({ field, message }) => (field ? `${field}: ${message.text}` : message.text));
    throw new KratosError(400, { reason: `The traits do not match schema "${schema.id}": ${problems.join('; ')}` });
  }
  return {
    schema,
    identity: {
      schema_id: schema.id,
      state: body.state ?? 'active',
      traits: body.traits,
      metadata_public: body.metadata_public,
      metadata_admin: body.metadata_admin,
      external_id: body.external_id ?? null,
    },
    password: await passwordOf(ctx, body),
    verified: (body.verifiable_addresses ?? [])
      .filter((a) => a.verified)
      .map((a) => ({ via: a.via, value: normalizeAddress(a.value, a.via, a.via === 'email' ? 'email' : 'tel') })),
  };
}

async function passwordOf(ctx: IdentityContext, body: IdentityBody): Promise<RegistrationCredential | undefined> {
  const config = body.credentials?.password?.config;
  if (!config) return undefined;
  if (config.password !== undefined && config.hashed_password !== undefined) {
    throw new KratosError(400, { reason: 'Give credentials.password.config.password or hashed_password, not both.' });
  }
  if (config.hashed_password !== undefined) {
    // Only hashes this service can verify are importable; anything else would lock the user out.
    if (!/^\$argon2(id|i|d)\$v=\d+\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/.test(config.hashed_password)) {
      throw new KratosError(400, { reason: 'credentials.password.config.hashed_password must be an argon2 PHC string.' });
    }
    return { type: 'password', config: { hashed_password: config.hashed_password } };
  }
  if (config.password === undefined) return undefined;
  try {
    return { type: 'password', config: { hashed_password: await ctx.hasher.hash(config.password) } };
  } catch (error) {
    if (error instanceof PasswordTooLongError) throw new KratosError(400, { reason: `credentials.password.config.password: ${error.uiText.text}` });
    throw error;
  }
}
