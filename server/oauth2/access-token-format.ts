/**
 * Hydra's `strategies.access_token`: `opaque` tokens, or `jwt` — access tokens signed with the
 * provider's ID token key (`typ: at+jwt`), which resource servers can check against the JWKS
 * without calling back. oidc-provider issues JWTs only for resource indicators, which would
 * also give the token an audience and shut it out of userinfo; Hydra's JWT tokens work
 * everywhere its opaque ones do. So the format is chosen here, at each token's save, from the
 * project's setting as it is then, its record is stored under its `jti` like an opaque token's,
 * and a JWT presented back (userinfo, introspection, revocation) is checked and found by it.
 */
import { compactVerify, createLocalJWKSet, decodeJwt, type JSONWebKeySet } from 'jose';
import type Provider from 'oidc-provider';
import type { JWK } from 'oidc-provider';

type Format = 'opaque' | 'jwt';

interface Token {
  resourceServer?: unknown;
  aud?: unknown;
  format?: string;
  generateTokenId(): string;
  getValueAndPayload(): Promise<{ value: string; payload?: Record<string, unknown> }>;
}

interface TokenModel {
  prototype: Token;
  adapter: { find(id: string): Promise<Record<string, unknown> | undefined> };
  find(value: unknown, ...rest: unknown[]): Promise<unknown>;
  verify(stored: Record<string, unknown>, options?: { ignoreExpiration?: boolean }): Promise<Record<string, unknown>>;
  instantiate(payload: Record<string, unknown>): StoredToken;
}

interface StoredToken {
  expiresWithSession?: boolean;
  sessionUid?: string;
  accountId?: string;
  grantId?: string;
  clientId?: string;
}

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

export function chooseAccessTokenFormat(provider: Provider, format: () => Format, signingKeys: () => readonly JWK[]): void {
  // The provider's own defaults apply (its ID token algorithm and current key).
  const signedByProvider = new provider.ResourceServer(provider.issuer, { scope: '', accessTokenFormat: 'jwt', jwt: { sign: {} } });
  for (const Model of [provider.AccessToken, provider.ClientCredentials] as unknown as TokenModel[]) {
    const generate = Model.prototype.generateTokenId;
    Model.prototype.generateTokenId = function (this: Token) {
      if (!this.resourceServer && format() === 'jwt') {
        // Setting it sets an audience too; the token keeps the one it had (usually none).
        const audience = this.aud;
        this.resourceServer = signedByProvider;
        this.aud = audience;
      }
      return generate.call(this);
    };
    // oidc-provider keeps no record of a JWT; one is kept here, as for an opaque token, so that
    // a JWT can be introspected and revoked like one.
    const valueAndPayload = Model.prototype.getValueAndPayload;
    Model.prototype.getValueAndPayload = async function (this: Token) {
      if (this.format !== 'jwt') return valueAndPayload.call(this);
      const { value } = await valueAndPayload.call(this);
      this.format = 'opaque';
      try {
        const { payload } = await valueAndPayload.call(this);
        return { value, payload: { ...payload, format: 'jwt' } };
      } finally {
        this.format = 'jwt';
      }
    };
    const find = Model.find.bind(Model);
    Model.find = async (value: unknown, ...rest: unknown[]) => {
      if (typeof value !== 'string' || !JWT_SHAPE.test(value)) return find(value, ...rest);
      const jti = await verifiedJti(value, provider.issuer, signingKeys());
      return jti ? findIssuedAsJwt(provider, Model, jti, rest[0] as { ignoreExpiration?: boolean } | undefined) : undefined;
    };
  }
}

/**
 * oidc-provider finds no JWT-format record (its opaque lookup refuses them, so the bare `jti`
 * never works as a token): a record is read here only after its JWT's signature was checked,
 * and bound to the sign-in session as the provider binds its own.
 */
async function findIssuedAsJwt(provider: Provider, Model: TokenModel, jti: string, options?: { ignoreExpiration?: boolean }): Promise<StoredToken | undefined> {
  const stored = await Model.adapter.find(jti);
  if (!stored || stored.format !== 'jwt') return undefined;
  let token: StoredToken;
  try {
    token = Model.instantiate(await Model.verify({ ...stored, format: 'opaque' }, { ignoreExpiration: options?.ignoreExpiration === true }));
  } catch {
    return undefined;
  }
  if (!token.expiresWithSession) return token;
  const session = token.sessionUid ? await provider.Session.findByUid(token.sessionUid) : undefined;
  if (!session || session.accountId !== token.accountId || session.grantIdFor(token.clientId!) !== token.grantId) return undefined;
  return token;
}

/** The token's id when the provider signed it (with any key it still publishes), else undefined. */
async function verifiedJti(value: string, issuer: string, keys: readonly JWK[]): Promise<string | undefined> {
  try {
    const publicKeys = { keys: keys.map(({ d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...rest }) => rest) } as JSONWebKeySet;
    await compactVerify(value, createLocalJWKSet(publicKeys));
    const { jti, iss } = decodeJwt(value);
    return iss === issuer && typeof jti === 'string' ? jti : undefined;
  } catch {
    return undefined;
  }
}
