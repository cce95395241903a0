/**
 * What to do when the identity service refuses a flow request (kratos-wire §4): pick up the
 * replacement flow, start over, follow a redirect the service asks for, or show the error card.
 */
import type { FlowBase, FlowKind, UiText } from '../../shared/identity-flow.js';
import { isHttpError } from '../lib/http.js';
import { reauthenticationUrl } from './settings/reauthentication.js';

export type FlowErrorAction =
  | { type: 'flow'; flow: FlowBase }
  | { type: 'use-flow'; id: string }
  | { type: 'restart'; message?: UiText; notice?: 'csrf' | 'notFound' }
  | { type: 'redirect'; to: string }
  | { type: 'app' }
  | { type: 'login' }
  | { type: 'error'; error: unknown };

/** The "flow expired" message id of each kind. */
export const EXPIRED_MESSAGE_ID: Record<FlowKind, number> = {
  login: 4010001,
  registration: 4040001,
  settings: 4050001,
  recovery: 4060005,
  verification: 4070005,
};

interface ErrorBody {
  error?: { id?: string; code?: number; message?: string; reason?: string; details?: Record<string, unknown> };
  redirect_browser_to?: string;
  use_flow_id?: string;
  expired_at?: string;
  ui?: unknown;
}

function isFlow(body: unknown): body is FlowBase {
  return typeof body === 'object' && body !== null && 'ui' in body && 'id' in body;
}

export function classifyFlowError(kind: FlowKind, error: unknown): FlowErrorAction {
  if (!isHttpError(error) || !error.response) return { type: 'error', error };
  const { status } = error.response;
  const body = (error.response.data ?? {}) as ErrorBody;
  if (isFlow(body)) return { type: 'flow', flow: body };

  const id = body.error?.id;
  const redirect = body.redirect_browser_to ?? (body.error?.details?.redirect_browser_to as string | undefined);
  if (status === 422 && id === 'browser_location_change_required' && redirect) return { type: 'redirect', to: redirect };
  if (id === 'session_already_available') return { type: 'app' };
  // Signing in again happens on our own /login page, which then returns to the settings flow.
  if (id === 'session_refresh_required') return { type: 'redirect', to: reauthenticationUrl(redirect, window.location.href) };
  if (id === 'session_aal2_required' && redirect) return { type: 'redirect', to: redirect };
  if (id === 'session_inactive' || (status === 401 && kind === 'settings')) return { type: 'login' };
  if (id === 'security_csrf_violation') return { type: 'restart', notice: 'csrf' };
  if (status === 410) {
    if (body.use_flow_id) return { type: 'use-flow', id: body.use_flow_id };
    const expiredAt = body.expired_at ? Date.parse(body.expired_at) : Number.NaN;
    return {
      type: 'restart',
      message: {
        id: EXPIRED_MESSAGE_ID[kind],
        type: 'error',
        text: body.error?.reason ?? body.error?.message ?? 'The flow expired, please try again.',
        context: Number.isNaN(expiredAt) ? {} : { expired_at_unix: Math.floor(expiredAt / 1000) },
      },
    };
  }
  // An unknown or foreign flow id: start a fresh one rather than showing a dead end, and say so.
  if (status === 404 || (status === 403 && id === 'security_identity_mismatch')) return { type: 'restart', notice: 'notFound' };
  return { type: 'error', error };
}

/**
 * An error as the error card reads it: the service's envelope, or a status and id the card has a
 * sentence for. Never a bare message: the card would show it as it is, and a client library's
 * message ("Request failed with status code 404") is not for the person reading the card.
 */
export function describeError(error: unknown): Record<string, unknown> {
  if (isHttpError(error)) {
    const data = error.response?.data;
    if (data && typeof data === 'object') {
      const body = data as ErrorBody;
      if (body.error) return body.error;
    }
    if (error.code === 'ERR_MISSING_PARAMETER') return { code: 400, status: 'Bad Request', id: 'missing_parameter', message: error.message };
    return { code: error.response?.status ?? 0, id: error.code, message: error.message };
  }
  return { id: 'client_failure', message: error instanceof Error ? error.message : JSON.stringify(error) };
}

/** The `/error` address for an error, serialized for the card. */
export function errorPageUrl(error: unknown): string {
  return `/error?error=${encodeURIComponent(JSON.stringify(describeError(error)))}`;
}
