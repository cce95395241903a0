/**
 * Backup recovery codes in settings: generate a set (shown once, saved on confirm), reveal the
 * saved set with used codes marked, or turn the method off. Every change needs a recent sign-in.
 */
import { refreshRequired } from '../../flows/session-guards.js';
import { flowUi } from '../../flows/urls.js';
import { isPrivileged } from '../../sessions/session-service.js';
import { deleteCredential, upsertCredential } from '../../store/identities.js';
import type { SettingsStrategy } from '../strategy.js';
import { codesOf, newLookupCodes, type LookupCode } from './codes.js';
import { codeListNode, confirmButton, disableButton, regenerateButton, revealButton } from './nodes.js';
import { recordSettingsChange } from '../../audit.js';

const ACTIONS = ['lookup_secret_regenerate', 'lookup_secret_reveal', 'lookup_secret_confirm', 'lookup_secret_disable'] as const;

export const lookupSecretSettings: SettingsStrategy = {
  method: 'lookup_secret',
  async nodes(_call, flow, _identity, credentials) {
    const saved = codesOf(credentials.find((c) => c.type === 'lookup_secret')?.config);
    const pending = flow.internal.lookup_pending as LookupCode[] | undefined;
    // Kratos' four shapes (strategy/lookup/settings.go): a client such as Ory Elements shows the
    // confirm button only when it is the one way forward, and offers regenerating beside revealed codes.
    if (pending) return [codeListNode(pending), confirmButton()];
    if (!saved.length) return [regenerateButton()];
    if (flow.internal.lookup_revealed) return [codeListNode(saved), disableButton(), regenerateButton()];
    return [revealButton(), disableButton()];
  },
  async update(call, flow, body, active) {
    const { ctx } = call;
    const action = ACTIONS.find((name) => body[name] === true || body[name] === 'true');
    if (!action) return { kind: 'form', status: 400 };
    if (!isPrivileged(ctx, active.session)) throw refreshRequired(call, flowUi(ctx.options, 'settings', { flow: flow.id }));
    delete flow.internal.lookup_revealed;
    switch (action) {
      case 'lookup_secret_regenerate':
        flow.internal.lookup_pending = newLookupCodes();
        return { kind: 'shown' };
      case 'lookup_secret_reveal':
        flow.internal.lookup_revealed = true;
        return { kind: 'shown' };
      case 'lookup_secret_confirm': {
        const pending = flow.internal.lookup_pending as LookupCode[] | undefined;
        if (!pending) return { kind: 'form', status: 400 };
        await ctx.db.transaction(async (tx) => {
          await upsertCredential(tx, active.identity.id, { type: 'lookup_secret', config: { recovery_codes: pending }, identifiers: [] }, ctx.now());
          await recordSettingsChange(tx, call.request, active.identity.id, { method: 'lookup_secret', change: 'added', codes: pending.length }, ctx.now());
        });
        delete flow.internal.lookup_pending;
        return { kind: 'saved', raises: 'lookup_secret' };
      }
      case 'lookup_secret_disable':
        delete flow.internal.lookup_pending;
        await ctx.db.transaction(async (tx) => {
          if (await deleteCredential(tx, active.identity.id, 'lookup_secret')) {
            await recordSettingsChange(tx, call.request, active.identity.id, { method: 'lookup_secret', change: 'removed' }, ctx.now());
          }
        });
        return { kind: 'saved' };
    }
  },
};
