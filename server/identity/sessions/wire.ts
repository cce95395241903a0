/** Identities and sessions in their wire shapes (Kratos `identity` and `session`). */
import type { StoredCredential, StoredIdentity } from '../store/identities.js';
import type { StoredSession } from '../store/sessions.js';
import { schemaUrl } from '../traits/schemas-endpoint.js';

export interface IdentityWireOptions {
  /** Admin API only: the credentials, and with `includeConfig` their configuration. */
  credentials?: StoredCredential[];
  includeConfig?: boolean;
  admin?: boolean;
}

export function identityToWire(identity: StoredIdentity, publicUrl: string, options: IdentityWireOptions = {}): Record<string, unknown> {
  const wire: Record<string, unknown> = {
    id: identity.id,
    schema_id: identity.schema_id,
    schema_url: schemaUrl(publicUrl, identity.schema_id),
    state: identity.state,
    state_changed_at: identity.state_changed_at?.toISOString(),
    traits: identity.traits,
    verifiable_addresses: identity.verifiable_addresses.map((a) => ({
      id: a.id,
      value: a.value,
      verified: a.verified,
      via: a.via,
      status: a.status,
      ...(a.verified_at ? { verified_at: a.verified_at.toISOString() } : {}),
      created_at: a.created_at.toISOString(),
      updated_at: a.updated_at.toISOString(),
    })),
    recovery_addresses: identity.recovery_addresses.map((a) => ({
      id: a.id,
      value: a.value,
      via: a.via,
      created_at: a.created_at.toISOString(),
      updated_at: a.updated_at.toISOString(),
    })),
    metadata_public: identity.metadata_public ?? null,
    created_at: identity.created_at.toISOString(),
    updated_at: identity.updated_at.toISOString(),
    organization_id: null,
  };
  if (options.admin) {
    wire.metadata_admin = identity.metadata_admin ?? null;
    if (identity.external_id) wire.external_id = identity.external_id;
  }
  if (options.credentials) {
    wire.credentials = Object.fromEntries(
      options.credentials.map((c) => [
        c.type,
        {
          type: c.type,
          identifiers: c.identifiers,
          ...(options.includeConfig ? { config: c.config } : {}),
          version: c.version,
          created_at: c.created_at.toISOString(),
          updated_at: c.updated_at.toISOString(),
        },
      ]),
    );
  }
  return wire;
}

export function sessionToWire(session: StoredSession, identity: Record<string, unknown> | undefined): Record<string, unknown> {
  return {
    id: session.id,
    active: session.active,
    expires_at: session.expires_at.toISOString(),
    authenticated_at: session.authenticated_at.toISOString(),
    authenticator_assurance_level: session.aal,
    authentication_methods: session.authentication_methods,
    issued_at: session.issued_at.toISOString(),
    ...(identity ? { identity } : {}),
    devices: session.devices,
  };
}
