/** Setting or changing the password; needs a recent sign-in. */
import { stringField } from '../../http/body.js';
import { refreshRequired } from '../../flows/session-guards.js';
import { flowUi } from '../../flows/urls.js';
import { schemaFor } from '../../identities/schema.js';
import { isPrivileged } from '../../sessions/session-service.js';
import { upsertCredential } from '../../store/identities.js';
import { extractTraitAddresses } from '../../traits/trait-addresses.js';
import { validationRequired } from '../../traits/validation-messages.js';
import { addNodeMessage, clearMessages } from '../../ui/nodes.js';
import type { SettingsStrategy } from '../strategy.js';
import { hashNewPassword } from './new-password.js';
import { passwordInput, passwordSettingsSubmit } from './nodes.js';
import { recordSettingsChange } from '../../audit.js';

export const passwordSettings: SettingsStrategy = {
  method: 'password',
  nodes: async () => [passwordInput('new-password'), passwordSettingsSubmit()],
  async update(call, flow, body, active) {
    const { ctx } = call;
    clearMessages(flow.wire.ui.nodes);
    const password = stringField(body, 'password') ?? '';
    if (!password) {
      addNodeMessage(flow.wire.ui.nodes, 'password', validationRequired('password'));
      return { kind: 'form', status: 400 };
    }
    if (!isPrivileged(ctx, active.session)) throw refreshRequired(call, flowUi(ctx.options, 'settings', { flow: flow.id }));
    const addresses = extractTraitAddresses(schemaFor(ctx.options, active.identity.schema_id).schema, active.identity.traits);
    const hashed = await hashNewPassword(ctx, flow.wire.ui.nodes, password, addresses.identifiers.password[0]);
    if (!hashed) return { kind: 'form', status: 400 };
    await ctx.db.transaction(async (tx) => {
      await upsertCredential(tx, active.identity.id, { type: 'password', config: { hashed_password: hashed }, identifiers: addresses.identifiers.password }, ctx.now());
      await recordSettingsChange(tx, call.request, active.identity.id, { method: 'password', change: 'changed' }, ctx.now());
    });
    return { kind: 'saved' };
  },
};
