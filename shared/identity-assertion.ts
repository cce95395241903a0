/**
 * The identity assertion: a short-lived HS256 JWT the gateway adds to every `/api` request it
 * forwards, in the `X-Sitewave-Identity` header, after checking the session and the route
 * policy. The API trusts nothing else about who is calling and verifies it with
 * `verifyIdentityAssertion`.
 */
import { jwtVerify, SignJWT } from 'jose';
import type { AuthenticatorAssuranceLevel } from './identity-session.js';

export const ASSERTION_HEADER = 'x-sitewave-identity';
export const ASSERTION_ISSUER = 'sitewave-gateway';
export const ASSERTION_AUDIENCE = 'sitewave-api';
/** Upper bound of an assertion's lifetime; the API refuses longer ones. */
export const ASSERTION_MAX_LIFETIME_S = 60;

export interface IdentityAssertion {
  /** Identity id. */
  sub: string;
  /** Session id. */
  sid: string;
  aal: AuthenticatorAssuranceLevel;
  /** The organisation and project the gateway checked permissions in, when any. */
  org?: string;
  project?: string;
  iat: number;
  exp: number;
}

export function assertionKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function signIdentityAssertion(
  key: Uint8Array,
  claims: Omit<IdentityAssertion, 'iat' | 'exp'>,
  nowSeconds: number,
  lifetimeSeconds = ASSERTION_MAX_LIFETIME_S,
): Promise<string> {
  const { sub, ...rest } = claims;
  return new SignJWT({ ...rest })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(sub)
    .setIssuer(ASSERTION_ISSUER)
    .setAudience(ASSERTION_AUDIENCE)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + Math.min(lifetimeSeconds, ASSERTION_MAX_LIFETIME_S))
    .sign(key);
}

/** Verifies signature, issuer, audience, expiry and the lifetime bound; throws otherwise. */
export async function verifyIdentityAssertion(key: Uint8Array, token: string): Promise<IdentityAssertion> {
  const { payload } = await jwtVerify(token, key, {
    algorithms: ['HS256'],
    issuer: ASSERTION_ISSUER,
    audience: ASSERTION_AUDIENCE,
    requiredClaims: ['sub', 'sid', 'exp', 'iat'],
  });
  if (payload.exp! - payload.iat! > ASSERTION_MAX_LIFETIME_S) throw new Error('assertion lifetime too long');
  return payload as unknown as IdentityAssertion;
}
