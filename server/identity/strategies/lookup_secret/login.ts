/** Second factor: one backup recovery code, spent on use. */
import { stringField } from '../../http/body.js';
import { addMessage, setMessages } from '../../flows/flow-service.js';
import { getCredential, upsertCredential } from '../../store/identities.js';
import { validationRequired } from '../../traits/validation-messages.js';
import { failure } from '../../ui/messages.js';
import { addNodeMessage, clearMessages } from '../../ui/nodes.js';
import type { LoginStrategy } from '../strategy.js';
import { codesOf } from './codes.js';
import { lookupLoginNodes } from './nodes.js';

export const lookupSecretLogin: LoginStrategy = {
  method: 'lookup_secret',
  secondFactorNodes: (credentials) => (credentials.some((c) => c.type === 'lookup_secret' && codesOf(c.config).length > 0) ? lookupLoginNodes() : []),
  async login(call, flow, body, current) {
    const { ctx } = call;
    clearMessages(flow.wire.ui.nodes);
    setMessages(flow, []);
    if (!current) return { kind: 'form', status: 400 };
    const entered = stringField(body, 'lookup_secret')?.trim().toLowerCase() ?? '';
    if (!entered) {
      addNodeMessage(flow.wire.ui.nodes, 'lookup_secret', validationRequired('lookup_secret'));
      return { kind: 'form', status: 400 };
    }
    const identityId = current.identity.id;
    // Spending a code and checking it happen under one row lock: a code works exactly once.
    const result = await ctx.db.transaction(async (tx) => {
      await tx.query(`SELECT 1 FROM credentials WHERE identity_id = $1 AND type = 'lookup_secret' FOR UPDATE`, [identityId]);
      const credential = await getCredential(tx, identityId, 'lookup_secret');
      const codes = codesOf(credential?.config);
      if (!credential || codes.length === 0) return 'none' as const;
      const match = codes.find((c) => c.code === entered);
      if (!match) return 'invalid' as const;
      if (match.used_at) return 'used' as const;
      match.used_at = ctx.now().toISOString();
      await upsertCredential(tx, identityId, { type: 'lookup_secret', config: { recovery_codes: codes }, identifiers: [] }, ctx.now());
      return 'ok' as const;
    });
    if (result === 'ok') return { kind: 'authenticated', identityId, method: 'lookup_secret', aal: 'aal2' };
    if (result === 'none') addMessage(flow, failure.noBackupCodes());
    else addNodeMessage(flow.wire.ui.nodes, 'lookup_secret', result === 'used' ? failure.backupCodeUsed() : failure.invalidBackupCode());
    return { kind: 'form', status: 400 };
  },
};
