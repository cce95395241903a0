/**
 * The OAuth2 provider's tables, in its own schema. oidc-provider's models (clients, codes,
 * tokens, grants, sessions, interactions) share one table keyed by model and id, because the
 * library reads and writes them all through the same seven adapter calls; what the admin API
 * needs beyond that (remembered consents, signing keys and their times) has tables of its own.
 */
import { AUDIT_STORE_SQL, auditAppendMigration, auditInboxMigration } from '../../audit/chain.js';
import type { Migration } from '../../db/migrate.js';

export const OAUTH2_SCHEMA = 'oauth2';

export const oauth2Migrations: readonly Migration[] = [
  {
    version: 1,
    name: 'models, remembered consents, keys',
    up: `
      CREATE TABLE models (
        model text NOT NULL,
        id text NOT NULL,
        payload jsonb NOT NULL,
        grant_id text,
        uid text,
        user_code text,
        -- Hydra's client listing filters and sorts on these.
        client_name text,
        owner text,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz,
        consumed_at timestamptz,
        PRIMARY KEY (model, id)
      );
      CREATE INDEX models_grant_id ON models (grant_id) WHERE grant_id IS NOT NULL;
      CREATE INDEX models_uid ON models (model, uid) WHERE uid IS NOT NULL;
      CREATE INDEX models_user_code ON models (model, user_code) WHERE user_code IS NOT NULL;
      CREATE INDEX models_expires_at ON models (expires_at) WHERE expires_at IS NOT NULL;
      CREATE INDEX models_client_id ON models ((payload->>'clientId')) WHERE payload ? 'clientId';

      -- A consent the user asked to remember: Hydra's consent session. The grant it produced
      -- lives in models; this row says which scopes a later request may take without asking.
      CREATE TABLE consent_sessions (
        consent_challenge text PRIMARY KEY,
        subject text NOT NULL,
        client_id text NOT NULL,
        login_session_id text,
        grant_id text NOT NULL,
        granted_scope text[] NOT NULL,
        granted_audience text[] NOT NULL,
        remember boolean NOT NULL,
        remember_for integer NOT NULL,
        session_claims jsonb NOT NULL,
        handled_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX consent_sessions_subject ON consent_sessions (subject, client_id);

      -- Signing keys (JWKS) and cookie keys, made on first start and kept across restarts.
      CREATE TABLE keys (
        name text PRIMARY KEY,
        value jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
    `,
  },
  {
    version: 2,
    name: 'trusted jwt-bearer issuers',
    up: `
      -- RFC 7523 trust: assertions from this issuer (for this subject, or any), signed with this
      -- key, may be exchanged for access tokens with at most these scopes until expires_at.
      CREATE TABLE trusted_issuers (
        id uuid PRIMARY KEY,
        issuer text NOT NULL,
        subject text NOT NULL,
        allow_any_subject boolean NOT NULL,
        scope text[] NOT NULL,
        key_id text NOT NULL,
        jwk jsonb NOT NULL,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (issuer, subject, key_id)
      );
    `,
  },
  {
    version: 3,
    name: 'signing key times',
    up: `
      -- When each ID token signing key (in keys, by kid) began to sign and when it stopped: the
      -- maintenance pass replaces a key that signed long enough and drops a retired one once
      -- every token it signed has expired. A key stored before this table existed has no row;
      -- the pass starts its clock when it first sees it (signing-keys.ts says how).
      CREATE TABLE signing_keys (
        kid text PRIMARY KEY,
        created_at timestamptz NOT NULL,
        retired_at timestamptz
      );
    `,
  },
  {
    version: 4,
    name: 'audit trail: hash-chained, append-only OAuth2 events',
    up: AUDIT_STORE_SQL,
  },
  auditAppendMigration(5),
  auditInboxMigration(6),
];
