/**
 * Loading the signed-in user's session through the gateway (`/bff/session`, answered from the
 * gateway's whoami cache). "Not signed in" is an answer, not a failure: the gateway says `null`
 * (a 403 from an identity host that wants a second factor counts as signed out too); a failure is
 * anything else, and takes the user to the error card with a message that says what went wrong.
 */
import type { Session } from '../../shared/identity-session.js';
import { CancelledError } from '@tanstack/react-query';
import { isHttpError, request } from '../lib/http.js';
import { QUERY_CANCELLED } from '../lib/query-client.js';

export const SESSION_PATH = '/bff/session';

export async function fetchSession(signal?: AbortSignal): Promise<Session | null> {
  try {
    const { data } = await request<Session | null>(SESSION_PATH, { signal });
    return data ?? null;
  } catch (error) {
    if (isHttpError(error) && error.response?.status === 403) return null;
    throw error;
  }
}

/** A failed load as the error card's `error` parameter: status 0 when nothing answered. */
export function sessionFailure(error: unknown, networkMessage: string): string {
  if (error instanceof CancelledError) return JSON.stringify({ id: 'query_cancelled', message: QUERY_CANCELLED });
  if (isHttpError(error)) {
    if (!error.response) return JSON.stringify({ code: 0, status: 'Network Error', reason: networkMessage, message: error.message });
    const body = error.response.data as { error?: unknown } | undefined;
    if (body && typeof body === 'object' && body.error) return JSON.stringify(body.error);
    return JSON.stringify({ code: error.response.status, message: error.message });
  }
  // Never a bare message: the error card would show a program's words to the reader.
  return JSON.stringify({ id: 'client_failure', message: error instanceof Error ? error.message : String(error) });
}
