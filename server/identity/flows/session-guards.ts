/** The protocol's refusals that depend on the caller's session. */
import { KratosError } from '../http/kratos-error.js';
import type { Call } from './call.js';
import { browserInit, defaultReturn } from './urls.js';

export function sessionAlreadyAvailable(call: Call, returnTo?: string): KratosError {
  return new KratosError(400, {
    id: 'session_already_available',
    reason: 'A valid session was detected and thus this flow can not be started or continued.',
    message: 'A valid session was detected and thus login is not possible. Did you forget to set `?refresh=true`?',
    browserLocation: returnTo ?? defaultReturn(call.ctx.options),
  });
}

export function sessionInactive(): KratosError {
  return new KratosError(401, {
    id: 'session_inactive',
    reason: 'No active session was found in this request.',
    message: 'request does not have a valid authentication session',
  });
}

export function aal2Required(call: Call, returnTo: string | undefined): KratosError {
  const location = browserInit(call.ctx.options, 'login', { aal: 'aal2', return_to: returnTo });
  return new KratosError(403, {
    id: 'session_aal2_required',
    reason: 'An active session was found but it does not fulfil the Authenticator Assurance Level, implying that the session must be upgraded.',
    message: 'Session does not fulfil the requested Authenticator Assurance Level',
    details: { redirect_browser_to: location },
    extra: { redirect_browser_to: location },
    browserLocation: location,
  });
}

export function refreshRequired(call: Call, returnTo: string): KratosError {
  const location = browserInit(call.ctx.options, 'login', { refresh: 'true', return_to: returnTo });
  return new KratosError(403, {
    id: 'session_refresh_required',
    reason: 'The login session is too old and thus not allowed to update these fields. Please re-authenticate.',
    message: 'The session is too old to perform this action',
    extra: { redirect_browser_to: location },
    browserLocation: location,
  });
}

export function browserLocationChange(location: string, reason: string): KratosError {
  return new KratosError(422, {
    id: 'browser_location_change_required',
    reason,
    message: 'Browser location change required',
    extra: { redirect_browser_to: location },
    browserLocation: location,
  });
}
