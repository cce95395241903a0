/** Signing up with traits and a password. */
import { stringField } from '../../http/body.js';
import { createRegisteredIdentity, DuplicateIdentifierError } from '../../identities/create-identity.js';
import { schemaFor } from '../../identities/schema.js';
import { readTraits, showTraitErrors } from '../../identities/submitted-traits.js';
import { addMessage } from '../../flows/flow-service.js';
import { extractTraitAddresses } from '../../traits/trait-addresses.js';
import { validationRequired } from '../../traits/validation-messages.js';
import { failure } from '../../ui/messages.js';
import { addNodeMessage } from '../../ui/nodes.js';
import type { RegistrationStrategy } from '../strategy.js';
import { passwordInput, passwordRegistrationSubmit } from './nodes.js';
import { hashNewPassword } from './new-password.js';

export const passwordRegistration: RegistrationStrategy = {
  method: 'password',
  nodes: () => [passwordInput('new-password'), passwordRegistrationSubmit()],
  async register(call, flow, body) {
    const { ctx } = call;
    const schema = schemaFor(ctx.options);
    const traits = readTraits(body);
    const password = stringField(body, 'password') ?? '';
    const traitsOk = showTraitErrors(flow, schema.schema, traits);
    if (!password) {
      addNodeMessage(flow.wire.ui.nodes, 'password', validationRequired('password'));
      return { kind: 'form', status: 400 };
    }
    const identifier = extractTraitAddresses(schema.schema, traits).identifiers.password[0];
    const hashed = await hashNewPassword(ctx, flow.wire.ui.nodes, password, identifier);
    if (!traitsOk || !hashed) return { kind: 'form', status: 400 };
    try {
      const identityId = await ctx.db.transaction((tx) => createRegisteredIdentity(tx, schema, traits, [{ type: 'password', config: { hashed_password: hashed } }], ctx.now()));
      return { kind: 'registered', identityId, method: 'password' };
    } catch (error) {
      if (!(error instanceof DuplicateIdentifierError)) throw error;
      addMessage(flow, failure.duplicateIdentifier());
      return { kind: 'form', status: 400 };
    }
  },
};
