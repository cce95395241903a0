/**
 * The OAuth2 provider's tables, in its own schema. oidc-provider's models (clients, codes,
 * tokens, grants, sessions, interactions) share one table keyed by model and id, because the
 * library reads and writes them all through the same seven adapter calls; what the admin API
 * needs beyond that (remembered consents, signing keys and their times) has tables of its own.
 */
import { AUDIT_INBOX_EVENT_SQL, AUDIT_STORE_SQL, auditAppendMigration, auditInboxMigration } from '../../audit/chain.js';
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
  {
    version: 7,
    name: 'a token and its audit event saved by one function, planned once per connection',
    // The adapter's upsert and the event's append, sent with new parameters for every token
    // issued, were parsed and planned every time: on PGlite a sixth of the statement's cost.
    // PL/pgSQL keeps its plans for the connection; the statement sent is a bare call (several,
    // for tokens issued at once: recorded-saves.ts), and each row and its event are still one
    // statement, one transaction. Returns the event's place in the inbox.
    up: `
      CREATE FUNCTION save_model_with_event(row_model text, row_id text, row_payload jsonb, row_grant_id text, row_uid text, row_user_code text,
          row_client_name text, row_owner text, row_expires_at timestamptz,
          event_at timestamptz, event_actor_type text, event_actor_id text, event_actor_name text, event_actor_address text, event_action text,
          event_group text, event_target_type text, event_target_id text, event_target_name text, event_org_id uuid, event_outcome text,
          event_request_id text, event_details text)
        RETURNS bigint LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      DECLARE
        queued bigint;
      BEGIN
        INSERT INTO models (model, id, payload, grant_id, uid, user_code, client_name, owner, expires_at)
        VALUES (row_model, row_id, row_payload, row_grant_id, row_uid, row_user_code, row_client_name, row_owner, row_expires_at)
        ON CONFLICT (model, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id, uid = EXCLUDED.uid,
          user_code = EXCLUDED.user_code, client_name = EXCLUDED.client_name, owner = EXCLUDED.owner, expires_at = EXCLUDED.expires_at;
        INSERT INTO audit_inbox (at, actor_type, actor_id, actor_name, actor_address, action, action_group, target_type, target_id, target_name,
          org_id, outcome, request_id, details)
        VALUES (event_at, event_actor_type, event_actor_id, event_actor_name, event_actor_address, event_action, event_group, event_target_type,
          event_target_id, event_target_name, event_org_id, event_outcome, event_request_id, event_details)
        RETURNING id INTO queued;
        RETURN queued;
      END $$;
    `,
  },
  {
    version: 8,
    name: 'audit trail: an inbox row is the pending event as JSON, and the token save passes it on',
    // The inbox and the function that writes it change together (AUDIT_INBOX_EVENT_SQL).
    up: `
      ${AUDIT_INBOX_EVENT_SQL}
      DROP FUNCTION save_model_with_event;
      CREATE FUNCTION save_model_with_event(row_model text, row_id text, row_payload jsonb, row_grant_id text, row_uid text, row_user_code text,
          row_client_name text, row_owner text, row_expires_at timestamptz, appended_event text)
        RETURNS bigint LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      DECLARE
        queued bigint;
      BEGIN
        INSERT INTO models (model, id, payload, grant_id, uid, user_code, client_name, owner, expires_at)
        VALUES (row_model, row_id, row_payload, row_grant_id, row_uid, row_user_code, row_client_name, row_owner, row_expires_at)
        ON CONFLICT (model, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id, uid = EXCLUDED.uid,
          user_code = EXCLUDED.user_code, client_name = EXCLUDED.client_name, owner = EXCLUDED.owner, expires_at = EXCLUDED.expires_at;
        INSERT INTO audit_inbox (event) VALUES (appended_event) RETURNING id INTO queued;
        RETURN queued;
      END $$;
    `,
  },
];
