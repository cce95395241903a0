/**
 * What a refused call means for a screen: its status, the field the API named (a schema failure
 * answers `details.field` such as `body/address/city`) and the API's own sentence. Screens turn
 * this into their language; the API's sentence is English and only used where nothing better is
 * known.
 */
import type { ErrorEnvelope } from '../../shared/error-envelope.js';
import { isHttpError } from './http.js';

export interface ApiFailure {
  /** Absent when no answer arrived (network failure, abort). */
  status?: number;
  /** The last segment of the field path the API named: `city` for `body/address/city`. */
  field?: string;
  /** The whole field path after `body`: `['redirectUris', '0']` for `body/redirectUris/0`. */
  path?: string[];
  reason?: string;
}

export function apiFailureOf(error: unknown): ApiFailure {
  if (!isHttpError(error) || !error.response) return {};
  const envelope = (error.response.data as Partial<ErrorEnvelope> | undefined)?.error;
  const path = typeof envelope?.details?.field === 'string' ? envelope.details.field : undefined;
  const segments = path?.split('/').filter(Boolean);
  return {
    status: error.response.status,
    field: segments?.at(-1),
    path: segments?.[0] === 'body' ? segments.slice(1) : segments,
    reason: typeof envelope?.reason === 'string' ? envelope.reason : undefined,
  };
}
