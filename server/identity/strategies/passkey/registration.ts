/**
 * Signing up with a passkey and no password: the traits and a new discoverable credential in
 * one submission. The WebAuthn user id is random and fixed for the flow's offer, and becomes
 * the identifier a later passkey sign-in finds the identity by.
 */
import type { Call } from '../../flows/call.js';
import { addMessage, type Flow } from '../../flows/flow-service.js';
import { createRegisteredIdentity, DuplicateIdentifierError } from '../../identities/create-identity.js';
import { schemaFor } from '../../identities/schema.js';
import { readTraits, showTraitErrors } from '../../identities/submitted-traits.js';
import { failure } from '../../ui/messages.js';
import { findInput } from '../../ui/nodes.js';
import { CeremonyError, creationOptions, newChallenge, newUserHandle, verifyCreation } from '../../webauthn/ceremony.js';
import { deviceName } from '../../webauthn/device-name.js';
import { fromBase64Url } from '../../webauthn/encoding.js';
import { remember, takePending } from '../../webauthn/pending.js';
import { relyingParty } from '../../webauthn/relying-party.js';
import { encodeBytes, userHandleIdentifier } from '../../webauthn/stored-keys.js';
import type { RegistrationOutcome, RegistrationStrategy } from '../strategy.js';
import { displayNameFields } from './display-name-fields.js';
import { passkeyRegistrationNodes } from './nodes.js';

function offer(call: Call, flow: Flow) {
  const pending = { challenge: newChallenge(), user_handle: newUserHandle() };
  remember(flow, 'passkey_registration', pending);
  const fields = displayNameFields(schemaFor(call.ctx.options).schema);
  return {
    credentialOptions: creationOptions(relyingParty(call.ctx.options), 'passkey', pending, { name: '', displayName: '' }, []),
    displayNameFieldName: fields[0] ?? '',
    displayNameFieldNames: fields,
  };
}

function renew(call: Call, flow: Flow): void {
  const node = findInput(flow.wire.ui.nodes, 'passkey_create_data');
  const data = offer(call, flow);
  if (node && node.attributes.node_type === 'input') node.attributes.value = JSON.stringify(data);
}

const refused = (): RegistrationOutcome => ({ kind: 'form', status: 400 });

export const passkeyRegistration: RegistrationStrategy = {
  method: 'passkey',
  nodes: (call, flow) => passkeyRegistrationNodes(call.ctx.options.publicUrl, offer(call, flow)),
  async register(call, flow, body) {
    const { ctx } = call;
    const schema = schemaFor(ctx.options);
    const traits = readTraits(body);
    const traitsOk = showTraitErrors(flow, schema.schema, traits);
    const pending = await takePending(call, flow, 'passkey_registration');
    renew(call, flow);
    if (!traitsOk) return refused();
    if (!pending?.user_handle) {
      addMessage(flow, failure.invalidWebAuthn());
      return refused();
    }
    let key;
    try {
      key = await verifyCreation(relyingParty(ctx.options), 'passkey', body.passkey_register, pending.challenge, {
        displayName: deviceName(call.request.headers['user-agent'], 'Passkey'),
        now: ctx.now(),
      });
    } catch (error) {
      if (!(error instanceof CeremonyError)) throw error;
      ctx.log.info({ reason: error.message }, 'passkey registration refused');
      addMessage(flow, failure.invalidWebAuthn());
      return refused();
    }
    const handle = fromBase64Url(pending.user_handle);
    const credential = { type: 'passkey' as const, config: { credentials: [key], user_handle: encodeBytes(handle) }, identifiers: [userHandleIdentifier(handle)] };
    try {
      const identityId = await ctx.db.transaction((tx) => createRegisteredIdentity(tx, schema, traits, [credential], ctx.now()));
      return { kind: 'registered', identityId, method: 'passkey' };
    } catch (error) {
      if (!(error instanceof DuplicateIdentifierError)) throw error;
      addMessage(flow, failure.duplicateIdentifier());
      return refused();
    }
  },
};
