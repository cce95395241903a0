/**
 * Signing up with a provider. The button leaves for the provider; the callback creates the
 * identity from the claims, or, when required traits are missing, comes back to this flow with
 * the traits it has (group `oidc`) and asks for the rest; submitting them finishes here.
 */
import type { UiNode } from '../../../../shared/identity-flow.js';
import type { Transaction } from '../../../db/database.js';
import { addMessage, setNodes, type Flow } from '../../flows/flow-service.js';
import { createRegisteredIdentity, DuplicateIdentifierError } from '../../identities/create-identity.js';
import { schemaFor } from '../../identities/schema.js';
import { readTraits, showTraitErrors } from '../../identities/submitted-traits.js';
import type { Call } from '../../flows/call.js';
import { traitNodesFromSchema } from '../../traits/schema-nodes.js';
import { extractTraitAddresses } from '../../traits/trait-addresses.js';
import { failure, uiText } from '../../ui/messages.js';
import { submitNode } from '../../ui/nodes.js';
import type { RegistrationOutcome, RegistrationStrategy } from '../strategy.js';
import { providerNamed, providersOf, redirectToProvider } from './authorize.js';
import { findLinkedIdentity, oidcCredential, type LinkedProvider } from './credential.js';
import { linkedElsewhere } from './messages.js';
import { registrationButton } from './nodes.js';
import type { OidcProvider } from './providers.js';

/** A provider account that came back without every required trait; kept until they are given. */
export interface PendingRegistration extends LinkedProvider {
  /** The address the provider verified, if any: it starts verified when the user keeps it. */
  verifiedEmail?: string;
}

export const oidcRegistration: RegistrationStrategy = {
  method: 'oidc',
  nodes: (call) => providersOf(call.ctx).map(registrationButton),
  async register(call, flow, body) {
    const provider = providerNamed(call.ctx, body.provider);
    if (!provider) {
      addMessage(flow, failure.registrationNoStrategy());
      return { kind: 'form', status: 400 };
    }
    const pending = flow.internal.oidc_registration as PendingRegistration | undefined;
    if (pending?.provider === provider.id) return completeRegistration(call, flow, pending, readTraits(body));
    return redirectToProvider(call, flow, provider, 'registration');
  },
};

/** The form asking for the missing traits: what the provider gave, in group `oidc`, and Continue. */
export function showMissingTraits(call: Call, flow: Flow, provider: OidcProvider, pending: PendingRegistration, traits: Record<string, unknown>): void {
  const schema = schemaFor(call.ctx.options).schema;
  const nodes: UiNode[] = [...traitNodesFromSchema(schema, 'oidc'), submitNode('provider', provider.id, 'oidc', uiText(1040003, 'info', 'Continue'))];
  setNodes(flow, nodes);
  flow.internal.oidc_registration = pending;
  flow.wire.active = 'oidc';
  showTraitErrors(flow, schema, traits);
}

/** Creates the identity with its provider link, or shows what is missing or wrong. */
export async function completeRegistration(call: Call, flow: Flow, pending: PendingRegistration, traits: Record<string, unknown>): Promise<RegistrationOutcome> {
  const { ctx } = call;
  const schema = schemaFor(ctx.options);
  if (!showTraitErrors(flow, schema.schema, traits)) return { kind: 'form', status: 400 };
  if (await findLinkedIdentity(ctx.db, pending)) {
    addMessage(flow, linkedElsewhere());
    return { kind: 'form', status: 400 };
  }
  const addresses = extractTraitAddresses(schema.schema, traits);
  const verified = addresses.verifiable.filter((a) => a.via === 'email' && a.value === pending.verifiedEmail);
  try {
    const identityId = await ctx.db.transaction((tx: Transaction) => createRegisteredIdentity(tx, schema, traits, [oidcCredential([pending])], ctx.now(), verified));
    delete flow.internal.oidc_registration;
    return { kind: 'registered', identityId, method: 'oidc' };
  } catch (error) {
    if (!(error instanceof DuplicateIdentifierError)) throw error;
    addMessage(flow, failure.duplicateIdentifier());
    return { kind: 'form', status: 400 };
  }
}
