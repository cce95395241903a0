/**
 * Cross-site request forgery defence for `/api` and `/bff`: an unsafe method must come from
 * our own origin (Origin, or Referer when a browser omits Origin) and carry the double-submit
 * pair the client's HTTP layer sends: the `XSRF-TOKEN` cookie echoed in `X-XSRF-TOKEN`.
 * A request authenticated by an `X-Session-Token` header carries no ambient credential, so a
 * forged request could not use it, and it skips the check.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readCookie } from './credentials.js';
import { HttpError } from './http-error.js';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A 403 of this check, told apart from a missing permission in the audit trail (refusal-reports.ts). */
export class CsrfRefusal extends HttpError {
  constructor(reason: string) {
    super(403, reason);
  }
}

export function checkCsrf(method: string, headers: IncomingHttpHeaders, publicOrigin: string): void {
  if (SAFE_METHODS.has(method)) return;
  if (typeof headers['x-session-token'] === 'string' && headers['x-session-token'].length > 0) return;

  const origin = headers.origin;
  if (origin !== undefined) {
    if (origin !== publicOrigin) {
      throw new CsrfRefusal(`Cross-origin request refused: Origin ${origin} is not ${publicOrigin}`);
    }
  } else {
    const referer = headers.referer;
    if (referer === undefined) throw new CsrfRefusal('Request refused: it has neither an Origin nor a Referer header');
    if (referer !== publicOrigin && !referer.startsWith(`${publicOrigin}/`)) {
      throw new CsrfRefusal(`Cross-origin request refused: Referer is not on ${publicOrigin}`);
    }
  }

  const cookie = readCookie(headers.cookie, XSRF_COOKIE);
  const header = headers[XSRF_HEADER];
  if (!cookie || typeof header !== 'string' || !sameToken(cookie, header)) {
    throw new CsrfRefusal(`Missing or mismatched XSRF token: send the ${XSRF_COOKIE} cookie value in the X-XSRF-TOKEN header`);
  }
}

/** Where a refused request says it came from: its Origin, else its Referer's origin (for the audit trail). */
export function foreignOrigin(headers: IncomingHttpHeaders): string | undefined {
  if (headers.origin !== undefined) return headers.origin;
  if (headers.referer === undefined) return undefined;
  try {
    return new URL(headers.referer).origin;
  } catch {
    return 'an unreadable Referer';
  }
}

function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Gives a browser its XSRF cookie the first time it loads the app or a `/bff` endpoint. */
export function ensureXsrfCookie(request: FastifyRequest, reply: FastifyReply, secure: boolean): void {
  if (readCookie(request.headers.cookie, XSRF_COOKIE)) return;
  // Readable by the client's script (that is the point of double-submit), so not HttpOnly.
  reply.setCookie(XSRF_COOKIE, randomBytes(32).toString('base64url'), {
    path: '/',
    sameSite: 'lax',
    secure,
    httpOnly: false,
  });
}
