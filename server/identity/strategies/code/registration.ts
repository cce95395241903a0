/** Signing up without a password: traits first, then the code e-mailed to the address. */
import { registrationCodeEmail } from '../../courier/templates.js';
import { addMessage, setMessages } from '../../flows/flow-service.js';
import { booleanField, stringField } from '../../http/body.js';
import { createRegisteredIdentity, DuplicateIdentifierError } from '../../identities/create-identity.js';
import { schemaFor } from '../../identities/schema.js';
import { readTraits, showTraitErrors } from '../../identities/submitted-traits.js';
import { findIdentityIdByIdentifier } from '../../store/identities.js';
import { extractTraitAddresses } from '../../traits/trait-addresses.js';
import { validationRequired } from '../../traits/validation-messages.js';
import { failure, notice } from '../../ui/messages.js';
import { addNodeMessage, clearMessages, csrfNode, hiddenNode } from '../../ui/nodes.js';
import type { RegistrationStrategy } from '../strategy.js';
import { registrationChooseNodes, registrationSentNodes } from './nodes.js';
import { redeemCode, sendCode } from './one-time-code.js';

export const codeRegistration: RegistrationStrategy = {
  method: 'code',
  nodes: () => registrationChooseNodes(),
  async register(call, flow, body) {
    const { ctx } = call;
    const schema = schemaFor(ctx.options);
    const sent = flow.wire.state === 'sent_email' && typeof flow.internal.code_traits === 'object';

    if (!sent) {
      const traits = readTraits(body);
      if (!showTraitErrors(flow, schema.schema, traits)) return { kind: 'form', status: 400 };
      const addresses = extractTraitAddresses(schema.schema, traits);
      const address = addresses.codeAddresses[0];
      if (!address) {
        addMessage(flow, failure.registrationNoStrategy());
        return { kind: 'form', status: 400 };
      }
      if (await findIdentityIdByIdentifier(ctx.db, 'code', address.value)) {
        addMessage(flow, failure.duplicateIdentifier());
        return { kind: 'form', status: 400 };
      }
      flow.internal.code_traits = traits;
      flow.internal.code_address = address;
      await resend(call, flow);
      const hiddenTraits = flow.wire.ui.nodes
        .filter((n) => n.attributes.node_type === 'input' && n.attributes.name.startsWith('traits.'))
        .map((n) => hiddenNode((n.attributes as { name: string }).name, (n.attributes as { value?: unknown }).value ?? '', 'default'));
      flow.wire.state = 'sent_email';
      flow.wire.active = 'code';
      flow.wire.ui.nodes = [csrfNode(''), ...hiddenTraits, ...registrationSentNodes()];
      setMessages(flow, [notice.registrationCodeSent()]);
      return { kind: 'form', status: 200 };
    }

    clearMessages(flow.wire.ui.nodes);
    setMessages(flow, []);
    if (booleanField(body, 'resend') || stringField(body, 'resend') === 'code') {
      await resend(call, flow);
      setMessages(flow, [notice.registrationCodeSent()]);
      return { kind: 'form', status: 200 };
    }
    const entered = stringField(body, 'code')?.trim() ?? '';
    if (!entered) {
      addNodeMessage(flow.wire.ui.nodes, 'code', validationRequired('code'));
      return { kind: 'form', status: 400 };
    }
    const redeemed = await redeemCode(ctx, flow.id, entered);
    if (!redeemed) {
      addMessage(flow, failure.invalidRegistrationCode());
      return { kind: 'form', status: 400 };
    }
    const traits = flow.internal.code_traits as Record<string, unknown>;
    try {
      const identityId = await ctx.db.transaction((tx) => createRegisteredIdentity(tx, schema, traits, [], ctx.now(), [{ via: redeemed.via, value: redeemed.address }]));
      return { kind: 'registered', identityId, method: 'code' };
    } catch (error) {
      if (!(error instanceof DuplicateIdentifierError)) throw error;
      addMessage(flow, failure.duplicateIdentifier());
      return { kind: 'form', status: 400 };
    }
  },
};

async function resend(call: Parameters<RegistrationStrategy['register']>[0], flow: Parameters<RegistrationStrategy['register']>[1]): Promise<void> {
  const { ctx } = call;
  const address = flow.internal.code_address as { value: string; via: 'email' | 'sms' };
  await ctx.db.transaction((tx) => sendCode(ctx, tx, flow.id, 'registration', address, null, (code) => registrationCodeEmail(ctx.options.productName, code)));
  ctx.courier.wake();
}
