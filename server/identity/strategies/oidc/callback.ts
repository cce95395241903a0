/**
 * `GET /self-service/methods/oidc/callback/{provider}`: the browser back from the provider.
 * The state must name a flow of this browser and equal what that flow sent (else nothing
 * happens but a clear refusal); then the code is exchanged and, by what the flow was for:
 * sign in the linked account, create one (asking for missing traits), ask to confirm linking an
 * existing account with the same verified address, or add the link in settings.
 */
import type { FastifyInstance } from 'fastify';
import type { IdentityContext } from '../../context.js';
import type { Call } from '../../flows/call.js';
import type { FlowKindHandler } from '../../flows/flow-kind.js';
import { addMessage, insert, isExpired, load, save, setNodes, type Flow } from '../../flows/flow-service.js';
import { loginFlow } from '../../flows/login.js';
import { challengeOf } from '../../flows/oauth2-login.js';
import { registrationFlow } from '../../flows/registration.js';
import { respondError, respondFlow } from '../../flows/respond.js';
import { newSettingsFlow } from '../../flows/settings.js';
import { browserInit, flowUi } from '../../flows/urls.js';
import { tokensEqual } from '../../http/csrf.js';
import { KratosError } from '../../http/kratos-error.js';
import { isJsonRequest } from '../../http/request-kind.js';
import { schemaFor } from '../../identities/schema.js';
import { currentSession } from '../../sessions/session-service.js';
import { findIdentityIdByAddress, findIdentityIdByIdentifier, getCredentials } from '../../store/identities.js';
import { extractTraitAddresses } from '../../traits/trait-addresses.js';
import { notice } from '../../ui/messages.js';
import { loginChooseNodes } from '../code/nodes.js';
import { hiddenIdentifierNode, passwordInput, passwordLoginSubmit } from '../password/nodes.js';
import { callbackUrl, flowIdOfState, providerNamed, type PendingSignIn } from './authorize.js';
import { traitsFromClaims, verifiedEmail } from './claims-to-traits.js';
import { AlreadyLinkedError, changeLinks, findLinkedIdentity, linkedProviders, type LinkedProvider } from './credential.js';
import type { PendingLink } from './link-after-sign-in.js';
import { cancelled, duplicateAccount, linkedElsewhere, notConfirmed, providerRefused, unreachable, unverifiedDuplicate } from './messages.js';
import { loginButton } from './nodes.js';
import { claimsFromCallback, ProviderError } from './provider-client.js';
import type { OidcProvider } from './providers.js';
import { showMissingTraits, type PendingRegistration } from './registration.js';
import { recordSettingsChange } from '../../audit.js';

const HANDLERS: Record<string, FlowKindHandler> = { login: loginFlow, registration: registrationFlow };

export function registerOidcCallback(app: FastifyInstance, ctx: IdentityContext): void {
  app.get<{ Params: { provider: string }; Querystring: Record<string, string | undefined> }>('/self-service/methods/oidc/callback/:provider', async (request, reply) => {
    const call: Call = { ctx, request, reply, json: isJsonRequest(request) };
    try {
      await handleCallback(call, request.params.provider, request.query);
    } catch (error) {
      if (!(error instanceof KratosError)) throw error;
      await respondError(call, error);
    }
  });
}

function stateRefused(provider: string): KratosError {
  return new KratosError(400, {
    id: 'security_csrf_violation',
    reason: `The answer from ${provider} does not belong to a sign-in started in this browser (its state is missing, unknown, already used or altered), so nobody was signed in. Start again from the sign-in page.`,
    message: 'the OpenID Connect state parameter is invalid',
  });
}

async function handleCallback(call: Call, providerId: string, query: Record<string, string | undefined>): Promise<void> {
  const { ctx } = call;
  const provider = providerNamed(ctx, providerId);
  if (!provider) throw new KratosError(404, { reason: `No sign-in provider "${providerId}" is configured.` });
  const state = query.state ?? '';
  const flowId = flowIdOfState(state);
  if (!flowId) throw stateRefused(provider.label);
  const kind = (await ctx.db.query<{ kind: string }>('SELECT kind FROM flows WHERE id = $1', [flowId])).rows[0]?.kind;
  if (kind !== 'login' && kind !== 'registration' && kind !== 'settings') throw stateRefused(provider.label);
  let flow: Flow;
  try {
    flow = await load(call, kind, flowId);
  } catch {
    throw stateRefused(provider.label);
  }
  const pending = flow.internal.oidc as PendingSignIn | undefined;
  if (!pending || !tokensEqual(pending.state, state) || pending.provider !== provider.id) throw stateRefused(provider.label);
  // Single use: a replayed callback finds nothing to continue.
  delete flow.internal.oidc;
  await save(call, flow);
  if (isExpired(call, flow)) {
    throw new KratosError(410, {
      id: 'self_service_flow_expired',
      reason: 'The sign-in took too long: start again.',
      browserLocation: browserInit(ctx.options, kind, { return_to: flow.wire.return_to }),
    });
  }

  if (query.error) {
    addMessage(flow, query.error === 'access_denied' ? cancelled(provider) : providerRefused(provider, query.error));
    return showFlow(call, flow);
  }
  const url = new URL(callbackUrl(ctx.options, provider));
  url.search = new URL(call.request.url, url).search;
  let claims;
  try {
    claims = await claimsFromCallback(provider, url, pending);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    ctx.log.warn({ provider: provider.id, err: error.cause ?? error }, 'identity provider sign-in failed');
    addMessage(flow, error.kind === 'unreachable' ? unreachable(provider) : notConfirmed(provider));
    return showFlow(call, flow);
  }
  const link: LinkedProvider = { provider: provider.id, subject: claims.sub };
  if (pending.intent === 'link' || flow.kind === 'settings') return linkInSettings(call, flow, provider, link);

  const linked = await findLinkedIdentity(ctx.db, link);
  if (linked) return signIn(call, flow, linked);
  const traits = traitsFromClaims(provider, claims);
  const email = verifiedEmail(claims);
  const existing = await identityWithAddress(call, traits);
  if (existing) {
    if (email && existing.addresses.includes(email)) return askToConfirmLink(call, flow, provider, { ...link, identity_id: existing.id }, email);
    addMessage(flow, unverifiedDuplicate());
    return showFlow(call, flow);
  }
  return register(call, flow, provider, { ...link, verifiedEmail: email }, traits);
}

