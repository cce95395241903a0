/** Signing in with a provider: the button leaves for the provider; the callback finishes. */
import { addMessage } from '../../flows/flow-service.js';
import { getIdentity } from '../../store/identities.js';
import { failure, validationReason } from '../../ui/messages.js';
import type { LoginStrategy } from '../strategy.js';
import { providerNamed, providersOf, redirectToProvider } from './authorize.js';
import { loginButton } from './nodes.js';

export const oidcLogin: LoginStrategy = {
  method: 'oidc',
  firstFactorNodes: (call) => providersOf(call.ctx).map(loginButton),
  async login(call, flow, body) {
    // A provider is a first factor: it never answers a second-factor step.
    if (flow.wire.requested_aal === 'aal2') {
      addMessage(flow, failure.loginNoStrategy());
      return { kind: 'form', status: 400 };
    }
    // The callback has just proved who this is (see callback.ts); nothing a client sends sets it.
    const proven = flow.internal.oidc_identity;
    if (typeof proven === 'string') {
      delete flow.internal.oidc_identity;
      const identity = await getIdentity(call.ctx.db, proven);
      if (identity?.state === 'active') return { kind: 'authenticated', identityId: proven, method: 'oidc', aal: 'aal1' };
      addMessage(flow, failure.accountDisabled());
      return { kind: 'form', status: 400 };
    }
    const provider = providerNamed(call.ctx, body.provider);
    if (!provider) {
      addMessage(flow, validationReason(`Unknown sign-in provider "${String(body.provider ?? '')}".`));
      return { kind: 'form', status: 400 };
    }
    return redirectToProvider(call, flow, provider, 'login');
  },
};
