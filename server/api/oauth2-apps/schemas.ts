/**
 * The OAuth2 administration's request and response shapes. The API speaks its own camelCase
 * vocabulary (an application, its scopes as a list, `jwt-bearer` for the long grant URN) and
 * translates to the provider's Hydra fields in one place (application-view.ts).
 */
import { Type, type Static } from 'typebox';
import { DateTime, Nullable } from '../http/response-schemas.js';
import { TextEnum } from '../http/schemas.js';

export const GRANT_TYPES = ['authorization_code', 'refresh_token', 'client_credentials', 'jwt-bearer'] as const;
export type GrantType = (typeof GRANT_TYPES)[number];
export const AUTH_METHODS = ['none', 'client_secret_basic', 'client_secret_post'] as const;

/** RFC 6749 §3.3 scope-token: printable ASCII without space, `"` and `\`. */
const ScopeToken = Type.String({ minLength: 1, maxLength: 128, pattern: '^[\\x21\\x23-\\x5B\\x5D-\\x7E]+$' });
const Scopes = Type.Array(ScopeToken, { maxItems: 50, uniqueItems: true });
/** Checked further by the handler: absolute https, or http on loopback only. */
const Uri = Type.String({ minLength: 1, maxLength: 2048 });
const Uris = Type.Array(Uri, { maxItems: 20, uniqueItems: true });

export const ClientParams = Type.Object({ clientId: Type.String({ minLength: 1, maxLength: 256 }) });

export const ApplicationInput = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    redirectUris: Type.Optional(Uris),
    postLogoutRedirectUris: Type.Optional(Uris),
    grantTypes: Type.Array(TextEnum(GRANT_TYPES), { minItems: 1, uniqueItems: true }),
    scopes: Scopes,
    tokenEndpointAuthMethod: TextEnum(AUTH_METHODS, { description: 'none makes a public client (PKCE, no secret)' }),
    skipConsent: Type.Optional(Type.Boolean({ description: 'A first-party application: signed-in users are not asked to consent' })),
  },
  { additionalProperties: false },
);
export type ApplicationInput = Static<typeof ApplicationInput>;

export const ApplicationSchema = Type.Object({
  id: Type.String({ description: 'The client_id' }),
  name: Type.String(),
  redirectUris: Type.Array(Type.String()),
  postLogoutRedirectUris: Type.Array(Type.String()),
  grantTypes: Type.Array(
    Type.String({ description: 'authorization_code, refresh_token, client_credentials, jwt-bearer, or a grant the provider knows that this API does not name' }),
  ),
  scopes: Type.Array(Type.String()),
  tokenEndpointAuthMethod: Type.String(),
  skipConsent: Type.Boolean(),
  createdAt: Nullable(DateTime),
  updatedAt: Nullable(DateTime),
});
export type Application = Static<typeof ApplicationSchema>;

export const CreatedApplicationSchema = Type.Object({
  application: ApplicationSchema,
  clientSecret: Nullable(Type.String({ description: 'Shown in this answer only; null for a public client' })),
});

export const SecretSchema = Type.Object({ clientSecret: Type.String({ description: 'The new secret, shown in this answer only; the old one stops working' }) });

export const ApplicationPageSchema = Type.Object({
  items: Type.Array(ApplicationSchema),
  nextPageToken: Nullable(Type.String({ description: 'Pass as pageToken for the next page; null on the last page' })),
});

export const ApplicationListQuery = Type.Object(
  {
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 250, default: 50 })),
    pageToken: Type.Optional(Type.String({ minLength: 1, maxLength: 512 })),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Applications with exactly this name' })),
  },
  { additionalProperties: false },
);

export const GrantedApplicationSchema = Type.Object({
  application: Type.Object({ id: Type.String(), name: Type.String() }),
  scopes: Type.Array(Type.String(), { description: 'Every scope the user granted it, over all its consents' }),
  remembered: Type.Boolean({ description: 'A consent is remembered: the user is not asked again for these scopes' }),
  lastGrantedAt: Nullable(DateTime),
});
export const GrantedApplicationsSchema = Type.Object({ items: Type.Array(GrantedApplicationSchema) });

export const UserGrantParams = Type.Object({ userId: Type.String() });
export const UserGrantClientParams = Type.Object({ userId: Type.String(), clientId: Type.String({ minLength: 1, maxLength: 256 }) });

export const TrustedIssuerInput = Type.Object(
  {
    issuer: Type.String({ minLength: 1, maxLength: 2048 }),
    subject: Type.Optional(Type.String({ minLength: 1, maxLength: 256, description: 'The one subject its assertions may name; leave out with allowAnySubject' })),
    allowAnySubject: Type.Optional(Type.Boolean()),
    scopes: Scopes,
    expiresAt: Type.String({ format: 'date-time' }),
    jwk: Type.Object(
      {
        kty: Type.String({ minLength: 1, maxLength: 16 }),
        kid: Type.String({ minLength: 1, maxLength: 256 }),
        alg: Type.String({ minLength: 1, maxLength: 32 }),
        use: TextEnum(['sig']),
      },
      { additionalProperties: true, description: 'The public key its assertions are signed with (private members are refused)' },
    ),
  },
  { additionalProperties: false },
);
export type TrustedIssuerInput = Static<typeof TrustedIssuerInput>;

export const TrustedIssuerSchema = Type.Object({
  id: Type.String(),
  issuer: Type.String(),
  subject: Type.String(),
  allowAnySubject: Type.Boolean(),
  scopes: Type.Array(Type.String()),
  keyId: Type.String(),
  createdAt: Nullable(DateTime),
  expiresAt: Nullable(DateTime),
});
export type TrustedIssuer = Static<typeof TrustedIssuerSchema>;
export const TrustedIssuersSchema = Type.Object({ items: Type.Array(TrustedIssuerSchema) });
export const IssuerParams = Type.Object({ issuerId: Type.String() });

export const SigningKeySchema = Type.Object({
  kid: Type.String(),
  algorithm: Type.String({ description: 'The JWS algorithm, RS256' }),
  signing: Type.Boolean({ description: 'This key signs new ID tokens; the others only verify tokens they signed' }),
  createdAt: Nullable(DateTime, { description: 'null when the provider does not say (an external Hydra)' }),
  retiredAt: Nullable(DateTime, { description: 'When it stopped signing; null for the signing key' }),
  rotatesAt: Nullable(DateTime, { description: 'The signing key: when the provider replaces it on its schedule' }),
  removesAt: Nullable(DateTime, { description: 'A retired key: when the provider drops it from its JWKS, every token it signed having expired' }),
});
export type SigningKey = Static<typeof SigningKeySchema>;
export const SigningKeysSchema = Type.Object({ items: Type.Array(SigningKeySchema, { description: 'The signing key first' }) });
