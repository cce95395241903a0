/**
 * Passkeys in settings: one remove button per passkey (by its name) and "Add passkey". Adding
 * and removing both need a recent sign-in; the last way to sign in cannot be removed.
 */
import { addMessage } from '../../flows/flow-service.js';
import { refreshRequired } from '../../flows/session-guards.js';
import { flowUi } from '../../flows/urls.js';
import { isPrivileged } from '../../sessions/session-service.js';
import { getCredentials, type StoredCredential } from '../../store/identities.js';
import { failure, validationReason } from '../../ui/messages.js';
import { clearMessages } from '../../ui/nodes.js';
import { deviceName } from '../../webauthn/device-name.js';
import { fromBase64 } from '../../webauthn/encoding.js';
import { changeKeys } from '../../webauthn/key-store.js';
import { takePending } from '../../webauthn/pending.js';
import { addVerifiedKey, creationOffer, type KeyChoice } from '../../webauthn/settings-keys.js';
import { keyIdHex, keysOf, userHandleIdentifier } from '../../webauthn/stored-keys.js';
import type { SettingsStrategy } from '../strategy.js';
import { passkeySettingsNodes } from './nodes.js';
import { recordSettingsChange } from '../../audit.js';

const PASSKEY: KeyChoice = {
  credential: 'passkey',
  ceremony: 'passkey',
  pendingKey: 'passkey_settings',
  identifiers: (config) => [userHandleIdentifier(fromBase64(config.user_handle))],
};

/** Another way in besides the passkey being removed: a password, e-mailed codes, another passkey, a linked provider. */
function hasOtherSignIn(credentials: readonly StoredCredential[], remaining: number): boolean {
  return remaining > 0 || credentials.some((c) => c.type === 'password' || c.type === 'code' || c.type === 'oidc');
}

export const passkeySettings: SettingsStrategy = {
  method: 'passkey',
  async nodes(call, flow, identity, credentials) {
    const keys = keysOf(credentials.find((c) => c.type === 'passkey')).credentials;
    return passkeySettingsNodes(call.ctx.options.publicUrl, keys, creationOffer(call, flow, identity, credentials, PASSKEY));
  },
  async update(call, flow, body, active) {
    const { ctx } = call;
    clearMessages(flow.wire.ui.nodes);
    const pending = await takePending(call, flow, 'passkey_settings');
    const removeId = typeof body.passkey_remove === 'string' ? body.passkey_remove : '';
    if (!removeId && !body.passkey_settings_register) {
      addMessage(flow, failure.settingsNoStrategy());
      return { kind: 'form', status: 400 };
    }
    if (!isPrivileged(ctx, active.session)) throw refreshRequired(call, flowUi(ctx.options, 'settings', { flow: flow.id }));
    const identityId = active.identity.id;

    if (removeId) {
      const credentials = await getCredentials(ctx.db, identityId);
      let outcome = 'missing' as 'removed' | 'missing' | 'last';
      await changeKeys(
        ctx,
        identityId,
        'passkey',
        (config) => PASSKEY.identifiers(config, identityId),
        (config) => {
          const remaining = config.credentials.filter((key) => keyIdHex(key) !== removeId);
          if (remaining.length === config.credentials.length) return undefined;
          if (!hasOtherSignIn(credentials, remaining.length)) {
            outcome = 'last';
            return undefined;
          }
          outcome = 'removed';
          return { ...config, credentials: remaining };
        },
        (tx) => recordSettingsChange(tx, call.request, identityId, { method: 'passkey', change: 'removed' }, ctx.now()),
      );
      if (outcome === 'removed') return { kind: 'saved' };
      addMessage(
        flow,
        validationReason(
          outcome === 'last' ? 'You cannot remove this passkey: it is the only way left to sign in to this account.' : 'You tried to remove a passkey which does not exist.',
        ),
      );
      return { kind: 'form', status: 400 };
    }

    const added = await addVerifiedKey(call, flow, identityId, PASSKEY, pending, body.passkey_settings_register, deviceName(call.request.headers['user-agent'], 'Passkey'));
    if (!added) return { kind: 'form', status: 400 };
    return { kind: 'saved' };
  },
};
