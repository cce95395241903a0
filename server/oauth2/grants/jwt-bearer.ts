/**
 * RFC 7523 JWT bearer grant, Hydra's profile: an authenticated client exchanges an assertion
 * signed by a trusted issuer (admin API: /admin/trust/grants/jwt-bearer/issuers) for an access
 * token for the assertion's subject, with at most the scopes the trust allows. The assertion's
 * audience must be this token endpoint; a `jti` is good once.
 */
import { decodeJwt, decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import type Provider from 'oidc-provider';
import { errors, type TokenEndpointGrantContext } from 'oidc-provider';
import type { Queryable } from '../../db/database.js';
import { DatabaseAdapter } from '../adapter.js';
import { trustsFor } from '../store/trusted-issuers.js';

export const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** Hydra refuses assertions valid for longer than this (30 days). */
const MAX_LIFETIME_SECONDS = 30 * 24 * 3600;

type Params = { assertion?: string; scope?: string };

export function registerJwtBearer(provider: Provider, db: Queryable): void {
  const usedJtis = new DatabaseAdapter(db, 'JwtBearerJti');

  const handler = async (ctx: TokenEndpointGrantContext<Params>) => {
    const { client, params } = ctx.oidc;
    const assertion = params.assertion;
    if (typeof assertion !== 'string' || !assertion) throw new errors.InvalidRequest('missing required parameter assertion');
    let claims: ReturnType<typeof decodeJwt>;
    let header: ReturnType<typeof decodeProtectedHeader>;
    try {
      claims = decodeJwt(assertion);
      header = decodeProtectedHeader(assertion);
    } catch {
      throw new errors.InvalidGrant('the assertion is not a JWT');
    }
    const { iss, sub, exp, jti } = claims;
    if (!iss || !sub || !exp) throw new errors.InvalidGrant('the assertion needs iss, sub and exp');
    const now = Math.floor(Date.now() / 1000);
    if (exp - now > MAX_LIFETIME_SECONDS) throw new errors.InvalidGrant('the assertion is valid for too long');

    const trusts = (await trustsFor(db, iss, sub, new Date())).filter((trust) => !header.kid || trust.key_id === header.kid);
    const tokenUrl = ctx.oidc.urlFor('token');
    let trusted: (typeof trusts)[number] | undefined;
    for (const trust of trusts) {
      try {
        const key = await importJWK(trust.jwk as Parameters<typeof importJWK>[0], header.alg);
        await jwtVerify(assertion, key, { issuer: iss, subject: sub, audience: tokenUrl });
        trusted = trust;
        break;
      } catch {
        // Another trusted key of the issuer may have signed it.
      }
    }
    if (!trusted) throw new errors.InvalidGrant('the assertion is not signed by a trusted issuer for this subject, or its audience is not this token endpoint');

    const requested = typeof params.scope === 'string' ? params.scope.split(' ').filter(Boolean) : [];
    const clientScopes = new Set((client.scope ?? '').split(' ').filter(Boolean));
    const refused = requested.filter((scope) => !trusted.scope.includes(scope) || (clientScopes.size > 0 && !clientScopes.has(scope)));
    if (refused.length) throw new errors.InvalidScope('requested scope is not allowed', refused.join(' '));

    if (jti) {
      if (await usedJtis.find(`${iss}:${jti}`)) throw new errors.InvalidGrant('the assertion was used before');
      await usedJtis.upsert(`${iss}:${jti}`, { iat: now }, Math.max(1, exp - now));
    }

    const grant = new ctx.oidc.provider.Grant({ accountId: sub, clientId: client.clientId });
    if (requested.length) grant.addOIDCScope(requested.join(' '));
    const grantId = await grant.save();
    const token = new ctx.oidc.provider.AccessToken({ accountId: sub, client, grantId, gty: JWT_BEARER, scope: requested.join(' ') || undefined });
    ctx.oidc.entity('AccessToken', token);
    const value = await token.save();
    ctx.body = { access_token: value, expires_in: token.expiration, token_type: 'Bearer', scope: token.scope || undefined };
  };

  provider.registerGrantType(JWT_BEARER, handler, ['assertion', 'scope']);
}
