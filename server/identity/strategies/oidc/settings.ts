/**
 * Linking a provider to the signed-in account (leaves for the provider; the callback adds the
 * link) and unlinking one, never the last way left to sign in.
 */
import { refreshRequired } from '../../flows/session-guards.js';
import { addMessage } from '../../flows/flow-service.js';
import { flowUi } from '../../flows/urls.js';
import { isPrivileged } from '../../sessions/session-service.js';
import { getCredentials, type StoredCredential } from '../../store/identities.js';
import { failure } from '../../ui/messages.js';
import type { SettingsStrategy } from '../strategy.js';
import { providerNamed, providersOf, redirectToProvider } from './authorize.js';
import { changeLinks, linkedProviders } from './credential.js';
import { lastMethod } from './messages.js';
import { linkButton, unlinkButton } from './nodes.js';
import { recordSettingsChange } from '../../audit.js';

/** Whether anything but provider `provider` still signs this account in. */
function otherWayToSignIn(credentials: readonly StoredCredential[], provider: string, configured: ReadonlySet<string>): boolean {
  return credentials.some((c) => {
    if (c.type === 'password' || c.type === 'code' || c.type === 'passkey') return c.identifiers.length > 0 || c.type === 'passkey';
    if (c.type === 'oidc') return linkedProviders(c).some((p) => p.provider !== provider && configured.has(p.provider));
    return false;
  });
}

export const oidcSettings: SettingsStrategy = {
  method: 'oidc',
  async nodes(call, _flow, _identity, credentials) {
    const providers = providersOf(call.ctx);
    const linked = new Set(linkedProviders(credentials.find((c) => c.type === 'oidc')).map((p) => p.provider));
    const configured = new Set(providers.map((p) => p.id));
    return providers.flatMap((p) => {
      if (!linked.has(p.id)) return [linkButton(p)];
      return otherWayToSignIn(credentials, p.id, configured) ? [unlinkButton(p)] : [];
    });
  },
  async update(call, flow, body, active) {
    const { ctx } = call;
    const unlink = typeof body.unlink === 'string';
    const provider = providerNamed(ctx, unlink ? body.unlink : body.link);
    if (!provider) {
      addMessage(flow, failure.settingsNoStrategy());
      return { kind: 'form', status: 400 };
    }
    if (!isPrivileged(ctx, active.session)) throw refreshRequired(call, flowUi(ctx.options, 'settings', { flow: flow.id }));
    if (!unlink) return redirectToProvider(call, flow, provider, 'link');
    const credentials = await getCredentials(ctx.db, active.identity.id);
    const links = linkedProviders(credentials.find((c) => c.type === 'oidc'));
    const link = links.find((p) => p.provider === provider.id);
    if (!link) return { kind: 'saved' };
    if (!otherWayToSignIn(credentials, provider.id, new Set(providersOf(ctx).map((p) => p.id)))) {
      addMessage(flow, lastMethod(provider));
      return { kind: 'form', status: 400 };
    }
    await ctx.db.transaction(async (tx) => {
      await changeLinks(tx, active.identity.id, link, 'remove', ctx.now());
      await recordSettingsChange(tx, call.request, active.identity.id, { method: 'oidc', change: 'unlinked', provider: provider.id }, ctx.now());
    });
    return { kind: 'saved' };
  },
};
