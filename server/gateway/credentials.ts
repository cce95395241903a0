/**
 * The caller's identity-service credential: the session cookie a browser holds, or the session
 * token a script, device or load test sends in `X-Session-Token`. The token wins when both are
 * present, and a token-authenticated request carries no ambient credential (see csrf.ts).
 */
import { hash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

export interface Credential {
  kind: 'cookie' | 'token';
  value: string;
  /** SHA-256 of the credential: the only form in which it is cached, logged or broadcast. */
  hash: string;
}

export function readCredential(headers: IncomingHttpHeaders, cookieName: string): Credential | null {
  const token = headers['x-session-token'];
  if (typeof token === 'string' && token.length > 0) return credential('token', token);
  const value = readCookie(headers.cookie, cookieName);
  return value ? credential('cookie', value) : null;
}

function credential(kind: Credential['kind'], value: string): Credential {
  // The one-shot hash: a quarter of createHash's cost, and this runs on every request.
  return { kind, value, hash: hash('sha256', `${kind}\0${value}`, 'base64url') };
}

/** One cookie's value from a Cookie header, without parsing the others (hot path). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  let from = 0;
  while (from < header.length) {
    const at = header.indexOf(name, from);
    if (at < 0) return undefined;
    const before = at === 0 ? ' ' : header[at - 1];
    if ((before === ' ' || before === ';') && header[at + name.length] === '=') {
      const start = at + name.length + 1;
      const end = header.indexOf(';', start);
      const raw = header.slice(start, end < 0 ? undefined : end).trim();
      return raw.length > 0 ? raw : undefined;
    }
    from = at + name.length;
  }
  return undefined;
}

/** Headers that present the credential to the identity host's whoami. */
export function credentialHeaders(credential: Credential, cookieName: string): Record<string, string> {
  return credential.kind === 'token' ? { 'x-session-token': credential.value } : { cookie: `${cookieName}=${credential.value}` };
}
