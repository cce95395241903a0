/**
 * The project's configuration as the embedded services use it: the Kratos and Hydra keys of the
 * stored document, read into typed settings with the defaults filled in. The identity service
 * and the OAuth2 provider read these at each request (live-project.ts keeps them current), so a
 * saved change applies without a restart.
 */
import { providerFromConfig, type OidcProvider } from '../identity/strategies/oidc/providers.js';
import { PASSWORD_MIN_LENGTH } from '../../shared/password-policy.js';
import type { ProjectDocument } from './config-schema.js';
import { parseGoDuration } from './duration.js';

/** Kratos' method names; `profile` (settings) is not a method and is always on. */
export const IDENTITY_METHODS = ['password', 'code', 'link', 'totp', 'lookup_secret', 'webauthn', 'passkey', 'oidc'] as const;
export type IdentityMethod = (typeof IDENTITY_METHODS)[number];

export interface PasswordPolicy {
  minLength: number;
  identifierSimilarity: boolean;
  /** The offline breach list (`haveibeenpwned_enabled`). */
  breachedCheck: boolean;
  /** Sightings a password may have and still be accepted (`max_breaches`). */
  maxBreaches: number;
}

export interface IdentitySettings {
  recoveryUse: 'code' | 'link';
  verificationUse: 'code' | 'link';
  methods: Readonly<Record<IdentityMethod, boolean>>;
  /** Shown and accepted only while `methods.oidc` is on. */
  oidcProviders: readonly OidcProvider[];
  sessionLifespanMs: number;
  password: PasswordPolicy;
}

export interface OAuth2Settings {
  accessTokenFormat: 'opaque' | 'jwt';
  scopeStrategy: 'exact' | 'wildcard';
  /** Seconds, as oidc-provider counts them. */
  ttl: { accessToken: number; refreshToken: number; idToken: number };
}

export interface PermissionSettings {
  /**
   * Keto's `namespaces`: names, or Ory Permission Language models given as `base64://<OPL>`
   * (decoded here; the permission service parses them).
   */
  namespaces: readonly ({ name: string } | { opl: string })[];
  maxReadDepth: number;
  maxReadWidth: number;
  strictMode: boolean;
}

/** What a service holds: the settings now, and a promise that they are current before a request is answered. */
export interface SettingsSource<T> {
  current(): T;
  fresh(): Promise<void>;
}

export function fixedSettings<T>(settings: T): SettingsSource<T> {
  return { current: () => settings, fresh: async () => undefined };
}

type Json = Record<string, unknown>;

/** The object at `path`, or an empty one: the schema makes every level optional. */
function at(root: unknown, ...path: string[]): Json {
  let node = root;
  for (const key of path) node = node && typeof node === 'object' ? (node as Json)[key] : undefined;
  return node && typeof node === 'object' && !Array.isArray(node) ? (node as Json) : {};
}

const seconds = (text: unknown, fallback: number) => (typeof text === 'string' ? Math.max(1, Math.round((parseGoDuration(text) ?? fallback * 1000) / 1000)) : fallback);

export interface IdentityDefaults {
  sessionLifespanMs: number;
  /** The environment's providers: where a stored provider without a secret takes it from. */
  environmentProviders: readonly OidcProvider[];
}

export function identitySettingsOf(document: ProjectDocument, defaults: IdentityDefaults): IdentitySettings {
  const config = document.services.identity.config;
  const flows = at(config, 'selfservice', 'flows');
  const methods = at(config, 'selfservice', 'methods');
  const password = at(methods, 'password', 'config');
  const lifespan = at(config, 'session').lifespan;
  const use = (flow: string) => (at(flows, flow).use === 'link' ? 'link' : 'code');
  return {
    recoveryUse: use('recovery'),
    verificationUse: use('verification'),
    methods: Object.fromEntries(IDENTITY_METHODS.map((method) => [method, at(methods, method).enabled !== false])) as Record<IdentityMethod, boolean>,
    oidcProviders: oidcProvidersOf(document, defaults.environmentProviders).providers,
    sessionLifespanMs: (typeof lifespan === 'string' && parseGoDuration(lifespan)) || defaults.sessionLifespanMs,
    password: {
      minLength: typeof password.min_password_length === 'number' ? password.min_password_length : PASSWORD_MIN_LENGTH,
      identifierSimilarity: password.identifier_similarity_check_enabled !== false,
      breachedCheck: password.haveibeenpwned_enabled !== false,
      maxBreaches: typeof password.max_breaches === 'number' ? password.max_breaches : 0,
    },
  };
}

/**
 * The stored providers, each completed from the environment's provider of the same id (which
 * keeps its secret and trait mapping where the operator put them), then the environment's
 * providers the document does not name: a provider in the environment is always offered.
 */
export function oidcProvidersOf(document: ProjectDocument, environment: readonly OidcProvider[]): { providers: OidcProvider[]; problems: string[] } {
  const stored = at(document.services.identity.config, 'selfservice', 'methods', 'oidc', 'config').providers;
  const providers: OidcProvider[] = [];
  const problems: string[] = [];
  (Array.isArray(stored) ? (stored as Json[]) : []).forEach((entry, index) => {
    const parsed = providerFromConfig(
      entry,
      environment.find((p) => p.id === entry.id),
    );
    if ('provider' in parsed) providers.push(parsed.provider);
    else problems.push(`services.identity.config.selfservice.methods.oidc.config.providers.${index}${parsed.problem}`);
  });
  for (const provider of environment) if (!providers.some((p) => p.id === provider.id)) providers.push(provider);
  return { providers, problems };
}

export function oauth2SettingsOf(document: ProjectDocument, defaults: OAuth2Settings['ttl']): OAuth2Settings {
  const config = document.services.oauth2.config;
  const strategies = at(config, 'strategies');
  const ttl = at(config, 'ttl');
  return {
    accessTokenFormat: strategies.access_token === 'jwt' ? 'jwt' : 'opaque',
    scopeStrategy: strategies.scope === 'wildcard' ? 'wildcard' : 'exact',
    ttl: {
      accessToken: seconds(ttl.access_token, defaults.accessToken),
      refreshToken: seconds(ttl.refresh_token, defaults.refreshToken),
      idToken: seconds(ttl.id_token, defaults.idToken),
    },
  };
}

/** Keto's defaults: depth 5, width 100, strict mode off. */
export function permissionSettingsOf(document: ProjectDocument): PermissionSettings {
  const config = document.services.permission.config;
  const limit = at(config, 'limit');
  const namespaces = Array.isArray(config.namespaces) ? (config.namespaces as Json[]) : [];
  return {
    namespaces: namespaces.map((entry) =>
      typeof entry.location === 'string'
        ? { opl: Buffer.from(entry.location.slice('base64://'.length).replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8') }
        : { name: String(entry.name) },
    ),
    maxReadDepth: typeof limit.max_read_depth === 'number' ? limit.max_read_depth : 5,
    maxReadWidth: typeof limit.max_read_width === 'number' ? limit.max_read_width : 100,
    strictMode: at(config, 'feature_flags').strict_mode === true,
  };
}
