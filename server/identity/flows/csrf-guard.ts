/**
 * Browser flows belong to the browser that created them: its CSRF cookie must match the flow on
 * every read, and every submission must carry the masked token (body `csrf_token` or header
 * `X-CSRF-Token`). API flows carry no cookie and are exempt, as in the protocol.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_MAX_AGE_S, csrfCookieName, isWellFormedToken, newCsrfToken, tokensEqual, unmaskCsrfToken } from '../http/csrf.js';
import { KratosError } from '../http/kratos-error.js';
import type { IdentityServiceOptions } from '../options.js';
import type { StoredFlow } from '../store/flows.js';

/** The browser's CSRF token, set now when it has none. */
export function ensureCsrfCookie(request: FastifyRequest, reply: FastifyReply, options: IdentityServiceOptions): string {
  const name = csrfCookieName(options.publicUrl);
  const existing = request.cookies[name];
  if (isWellFormedToken(existing)) return existing;
  const token = newCsrfToken();
  reply.setCookie(name, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: options.publicUrl.startsWith('https:'),
    maxAge: CSRF_MAX_AGE_S,
  });
  // The rest of this request sees the browser as it will be from now on.
  request.cookies[name] = token;
  return token;
}

export function checkFlowOwner(request: FastifyRequest, flow: StoredFlow, options: IdentityServiceOptions): void {
  if (flow.type !== 'browser') return;
  const cookie = request.cookies[csrfCookieName(options.publicUrl)];
  if (!cookie || !tokensEqual(cookie, flow.csrf_token)) {
    throw csrfViolation('The anti-CSRF cookie is missing or belongs to another flow: the flow must be continued in the browser that started it.');
  }
}

export function checkSubmission(request: FastifyRequest, flow: StoredFlow, body: Record<string, unknown>, options: IdentityServiceOptions): void {
  if (flow.type !== 'browser') return;
  checkFlowOwner(request, flow, options);
  const header = request.headers['x-csrf-token'];
  const sent = typeof body.csrf_token === 'string' && body.csrf_token ? body.csrf_token : typeof header === 'string' ? header : '';
  if (!sent) {
    throw csrfViolation('The anti-CSRF cookie was found but the CSRF token was sent neither in the body (csrf_token) nor in the X-CSRF-Token header.');
  }
  const unmasked = unmaskCsrfToken(sent);
  if (!unmasked || !tokensEqual(unmasked, flow.csrf_token)) {
    throw csrfViolation('The CSRF token sent does not match the anti-CSRF cookie.');
  }
}

function csrfViolation(hint: string): KratosError {
  return new KratosError(403, {
    id: 'security_csrf_violation',
    reason:
      'Please retry the flow and optionally clear your cookies. The request was rejected to protect you from Cross-Site-Request-Forgery (CSRF), which could otherwise let another site act on your account.',
    message: 'the request was rejected to protect you from Cross-Site-Request-Forgery',
    details: { reject_reason: hint, hint },
  });
}
