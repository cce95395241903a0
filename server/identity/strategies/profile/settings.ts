/** Changing traits. Changing an identifier or an address needs a recent sign-in. */
import { schemaFor } from '../../identities/schema.js';
import { readTraits, showTraitErrors } from '../../identities/submitted-traits.js';
import { addMessage } from '../../flows/flow-service.js';
import { refreshRequired } from '../../flows/session-guards.js';
import { flowUi } from '../../flows/urls.js';
import { isUniqueViolation } from '../../../db/errors.js';
import { isPrivileged } from '../../sessions/session-service.js';
import { getIdentity, updateIdentity } from '../../store/identities.js';
import { traitNodesFromSchema } from '../../traits/schema-nodes.js';
import { extractTraitAddresses } from '../../traits/trait-addresses.js';
import { failure, label } from '../../ui/messages.js';
import { submitNode } from '../../ui/nodes.js';
import type { SettingsStrategy } from '../strategy.js';
import { changedNames, recordSettingsChange } from '../../audit.js';
import { canonicalJson } from '../../../audit/chain.js';

export const profileSettings: SettingsStrategy = {
  method: 'profile',
  async nodes(call, _flow, identity) {
    const schema = schemaFor(call.ctx.options, identity.schema_id).schema;
    return [...traitNodesFromSchema(schema, 'profile', identity.traits), submitNode('method', 'profile', 'profile', label.save())];
  },
  async update(call, flow, body, active) {
    const { ctx } = call;
    const schema = schemaFor(ctx.options, active.identity.schema_id);
    const traits = readTraits(body);
    if (!showTraitErrors(flow, schema.schema, traits)) return { kind: 'form', status: 400 };
    const before = extractTraitAddresses(schema.schema, active.identity.traits);
    const after = extractTraitAddresses(schema.schema, traits);
    const sensitive = JSON.stringify(before) !== JSON.stringify(after);
    if (sensitive && !isPrivileged(ctx, active.session)) throw refreshRequired(call, flowUi(ctx.options, 'settings', { flow: flow.id }));
    try {
      await ctx.db.transaction(async (tx) => {
        // Compared with the row, not the session's copy of the identity, which may predate an earlier save.
        const stored = await getIdentity(tx, active.identity.id);
        await updateIdentity(tx, active.identity.id, { ...active.identity, traits, schema_id: active.identity.schema_id }, after, ctx.now());
        const changed = changedNames(stored?.traits, traits);
        if (changed.length > 0) {
          await recordSettingsChange(
            tx,
            call.request,
            active.identity.id,
            { method: 'profile', change: 'changed', traits: changed, addresses: canonicalJson(extractTraitAddresses(schema.schema, stored?.traits)) !== canonicalJson(after) },
            ctx.now(),
          );
        }
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      addMessage(flow, failure.duplicateIdentifier());
      return { kind: 'form', status: 400 };
    }
    const known = new Set(before.verifiable.map((a) => `${a.via}:${a.value}`));
    const added = after.verifiable.find((a) => !known.has(`${a.via}:${a.value}`));
    if (added) flow.internal.verify_address = added;
    return { kind: 'saved' };
  },
};
