/**
 * The oidc-provider instance, configured to look like Ory Hydra from outside: Hydra's paths,
 * authorization code (PKCE S256 required of public clients), refresh tokens rotated at every
 * use, client credentials; no implicit flow, no password grant. Login and consent are not pages
 * of this service: the browser is sent to the account screens with a challenge, and the admin
 * API records the answer on the interaction (interactions.ts).
 */
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Database, Queryable } from '../db/database.js';
import { DatabaseAdapter } from './adapter.js';
import { ISSUED_TOKEN_MODELS, tokenIssuedRecorder } from './audit.js';
import type { ModelCache } from './store/model-cache.js';
import { RecordedSaves } from './store/recorded-saves.js';
import { RequestRows } from './store/request-rows.js';
import { addAccessTokenHash } from './access-token-hash.js';
import { chooseAccessTokenFormat } from './access-token-format.js';
import type { OAuth2Settings, SettingsSource } from '../platform/project-settings.js';
import { claimsOf, identityReader, SCOPE_CLAIMS } from './claims.js';
import { guardClientSecrets, type ClientSecrets } from './client-secrets.js';
import { replaceFormPostPage } from './pages/form-post-middleware.js';
import { registerJwtBearer } from './grants/jwt-bearer.js';
import { interactionUrl } from './interactions.js';
import type { ProviderKeys } from './keys/provider-keys.js';
import { clientLifespan, LIFESPAN_FIELDS } from './lifespans.js';
import { rememberLoginLifespans, sessionLifespan } from './login-remember.js';
import type { LogoutRequests } from './logout.js';
import type { OAuth2ServiceOptions } from './options.js';

/** Hydra's public paths; the gateway forwards exactly these (and the resume path under auth). */
export const HYDRA_ROUTES = {
  authorization: '/oauth2/auth',
  token: '/oauth2/token',
  revocation: '/oauth2/revoke',
  userinfo: '/userinfo',
  end_session: '/oauth2/sessions/logout',
  jwks: '/.well-known/jwks.json',
  registration: '/oauth2/register',
  introspection: '/oauth2/introspect',
} as const;

/**
 * Client fields Hydra has and OpenID Connect registration does not. Hydra's free-form `metadata`
 * is kept as `hydra_metadata`: under its own name it would shadow oidc-provider's
 * `Client#metadata()` and make the client unreadable.
 */
export const HYDRA_CLIENT_FIELDS = [
  'skip_consent',
  'owner',
  'hydra_metadata',
  'audience',
  'allowed_cors_origins',
  // OpenID Connect Front-Channel Logout: oidc-provider dropped it, so logout.ts does it.
  'frontchannel_logout_uri',
  'frontchannel_logout_session_required',
  'created_at',
  'updated_at',
  ...LIFESPAN_FIELDS,
] as const;

function isWebUrl(value: unknown): boolean {
  if (typeof value !== 'string' || !URL.canParse(value)) return false;
  const { protocol, hash } = new URL(value);
  // The specification forbids a fragment: the provider appends iss and sid as a query.
  return (protocol === 'https:' || protocol === 'http:') && hash === '';
}

