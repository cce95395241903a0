/**
 * CSRF protection as Kratos does it: a random token in a per-deployment cookie
 * (`csrf_token_<sha256 of the public URL>`), and in each flow a masked copy — key ‖ token⊕key,
 * base64 — made afresh for every answer so the page never carries a constant secret (BREACH).
 * A browser submission must carry a masked token that unmasks to the cookie's token, and the
 * flow must belong to that cookie.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const TOKEN_BYTES = 32;
export const CSRF_MAX_AGE_S = 365 * 24 * 60 * 60;

export function csrfCookieName(publicUrl: string): string {
  return `csrf_token_${createHash('sha256').update(publicUrl).digest('hex')}`;
}

export function newCsrfToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64');
}

export function isWellFormedToken(token: string | undefined): token is string {
  if (!token) return false;
  const raw = Buffer.from(token, 'base64');
  return raw.length === TOKEN_BYTES && raw.toString('base64') === token;
}

export function maskCsrfToken(token: string): string {
  const raw = Buffer.from(token, 'base64');
  const key = randomBytes(TOKEN_BYTES);
  const masked = Buffer.alloc(TOKEN_BYTES);
  for (let i = 0; i < TOKEN_BYTES; i++) masked[i] = raw[i]! ^ key[i]!;
  return Buffer.concat([key, masked]).toString('base64');
}

export function unmaskCsrfToken(masked: string): string | undefined {
  const raw = Buffer.from(masked, 'base64');
  if (raw.length !== TOKEN_BYTES * 2) return undefined;
  const token = Buffer.alloc(TOKEN_BYTES);
  for (let i = 0; i < TOKEN_BYTES; i++) token[i] = raw[TOKEN_BYTES + i]! ^ raw[i]!;
  return token.toString('base64');
}

export function tokensEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
