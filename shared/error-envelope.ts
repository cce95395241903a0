/**
 * The error body every sitewave service answers with. It is the identity service's wire
 * envelope, so the client needs one error reader for the gateway, the API and the identity host.
 */
export interface ErrorEnvelope {
  error: {
    /** HTTP status code, repeated in the body so a logged body is self-describing. */
    code: number;
    /** The status text, e.g. "Forbidden". */
    status: string;
    /** Why this request failed, in terms of the request: safe to show to the user. */
    reason: string;
    /** A generic sentence for the status. */
    message: string;
    id?: string;
    request?: string;
    details?: Record<string, unknown>;
  };
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

const MESSAGE: Record<number, string> = {
  400: 'The request was malformed or contained invalid parameters',
  401: 'The request could not be authorized',
  403: 'The requested action was forbidden',
  404: 'The requested resource could not be found',
  413: 'The request body is too large',
  429: 'Too many requests, slow down',
  500: 'An internal server error occurred, please contact the system administrator',
  502: 'The upstream service could not be reached',
  503: 'The service is temporarily unavailable',
  504: 'The upstream service did not answer in time',
};

export function statusText(code: number): string {
  return STATUS_TEXT[code] ?? (code >= 500 ? 'Internal Server Error' : 'Bad Request');
}

export function errorEnvelope(code: number, reason: string, details?: Record<string, unknown>): ErrorEnvelope {
  const error: ErrorEnvelope['error'] = {
    code,
    status: statusText(code),
    reason,
    message: MESSAGE[code] ?? statusText(code),
  };
  if (details) error.details = details;
  return { error };
}
