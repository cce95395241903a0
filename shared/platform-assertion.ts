/**
 * The platform assertion: a short-lived HS256 JWT the gateway adds, in `X-Sitewave-Platform`, to
 * the calls it makes to the API service for the project API (its members). The caller there may
 * be an API key, which no identity assertion can name, so this one names the actor as the
 * platform service records it: `api-key:<id>` or `identity:<id>`. It is signed with the identity
 * assertion's key but for another audience, so neither kind can be passed off as the other.
 */
import { jwtVerify, SignJWT } from 'jose';
import { ASSERTION_ISSUER, ASSERTION_MAX_LIFETIME_S } from './identity-assertion.js';

export const PLATFORM_ASSERTION_HEADER = 'x-sitewave-platform';
export const PLATFORM_ASSERTION_AUDIENCE = 'sitewave-api-platform';
const ACTOR = /^(identity|api-key):[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface PlatformActor {
  kind: 'identity' | 'api-key';
  id: string;
}

export function signPlatformAssertion(key: Uint8Array, actor: string, nowSeconds: number): Promise<string> {
  if (!ACTOR.test(actor)) throw new Error(`not a platform actor: ${actor}`);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(actor)
    .setIssuer(ASSERTION_ISSUER)
    .setAudience(PLATFORM_ASSERTION_AUDIENCE)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + ASSERTION_MAX_LIFETIME_S)
    .sign(key);
}

/** The actor a valid assertion names; throws for a forged, expired, overlong or foreign one. */
export async function verifyPlatformAssertion(key: Uint8Array, token: string): Promise<PlatformActor> {
  const { payload } = await jwtVerify(token, key, {
    algorithms: ['HS256'],
    issuer: ASSERTION_ISSUER,
    audience: PLATFORM_ASSERTION_AUDIENCE,
    requiredClaims: ['sub', 'exp', 'iat'],
  });
  if (payload.exp! - payload.iat! > ASSERTION_MAX_LIFETIME_S) throw new Error('assertion lifetime too long');
  if (!ACTOR.test(payload.sub!)) throw new Error('the assertion names no actor');
  const [kind, id] = payload.sub!.split(':') as [PlatformActor['kind'], string];
  return { kind, id };
}
