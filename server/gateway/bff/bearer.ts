import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { HttpError } from '../http-error.js';

/** Operator endpoints (metrics, auth check) answer only to the configured bearer token. */
export function requireBearer(headers: IncomingHttpHeaders, token: string): void {
  const presented = Buffer.from(headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${token}`);
  if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) {
    throw new HttpError(401, 'This endpoint needs the operator bearer token', undefined, { 'www-authenticate': 'Bearer' });
  }
}
