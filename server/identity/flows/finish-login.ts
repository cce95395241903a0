/**
 * The end of every successful authentication (login, registration, recovery): issue a session or
 * raise the current one, set the cookie for browsers, and answer in the client's style.
 */
import type { ContinueWith } from '../../../shared/identity-flow.js';
import type { IdentityContext } from '../context.js';
import { setSessionCookie } from '../sessions/session-cookie.js';
import { addAuthentication, issueSession, type ActiveSession } from '../sessions/session-service.js';
import { identityToWire, sessionToWire } from '../sessions/wire.js';
import { getIdentity, type StoredIdentity } from '../store/identities.js';
import type { Aal, StoredSession } from '../store/sessions.js';
import type { Call } from './call.js';
import { recordAccountEvent } from '../audit.js';
import type { Flow } from './flow-service.js';

export interface Authenticated {
  session: StoredSession;
  /** Set when a new session was issued; a raised session keeps its token. */
  token?: string;
  identity: StoredIdentity;
}

export async function authenticate(call: Call, flow: Flow, identityId: string, method: string, aal: Aal, current?: ActiveSession): Promise<Authenticated> {
  const { ctx } = call;
  let session!: StoredSession;
  let token: string | undefined;
  // The session and its event commit together (audit.ts).
  await ctx.db.transaction(async (tx) => {
    if (current && current.identity.id === identityId) {
      session = await addAuthentication(ctx, tx, current.session, method, aal);
      token = current.token;
    } else {
      ({ session, token } = await issueSession(ctx, tx, identityId, method, call.request));
    }
    const action = flow.kind === 'registration' ? 'account.registered' : flow.kind === 'recovery' ? 'account.recovered' : 'account.signin.succeeded';
    await recordAccountEvent(tx, call.request, { action, identityId, details: { method, aal: session.aal, flow: flow.type } }, ctx.now());
  });
  const identity = (await getIdentity(ctx.db, identityId))!;
  if (flow.type === 'browser' && token) setSessionCookie(call.reply, token, session.expires_at, ctx.options.publicUrl);
  flow.internal.completed = true;
  return { session, token: flow.type === 'api' ? token : undefined, identity };
}

export function sessionBody(ctx: IdentityContext, auth: Authenticated): Record<string, unknown> {
  return sessionToWire(auth.session, identityToWire(auth.identity, ctx.options.publicUrl));
}

/**
 * Success body: API clients get the token; browser JavaScript gets where to go next; HTML forms
 * are redirected there.
 */
export async function respondAuthenticated(
  call: Call,
  flow: Flow,
  auth: Authenticated,
  returnTo: string,
  extra: { identity?: boolean; continueWith?: ContinueWith[] } = {},
): Promise<void> {
  const continueWith: ContinueWith[] = [...(extra.continueWith ?? [])];
  const body: Record<string, unknown> = { session: sessionBody(call.ctx, auth) };
  if (flow.type === 'api') {
    if (auth.token) {
      body.session_token = auth.token;
      continueWith.push({ action: 'set_ory_session_token', ory_session_token: auth.token });
    }
  } else {
    continueWith.push({ action: 'redirect_browser_to', redirect_browser_to: returnTo });
  }
  if (extra.identity) body.identity = identityToWire(auth.identity, call.ctx.options.publicUrl);
  body.continue_with = continueWith;
  if (call.json || flow.type === 'api') {
    await call.reply.code(200).send(body);
    return;
  }
  const verification = continueWith.find((item) => item.action === 'show_verification_ui');
  await call.reply.redirect(verification?.action === 'show_verification_ui' && verification.flow.url ? verification.flow.url : returnTo, 303);
}
