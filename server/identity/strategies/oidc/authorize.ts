/**
 * Leaving for the provider: a fresh state (naming the flow, so the callback finds it), nonce and
 * PKCE verifier are kept with the flow, and the browser is sent to the provider's
 * authorization URL (303 for a form post, 422 `browser_location_change_required` for
 * JavaScript, as Kratos answers).
 */
import { randomBytes } from 'node:crypto';
import type { Call } from '../../flows/call.js';
import { addMessage, save, type Flow } from '../../flows/flow-service.js';
import { browserLocationChange } from '../../flows/session-guards.js';
import { publicPath } from '../../flows/urls.js';
import type { IdentityServiceOptions } from '../../options.js';
import { browserOnly, unreachable } from './messages.js';
import { authorizationUrl, ProviderError, type PendingAuthorization } from './provider-client.js';
import type { IdentityContext } from '../../context.js';
import type { OidcProvider } from './providers.js';

export type Intent = 'login' | 'registration' | 'link';

/** Kept in `flow.internal.oidc` from the redirect to the callback, then dropped: single use. */
export interface PendingSignIn extends PendingAuthorization {
  provider: string;
  intent: Intent;
}

/** The providers offered now: none while the project has social sign-in turned off. */
export function providersOf(ctx: IdentityContext): readonly OidcProvider[] {
  const settings = ctx.settings();
  return settings.methods.oidc ? settings.oidcProviders : [];
}

export function providerNamed(ctx: IdentityContext, id: unknown): OidcProvider | undefined {
  return typeof id === 'string' ? providersOf(ctx).find((p) => p.id === id) : undefined;
}

export function callbackUrl(options: IdentityServiceOptions, provider: OidcProvider): string {
  return publicPath(options, `/self-service/methods/oidc/callback/${provider.id}`);
}

/** The flow id the state names, before anything else is trusted. */
export function flowIdOfState(state: string): string | undefined {
  const match = /^([0-9a-f-]{36})\.[A-Za-z0-9_-]{43}$/.exec(state);
  return match?.[1];
}

/** Sends the browser to the provider (throws the redirect), or answers with the flow's message. */
export async function redirectToProvider(call: Call, flow: Flow, provider: OidcProvider, intent: Intent): Promise<{ kind: 'form'; status: 400 }> {
  if (flow.type !== 'browser') {
    addMessage(flow, browserOnly());
    return { kind: 'form', status: 400 };
  }
  const state = `${flow.id}.${randomBytes(32).toString('base64url')}`;
  let url: string;
  try {
    const authorization = await authorizationUrl(provider, callbackUrl(call.ctx.options, provider), state);
    url = authorization.url;
    flow.internal.oidc = { ...authorization.pending, provider: provider.id, intent } satisfies PendingSignIn;
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    call.ctx.log.warn({ provider: provider.id, err: error.cause ?? error }, 'identity provider discovery failed');
    addMessage(flow, unreachable(provider));
    return { kind: 'form', status: 400 };
  }
  flow.wire.active = 'oidc';
  await save(call, flow);
  throw browserLocationChange(url, `Continue signing in at ${provider.label}.`);
}