export function buildProvider(
  db: Queryable,
  /** oidc-provider's own storage: rows kept in memory where this process is the only writer (model-cache.ts), on a handle of its own. */
  store: { db: Database; cache?: ModelCache },
  keys: ProviderKeys,
  secrets: ClientSecrets,
  options: OAuth2ServiceOptions,
  logout: LogoutRequests,
  settings: SettingsSource<OAuth2Settings>,
): Provider {
  const readIdentity = identityReader(options.identityAdmin);
  const { lifespans } = options;
  // Read at each token: the project's TTLs apply from the next token on.
  const ttl = () => settings.current().ttl;

  // Where nothing is kept in memory, a token's lookup reads its session, client and grant with it.
  const requestRows = store.cache ? undefined : new RequestRows();
  // Issued tokens of every model go into one queue of statements: saved at once, they share a round trip and a commit.
  const recordedSaves = new RecordedSaves(store.db);
  const configuration: Configuration = {
    adapter: (name: string) => {
      const shared = { cache: store.cache, requestRows };
      if (name === 'Client') return new DatabaseAdapter(store.db, name, { ...shared, seal: (payload) => secrets.sealed(payload) });
      // A token's row and its audit event are written together.
      if (Object.hasOwn(ISSUED_TOKEN_MODELS, name)) {
        const record = tokenIssuedRecorder(name as keyof typeof ISSUED_TOKEN_MODELS);
        return new DatabaseAdapter(store.db, name, { ...shared, recorded: { record, saves: recordedSaves } });
      }
      return new DatabaseAdapter(store.db, name, shared);
    },
    // Hydra's methods. client_secret_jwt (and HS256 anywhere) would need the secret itself, which is stored only hashed.
    clientAuthMethods: ['client_secret_basic', 'client_secret_post', 'private_key_jwt', 'none'],
    enabledJWA: {
      clientAuthSigningAlgValues: ['RS256', 'PS256', 'ES256', 'Ed25519', 'EdDSA'],
      requestObjectSigningAlgValues: ['RS256', 'PS256', 'ES256', 'Ed25519', 'EdDSA'],
    },
    jwks: { keys: keys.signing },
    cookies: {
      keys: keys.cookies,
      names: { session: 'oauth2_session', interaction: 'oauth2_interaction', resume: 'oauth2_resume' },
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    routes: HYDRA_ROUTES,
    // Hydra's JWT access tokens carry an audience claim even when it is empty; oidc-provider refuses a JWT without one.
    formats: { customizers: { jwt: (_ctx, _token, jwt) => void (jwt.payload.aud ??= []) } },
    discovery: { frontchannel_logout_supported: true, frontchannel_logout_session_supported: true },
    responseTypes: ['code'],
    scopes: ['openid', 'offline_access', 'offline', 'email', 'profile'],
    claims: SCOPE_CLAIMS,
    // Hydra puts the granted scopes' claims into the ID token of the code flow too.
    conformIdTokenClaims: false,
    clientDefaults: {
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
      id_token_signed_response_alg: 'RS256',
    },
    extraClientMetadata: {
      properties: [...HYDRA_CLIENT_FIELDS],
      validator: (ctx, key, value) => {
        if (key === 'skip_consent' && value !== undefined && typeof value !== 'boolean') throw new errors.InvalidClientMetadata('skip_consent must be a boolean');
        // Only an operator (the admin API, no request context here) may make a client first-party.
        if (key === 'skip_consent' && value === true && ctx) throw new errors.InvalidClientMetadata('skip_consent cannot be set by dynamic registration');
        if (key === 'owner' && value !== undefined && typeof value !== 'string') throw new errors.InvalidClientMetadata('owner must be a string');
        if (key === 'hydra_metadata' && value !== undefined && (typeof value !== 'object' || value === null || Array.isArray(value))) {
          throw new errors.InvalidClientMetadata('metadata must be an object');
        }
        if (key === 'frontchannel_logout_uri' && value !== undefined && !isWebUrl(value)) throw new errors.InvalidClientMetadata('frontchannel_logout_uri must be an http(s) URL');
        if (key === 'frontchannel_logout_session_required' && value !== undefined && typeof value !== 'boolean') {
          throw new errors.InvalidClientMetadata('frontchannel_logout_session_required must be a boolean');
        }
        if ((key === 'audience' || key === 'allowed_cors_origins') && value !== undefined && !(Array.isArray(value) && value.every((v) => typeof v === 'string'))) {
          throw new errors.InvalidClientMetadata(`${key} must be an array of strings`);
        }
      },
    },
    pkce: { required: (_ctx, client) => client.clientAuthMethod === 'none' },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      // "Do you wish to log out?" is the account interface's screen, reached with a logout_challenge.
      rpInitiatedLogout: { enabled: true, logoutSource: (ctx) => logout.start(ctx) },
      backchannelLogout: { enabled: true },
      // The admin API introspects (Hydra's place for it), not a public endpoint.
      introspection: { enabled: false },
      // Hydra has neither, so the gateway forwards no path for them: discovery must not offer
      // pushed authorization requests or DPoP-bound tokens that cannot be used through it.
      pushedAuthorizationRequests: { enabled: false },
      dPoP: { enabled: false },
      registration: { enabled: options.dynamicRegistration },
      registrationManagement: { enabled: options.dynamicRegistration, rotateRegistrationAccessToken: true },
    },
    ttl: {
      AccessToken: clientLifespan('access_token', () => ttl().accessToken),
      AuthorizationCode: lifespans.authorizationCode,
      ClientCredentials: clientLifespan('access_token', () => ttl().accessToken),
      IdToken: clientLifespan('id_token', () => ttl().idToken),
      RefreshToken: clientLifespan('refresh_token', () => ttl().refreshToken),
      Interaction: lifespans.interaction,
      Session: sessionLifespan(lifespans.session),
      Grant: () => ttl().refreshToken,
    },
    // Hydra hands out refresh tokens for `offline_access` or `offline` without prompt=consent.
    issueRefreshToken: async (_ctx, client, code) => client.grantTypeAllowed('refresh_token') && (code.scopes.has('offline_access') || code.scopes.has('offline')),
    // Every use rotates; a rotated-out token used again revokes its whole grant (oidc-provider's reuse detection).
    rotateRefreshToken: () => true,
    loadExistingGrant,
    interactions: { url: (ctx, interaction) => interactionUrl(options.uiUrl, interaction) },
    findAccount: async (_ctx, sub) => {
      const identity = await readIdentity(sub);
      if (!identity || identity.state === 'inactive') return undefined;
      const claims = claimsOf(identity);
      return { accountId: sub, claims: () => ({ ...claims, sub }) };
    },
    clientBasedCORS: (_ctx, origin, client) => {
      const allowed = (client.allowed_cors_origins as string[] | undefined) ?? [];
      return allowed.includes(origin) || client.redirectUris?.some((uri) => new URL(uri).origin === origin) === true;
    },
    ...(options.privateNetworkCallbacks
      ? {
          // Without the dispatcher oidc-provider adds, which refuses special-use addresses.
          fetch: (input: string | URL | Request, init?: RequestInit) => {
            const { dispatcher: _ssrfGuard, ...rest } = (init ?? {}) as RequestInit & { dispatcher?: unknown };
            return fetch(input, rest);
          },
        }
      : {}),
    // Browser-facing failures go to the account interface's error card, as Hydra sends them to its error URL.
    renderError: (ctx, out) => {
      const url = new URL('/error', options.uiUrl);
      url.searchParams.set('error', out.error);
      if (out.error_description) url.searchParams.set('error_description', out.error_description);
      ctx.status = 303;
      ctx.redirect(url.href);
    },
  };
  const provider = new Provider(options.issuer, configuration);
  provider.use(replaceFormPostPage);
  registerJwtBearer(provider, db);
  guardClientSecrets(provider, secrets);
  chooseAccessTokenFormat(
    provider,
    () => settings.current().accessTokenFormat,
    () => keys.signing,
  );
  addAccessTokenHash(provider);
  rememberLoginLifespans(provider);
  // Hydra puts the sign-in session's sid into every ID token (oidc-provider only for back-channel
  // clients): an application told of a front-channel logout needs it to know which session ended.
  Object.defineProperty(provider.Client.prototype, 'includeSid', { value: () => true });
  // Behind the gateway: the public origin comes from X-Forwarded-Host/-Proto.
  provider.proxy = true;
  return provider;
}

/**
 * Only the grant the current consent produced is used; a remembered decision is offered back to
 * the consent screen as Hydra's `skip`, so every authorization shows its consent request (as
 * Hydra's do). A first-party client (`skip_consent`) gets what it asks for without one.
 */
async function loadExistingGrant(ctx: KoaContextWithOIDC) {
  const { oidc } = ctx;
  const grantId = oidc.result?.consent?.grantId;
  if (grantId) return oidc.provider.Grant.find(grantId);
  const client = oidc.client;
  const accountId = oidc.session?.accountId;
  if (!client || !accountId || client.skip_consent !== true) return undefined;
  const grant = new oidc.provider.Grant({ accountId, clientId: client.clientId });
  const scope = typeof oidc.params?.scope === 'string' ? oidc.params.scope : '';
  if (scope) grant.addOIDCScope(scope);
  await grant.save();
  return grant;
}
