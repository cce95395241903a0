/**
 * The error card's reading of its input: `?error=` holds a message or a serialized error
 * object; `?id=` names an error stored by the identity service. Titles follow the code (spec §2).
 * What the card says is a sentence of our catalogue chosen by the error's id or code; the
 * service's own wording (English, written for developers) stays under "Error details".
 */
export interface ShownError {
  code?: number;
  id?: string;
  reason?: string;
  message?: string;
  [field: string]: unknown;
}

export function parseErrorParam(raw: string | null): ShownError {
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      const object = parsed as Record<string, unknown>;
      const inner = object.error && typeof object.error === 'object' ? (object.error as Record<string, unknown>) : object;
      return { ...inner, code: typeof inner.code === 'number' ? inner.code : undefined };
    }
  } catch {
    // A plain message.
  }
  return { message: raw };
}

export function errorTitleKey(code: number | undefined): string {
  if (code === 404) return 'error.notFoundTitle';
  if (code === 500) return 'error.internalTitle';
  return 'error.genericTitle';
}

/** Identity (Kratos wire) and client error ids with a sentence of their own. */
const REASON_BY_ID: Record<string, string> = {
  security_csrf_violation: 'csrf',
  self_service_flow_expired: 'flowExpired',
  self_service_flow_return_to_forbidden: 'returnToForbidden',
  identity_disabled: 'identityDisabled',
  session_verified_address_required: 'verifiedAddressRequired',
  consent_challenge_missing: 'consentChallengeMissing',
  stored_error_not_found: 'storedErrorNotFound',
};

const REASON_BY_CODE: Record<number, string> = {
  0: 'network',
  400: 'badRequest',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'notFound',
  410: 'gone',
  429: 'tooManyRequests',
};

/**
 * The catalogue key of the sentence shown, or a plain message given to `/error?error=` as text
 * (spec: the page shows that message); nothing for server errors, whose reason is not for them,
 * but a sentence for an unreachable or overloaded service.
 */
export function visibleReason(error: ShownError): { key: string } | { text: string } | undefined {
  // The gateway's "down", "overloaded" and "timed out": worth telling, the reader can only wait.
  if (error.code === 502 || error.code === 503 || error.code === 504) return { key: 'error.reasons.unavailable' };
  if (error.code !== undefined && error.code >= 500) return undefined;
  const byId = error.id ? REASON_BY_ID[error.id] : undefined;
  if (byId) return { key: `error.reasons.${byId}` };
  if (error.code !== undefined) return { key: `error.reasons.${REASON_BY_CODE[error.code] ?? 'unknown'}` };
  if (error.id || error.reason) return { key: 'error.reasons.unknown' };
  return error.message ? { text: error.message } : undefined;
}
