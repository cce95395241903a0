/**
 * The project's first configuration: what the embedded services run with today, written with
 * Kratos, Hydra and Keto key names. It is stored once, when the project is made; from then on the
 * stored revisions are the configuration.
 */
import { PASSWORD_MIN_LENGTH } from '../../shared/password-policy.js';
import type { OidcProvider } from '../identity/strategies/oidc/providers.js';
import type { ProjectDocument } from './config-schema.js';

export interface ConfigSeed {
  name: string;
  sessionLifespanMs: number;
  oauth2: { accessTokenMs: number; refreshTokenMs: number; idTokenMs: number };
  oidcProviders: readonly OidcProvider[];
  publicOrigin: string;
}

/** A whole number of hours, minutes or seconds, as Go prints the durations people write. */
export function goDuration(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000}h`;
  if (ms % 60_000 === 0) return `${ms / 60_000}m`;
  return `${Math.max(1, Math.round(ms / 1000))}s`;
}

/**
 * Client secrets are not copied: they stay where the operator keeps them (the environment or
 * its file), and a provider configured there keeps its secret from there.
 */
function provider(entry: OidcProvider): Record<string, unknown> {
  return {
    id: entry.id,
    provider: entry.preset,
    label: entry.label,
    client_id: entry.clientId,
    ...(entry.preset === 'github' ? {} : { issuer_url: entry.issuer }),
    scope: entry.scopes,
  };
}

export function initialDocument(seed: ConfigSeed): ProjectDocument {
  return {
    name: seed.name,
    services: {
      identity: {
        config: {
          selfservice: {
            flows: { recovery: { use: 'code' }, verification: { use: 'code' } },
            methods: {
              password: {
                enabled: true,
                config: {
                  min_password_length: PASSWORD_MIN_LENGTH,
                  identifier_similarity_check_enabled: true,
                  haveibeenpwned_enabled: true,
                  max_breaches: 0,
                  ignore_network_errors: true,
                },
              },
              code: { enabled: true },
              link: { enabled: true },
              totp: { enabled: true },
              lookup_secret: { enabled: true },
              webauthn: { enabled: true },
              passkey: { enabled: true },
              oidc: { enabled: seed.oidcProviders.length > 0, config: { providers: seed.oidcProviders.map(provider) } },
            },
          },
          session: { lifespan: goDuration(seed.sessionLifespanMs) },
        },
      },
      oauth2: {
        config: {
          strategies: { access_token: 'opaque', scope: 'exact' },
          ttl: {
            access_token: goDuration(seed.oauth2.accessTokenMs),
            refresh_token: goDuration(seed.oauth2.refreshTokenMs),
            id_token: goDuration(seed.oauth2.idTokenMs),
          },
        },
      },
      permission: {
        config: {
          namespaces: [],
          limit: { max_read_depth: 5, max_read_width: 100 },
          feature_flags: { strict_mode: false },
        },
      },
    },
    cors_admin: { enabled: false, origins: [] },
    cors_public: { enabled: false, origins: [] },
  };
}
