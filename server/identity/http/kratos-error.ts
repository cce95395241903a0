/**
 * Errors in the identity wire envelope (`{"error":{id?,code,status,reason,message,details?}}`
 * plus top-level extras such as `redirect_browser_to` or `use_flow_id`). Throw one anywhere in a
 * handler; the error handler answers it as is.
 */
import { STATUS_CODES } from 'node:http';

export interface KratosErrorInit {
  id?: string;
  reason?: string;
  message?: string;
  details?: Record<string, unknown>;
  /** Top-level fields beside `error`. */
  extra?: Record<string, unknown>;
  /** For browser form submissions: where to send the browser instead of a JSON body. */
  browserLocation?: string;
}

const DEFAULT_MESSAGES: Record<number, string> = {
  400: 'The request was malformed or contained invalid parameters',
  401: 'The request could not be authorized',
  403: 'The requested action was forbidden',
  404: 'The requested resource could not be found',
  409: 'The resource could not be created due to a conflict',
  410: 'The requested resource is no longer available',
  422: 'The request was well-formed but was unable to be followed due to semantic errors',
  429: 'Too many requests',
  500: 'An internal server error occurred, please contact the system administrator',
};

export class KratosError extends Error {
  readonly status: number;
  readonly init: KratosErrorInit;

  constructor(status: number, init: KratosErrorInit = {}) {
    super(init.reason ?? init.message ?? STATUS_CODES[status] ?? 'error');
    this.status = status;
    this.init = init;
  }

  body(): Record<string, unknown> {
    return kratosErrorBody(this.status, this.init);
  }
}

export function kratosErrorBody(status: number, init: KratosErrorInit = {}): Record<string, unknown> {
  const error: Record<string, unknown> = {};
  if (init.id) error.id = init.id;
  error.code = status;
  error.status = STATUS_CODES[status] ?? 'Error';
  if (init.reason) error.reason = init.reason;
  error.message = init.message ?? DEFAULT_MESSAGES[status] ?? STATUS_CODES[status] ?? 'error';
  if (init.details) error.details = init.details;
  return { error, ...init.extra };
}

export const badRequest = (reason: string, id?: string) => new KratosError(400, { id, reason });
export const notFound = (reason: string) => new KratosError(404, { reason });
export const forbidden = (reason: string, id?: string) => new KratosError(403, { id, reason });
