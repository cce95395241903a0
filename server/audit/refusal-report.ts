/**
 * The gateway's report of the refusals it answered itself (a CSRF check, a missing permission, a
 * rate limit), which never reach the API: counted per actor and minute, then sent to the API's
 * audit trail in one signed call. The signature is an HS256 JWT under the identity assertion's key
 * but for an audience of its own, so no assertion can pass for a report nor a report for an
 * assertion. It binds the exact body (`bdh`, SHA-256) and is used once (`jti`): a changed or
 * replayed report is refused, and the address it names is the gateway's word, not a header.
 */
import { createHash } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { AuditAction } from '../../shared/audit-actions.js';
import { ASSERTION_ISSUER, ASSERTION_MAX_LIFETIME_S } from '../../shared/identity-assertion.js';

export const REFUSAL_REPORT_HEADER = 'x-sitewave-refusal-report';
export const REFUSAL_REPORT_AUDIENCE = 'sitewave-api-refusals';
export const REFUSAL_REPORT_PATH = '/internal/audit/refusals';
/** Refusals one report may carry; the gateway sends several reports when it holds more. */
export const REFUSAL_REPORT_MAX_ITEMS = 500;

export const REFUSAL_ACTIONS = ['refusal.permission_denied', 'refusal.csrf', 'refusal.rate_limited'] as const satisfies readonly AuditAction[];
export type RefusalAction = (typeof REFUSAL_ACTIONS)[number];

export interface ReportedRefusal {
  action: RefusalAction;
  /** The minute counted, `YYYY-MM-DDTHH:MM` in UTC. */
  minute: string;
  count: number;
  /** The identity a known session names, or none (anonymous, by address). */
  identityId: string | null;
  address: string | null;
  /** Up to ten `METHOD /route` refused in that minute. */
  routes: string[];
  /** Up to five foreign origins a CSRF refusal came from. */
  origins?: string[];
}

export interface RefusalReport {
  refusals: ReportedRefusal[];
}

export function reportBodyHash(body: string): string {
  return createHash('sha256').update(body).digest('base64url');
}

export function signRefusalReport(key: Uint8Array, body: string, reportId: string, nowSeconds: number): Promise<string> {
  return new SignJWT({ bdh: reportBodyHash(body) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ASSERTION_ISSUER)
    .setAudience(REFUSAL_REPORT_AUDIENCE)
    .setJti(reportId)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + ASSERTION_MAX_LIFETIME_S)
    .sign(key);
}

/** The report's id when the signature is ours, fresh and over exactly this body; throws otherwise. */
export async function verifyRefusalReport(key: Uint8Array, token: string, body: string): Promise<string> {
  const { payload } = await jwtVerify(token, key, {
    algorithms: ['HS256'],
    issuer: ASSERTION_ISSUER,
    audience: REFUSAL_REPORT_AUDIENCE,
    requiredClaims: ['jti', 'exp', 'iat', 'bdh'],
  });
  if (payload.exp! - payload.iat! > ASSERTION_MAX_LIFETIME_S) throw new Error('report lifetime too long');
  if (payload.bdh !== reportBodyHash(body)) throw new Error('the report was signed over another body');
  return payload.jti!;
}
