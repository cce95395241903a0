/**
 * The registration flow: traits from the identity schema plus a password, or an e-mailed code.
 * After sign-up the new identity is signed in (session hook) and asked to verify its address
 * (show_verification_ui), as the Kratos quickstart does.
 */
import type { ContinueWith } from '../../../shared/identity-flow.js';
import { stringField } from '../http/body.js';
import { checkReturnTo } from '../http/return-to.js';
import { schemaFor } from '../identities/schema.js';
import { currentSession } from '../sessions/session-service.js';
import { identityToWire } from '../sessions/wire.js';
import { getIdentity } from '../store/identities.js';
import { codeRegistration } from '../strategies/code/registration.js';
import { passkeyRegistration } from '../strategies/passkey/registration.js';
import { oidcRegistration } from '../strategies/oidc/registration.js';
import { passwordRegistration } from '../strategies/password/registration.js';
import type { RegistrationStrategy } from '../strategies/strategy.js';
import { traitNodesFromSchema } from '../traits/schema-nodes.js';
import { failure } from '../ui/messages.js';
import type { Call } from './call.js';
import { authenticate, respondAuthenticated } from './finish-login.js';
import { acceptAfterSignIn, challengeOf, loadOAuth2Login, oauth2WireFields, type OAuth2Login } from './oauth2-login.js';
import type { FlowKindHandler } from './flow-kind.js';
import { addMessage, createFlow, save, setNodes, type Flow } from './flow-service.js';
import { respondFlow } from './respond.js';
import { sessionAlreadyAvailable } from './session-guards.js';
import { allowedReturnUrls, defaultReturn } from './urls.js';
import { startVerificationFor } from './verification.js';
import { enabledStrategies } from '../strategies/enabled.js';

const STRATEGIES: readonly RegistrationStrategy[] = [passwordRegistration, codeRegistration, passkeyRegistration, oidcRegistration];

function newRegistrationFlow(call: Call, type: 'browser' | 'api', returnTo?: string, afterVerification?: string, oauth2?: OAuth2Login): Flow {
  const flow = createFlow(call, {
    kind: 'registration',
    type,
    state: 'choose_method',
    returnTo,
    // Kratos always sends organization_id (a null UUID when the flow belongs to no organisation).
    extra: { organization_id: null, ...oauth2WireFields(oauth2) },
    internal: afterVerification ? { after_verification_return_to: afterVerification } : {},
  });
  const traits = traitNodesFromSchema(schemaFor(call.ctx.options).schema, 'default');
  setNodes(flow, [...traits, ...enabledStrategies(call.ctx, STRATEGIES).flatMap((s) => s.nodes(call, flow))]);
  return flow;
}

export const registrationFlow: FlowKindHandler = {
  kind: 'registration',

  async init(call, type, query) {
    const returnTo = checkReturnTo(query.return_to, allowedReturnUrls(call.ctx.options));
    const afterVerification = checkReturnTo(query.after_verification_return_to, allowedReturnUrls(call.ctx.options));
    const oauth2 = query.login_challenge === undefined ? undefined : await loadOAuth2Login(call, query.login_challenge);
    if (await currentSession(call.ctx, call.request)) throw sessionAlreadyAvailable(call, returnTo);
    return newRegistrationFlow(call, type, returnTo, afterVerification, oauth2);
  },

  async submit(call, flow, body) {
    const { ctx } = call;
    if (await currentSession(ctx, call.request)) throw sessionAlreadyAvailable(call, flow.wire.return_to);
    if (flow.internal.completed) {
      addMessage(flow, failure.registrationDone());
      return respondFlow(call, 'registration', flow, 400);
    }
    // Once a code is on its way the flow belongs to the code strategy.
    // The WebAuthn script posts the form itself, without a `method`: its result field names it.
    const method = flow.wire.state === 'sent_email' ? 'code' : (stringField(body, 'method') ?? (body.passkey_register ? 'passkey' : 'provider' in body ? 'oidc' : ''));
    const strategy = enabledStrategies(ctx, STRATEGIES).find((s) => s.method === method);
    if (!strategy) {
      addMessage(flow, failure.registrationNoStrategy());
      await save(call, flow);
      return respondFlow(call, 'registration', flow, 400);
    }
    flow.wire.active = strategy.method;
    const outcome = await strategy.register(call, flow, body);
    if (outcome.kind === 'form') {
      await save(call, flow);
      return respondFlow(call, 'registration', flow, outcome.status);
    }
    const continueWith: ContinueWith[] = [];
    const identity = (await getIdentity(ctx.db, outcome.identityId))!;
    const unverified = identity.verifiable_addresses.find((a) => !a.verified);
    const challenge = challengeOf(flow);
    if (unverified) {
      const afterVerification = typeof flow.internal.after_verification_return_to === 'string' ? flow.internal.after_verification_return_to : undefined;
      const verification = await startVerificationFor(call, flow.type, { value: unverified.value, via: unverified.via }, afterVerification ?? flow.wire.return_to);
      // Signing up for an application goes straight back to it; the e-mail still carries the code.
      if (!challenge || ctx.options.requireVerifiedAddress) continueWith.push(verification);
    }
    // Where sign-in needs a verified address, signing up does not sign in either.
    if (unverified && ctx.options.requireVerifiedAddress) {
      flow.internal.completed = true;
      await save(call, flow);
      const next = continueWith[0]!;
      if (!call.json && flow.type === 'browser' && next.action === 'show_verification_ui' && next.flow.url) {
        return void (await call.reply.redirect(next.flow.url, 303));
      }
      return void (await call.reply.code(200).send({ identity: identityToWire(identity, ctx.options.publicUrl), continue_with: continueWith }));
    }
    const auth = await authenticate(call, flow, outcome.identityId, outcome.method, 'aal1');
    await save(call, flow);
    const returnTo = challenge ? await acceptAfterSignIn(call, challenge, auth.session) : (flow.wire.return_to ?? defaultReturn(ctx.options));
    await respondAuthenticated(call, flow, auth, returnTo, { identity: true, continueWith });
  },

  async restart(call, expired) {
    const after = expired.internal.after_verification_return_to;
    const challenge = challengeOf(expired);
    const oauth2 = challenge ? await loadOAuth2Login(call, challenge) : undefined;
    return newRegistrationFlow(call, expired.type, expired.wire.return_to, typeof after === 'string' ? after : undefined, oauth2);
  },
};
