/**
 * Linking an authenticator app (scan the QR code, confirm one code) and unlinking it. The secret
 * offered stays with the flow until confirmed, so reloading the page shows the same QR code.
 */
import { stringField } from '../../http/body.js';
import { refreshRequired } from '../../flows/session-guards.js';
import { flowUi } from '../../flows/urls.js';
import { isPrivileged } from '../../sessions/session-service.js';
import { deleteCredential, upsertCredential } from '../../store/identities.js';
import { validationRequired } from '../../traits/validation-messages.js';
import { failure } from '../../ui/messages.js';
import { addNodeMessage, clearMessages } from '../../ui/nodes.js';
import type { SettingsStrategy } from '../strategy.js';
import { totpEnrolNodes, totpUnlinkNode } from './nodes.js';
import { newTotpKey, secretOf, verifyTotp } from './totp.js';
import { recordSettingsChange } from '../../audit.js';

export const totpSettings: SettingsStrategy = {
  method: 'totp',
  async nodes(call, flow, identity, credentials) {
    if (credentials.some((c) => c.type === 'totp')) {
      delete flow.internal.totp_url;
      return [totpUnlinkNode()];
    }
    if (typeof flow.internal.totp_url !== 'string') {
      const account = credentials.find((c) => c.identifiers.length)?.identifiers[0] ?? identity.id;
      flow.internal.totp_url = newTotpKey(call.ctx.options.productName, account).url;
    }
    const url = flow.internal.totp_url as string;
    return totpEnrolNodes(url, secretOf(url));
  },
  async update(call, flow, body, active) {
    const { ctx } = call;
    clearMessages(flow.wire.ui.nodes);
    const unlink = body.totp_unlink === true || body.totp_unlink === 'true';
    const code = stringField(body, 'totp_code')?.trim() ?? '';
    if (!unlink && !code) {
      addNodeMessage(flow.wire.ui.nodes, 'totp_code', validationRequired('totp_code'));
      return { kind: 'form', status: 400 };
    }
    if (!isPrivileged(ctx, active.session)) throw refreshRequired(call, flowUi(ctx.options, 'settings', { flow: flow.id }));
    if (unlink) {
      await ctx.db.transaction(async (tx) => {
        if (await deleteCredential(tx, active.identity.id, 'totp'))
          await recordSettingsChange(tx, call.request, active.identity.id, { method: 'totp', change: 'removed' }, ctx.now());
      });
      return { kind: 'saved' };
    }
    const url = flow.internal.totp_url;
    if (typeof url !== 'string' || !verifyTotp(url, code, ctx.now())) {
      addNodeMessage(flow.wire.ui.nodes, 'totp_code', failure.invalidTotp());
      return { kind: 'form', status: 400 };
    }
    await ctx.db.transaction(async (tx) => {
      await upsertCredential(tx, active.identity.id, { type: 'totp', config: { totp_url: url }, identifiers: [] }, ctx.now());
      await recordSettingsChange(tx, call.request, active.identity.id, { method: 'totp', change: 'added' }, ctx.now());
    });
    delete flow.internal.totp_url;
    return { kind: 'saved', raises: 'totp' };
  },
};