async function showFlow(call: Call, flow: Flow): Promise<void> {
  await save(call, flow);
  await respondFlow(call, flow.kind, flow);
}

/** A flow of `kind` carrying what `from` was for (where to go after, the OAuth2 request). */
async function flowOfKind(call: Call, from: Flow, kind: 'login' | 'registration'): Promise<Flow> {
  if (from.kind === kind) return from;
  const fresh = await HANDLERS[kind]!.init(call, 'browser', { return_to: from.wire.return_to, login_challenge: challengeOf(from) });
  await insert(call, fresh);
  return fresh;
}

async function signIn(call: Call, from: Flow, identityId: string): Promise<void> {
  const flow = await flowOfKind(call, from, 'login');
  flow.internal.oidc_identity = identityId;
  await loginFlow.submit(call, flow, { method: 'oidc' });
}

async function register(call: Call, from: Flow, provider: OidcProvider, pending: PendingRegistration, traits: Record<string, unknown>): Promise<void> {
  const flow = await flowOfKind(call, from, 'registration');
  showMissingTraits(call, flow, provider, pending, traits);
  if (flow.wire.ui.messages?.length || flow.wire.ui.nodes.some((n) => n.messages.length)) return showFlow(call, flow);
  await registrationFlow.submit(call, flow, { provider: provider.id, traits });
}

/** An identity that already has one of these traits' addresses, and all its addresses. */
async function identityWithAddress(call: Call, traits: Record<string, unknown>): Promise<{ id: string; addresses: string[] } | undefined> {
  const { db } = call.ctx;
  const found = extractTraitAddresses(schemaFor(call.ctx.options).schema, traits);
  for (const identifier of [...found.identifiers.password, ...found.identifiers.code]) {
    const id = (await findIdentityIdByIdentifier(db, 'password', identifier)) ?? (await findIdentityIdByIdentifier(db, 'code', identifier));
    if (id) return { id, addresses: [identifier] };
  }
  for (const address of found.verifiable) {
    const id = await findIdentityIdByAddress(db, 'verifiable_addresses', address);
    if (id) return { id, addresses: [address.value] };
  }
  return undefined;
}

/** The login flow saying the address has an account, with that account's own ways to sign in. */
async function askToConfirmLink(call: Call, from: Flow, provider: OidcProvider, pending: PendingLink, email: string): Promise<void> {
  const flow = await flowOfKind(call, from, 'login');
  const credentials = await getCredentials(call.ctx.db, pending.identity_id);
  const types = credentials.map((c) => c.type);
  const otherProviders = linkedProviders(credentials.find((c) => c.type === 'oidc'))
    .map((p) => providerNamed(call.ctx, p.provider))
    .filter((p): p is OidcProvider => p !== undefined);
  const nodes = [hiddenIdentifierNode(email)];
  if (types.includes('password')) nodes.push(passwordInput('current-password'), passwordLoginSubmit());
  if (types.includes('code')) nodes.push(...loginChooseNodes());
  nodes.push(...otherProviders.map(loginButton));
  const newLoginUrl = browserInit(call.ctx.options, 'login', { return_to: flow.wire.return_to });
  setNodes(flow, nodes, [
    duplicateAccount(
      provider,
      email,
      newLoginUrl,
      types,
      otherProviders.map((p) => p.id),
    ),
  ]);
  flow.internal.oidc_link = pending;
  await showFlow(call, flow);
}

async function linkInSettings(call: Call, flow: Flow, provider: OidcProvider, link: LinkedProvider): Promise<void> {
  const { ctx } = call;
  const active = await currentSession(ctx, call.request);
  if (!active || active.identity.id !== flow.internal.identity_id) throw stateRefused(provider.label);
  const owner = await findLinkedIdentity(ctx.db, link);
  let message = notice.settingsSaved();
  if (owner && owner !== active.identity.id) message = linkedElsewhere();
  else if (!owner) {
    try {
      await ctx.db.transaction(async (tx) => {
        await changeLinks(tx, active.identity.id, link, 'add', ctx.now());
        await recordSettingsChange(tx, call.request, active.identity.id, { method: 'oidc', change: 'linked', provider: provider.id }, ctx.now());
      });
    } catch (error) {
      if (!(error instanceof AlreadyLinkedError)) throw error;
      message = linkedElsewhere();
    }
  }
  const fresh = await newSettingsFlow(call, 'browser', active, flow.wire.return_to);
  if (message.type === 'success') fresh.wire.state = 'success';
  fresh.wire.ui.messages = [message];
  await insert(call, fresh);
  await call.reply.redirect(flowUi(ctx.options, 'settings', { flow: fresh.id }), 303);
}
