/**
 * The session cookie. It holds the session token itself (HttpOnly, so page scripts never see
 * it); Secure whenever the public URL is https; SameSite=Lax so links from mail still arrive
 * signed in while cross-site posts do not.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'ory_kratos_session';

export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date, publicUrl: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: publicUrl.startsWith('https:'),
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, publicUrl: string): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: publicUrl.startsWith('https:') });
}

/** Kratos' lookup order: X-Session-Token, then the cookie, then a bearer token. */
export function sessionTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers['x-session-token'];
  if (typeof header === 'string' && header) return header;
  const cookie = request.cookies[SESSION_COOKIE];
  if (cookie) return cookie;
  const authorization = request.headers.authorization;
  if (authorization?.toLowerCase().startsWith('bearer ')) return authorization.slice(7).trim() || undefined;
  return undefined;
}
