/**
 * Security keys in settings: one remove button per key (by its name), a name field and "Add
 * security key". Adding a key proves it at once, so the session rises to aal2 rather than
 * being locked out by the new requirement (as with an authenticator app).
 */
import { addMessage } from '../../flows/flow-service.js';
import { refreshRequired } from '../../flows/session-guards.js';
import { flowUi } from '../../flows/urls.js';
import { stringField } from '../../http/body.js';
import { isPrivileged } from '../../sessions/session-service.js';
import { failure, validationReason } from '../../ui/messages.js';
import { clearMessages } from '../../ui/nodes.js';
import { deviceName } from '../../webauthn/device-name.js';
import { changeKeys } from '../../webauthn/key-store.js';
import { takePending } from '../../webauthn/pending.js';
import { addVerifiedKey, creationOffer, type KeyChoice } from '../../webauthn/settings-keys.js';
import { keyIdHex, keysOf } from '../../webauthn/stored-keys.js';
import type { SettingsStrategy } from '../strategy.js';
import { securityKeySettingsNodes } from './nodes.js';
import { recordSettingsChange } from '../../audit.js';

/** Names longer than this are cut: the list shows them on buttons. */
const MAX_NAME = 64;

const SECURITY_KEY: KeyChoice = {
  credential: 'webauthn',
  ceremony: 'security_key',
  pendingKey: 'webauthn_settings',
  identifiers: (_config, identityId) => [identityId],
};

export const webauthnSettings: SettingsStrategy = {
  method: 'webauthn',
  async nodes(call, flow, identity, credentials) {
    const keys = keysOf(credentials.find((c) => c.type === 'webauthn')).credentials;
    return securityKeySettingsNodes(call.ctx.options.publicUrl, keys, creationOffer(call, flow, identity, credentials, SECURITY_KEY));
  },
  async update(call, flow, body, active) {
    const { ctx } = call;
    clearMessages(flow.wire.ui.nodes);
    const pending = await takePending(call, flow, 'webauthn_settings');
    const removeId = typeof body.webauthn_remove === 'string' ? body.webauthn_remove : '';
    if (!removeId && !body.webauthn_register) {
      addMessage(flow, failure.settingsNoStrategy());
      return { kind: 'form', status: 400 };
    }
    if (!isPrivileged(ctx, active.session)) throw refreshRequired(call, flowUi(ctx.options, 'settings', { flow: flow.id }));
    const identityId = active.identity.id;

    if (removeId) {
      let removed = false;
      await changeKeys(
        ctx,
        identityId,
        'webauthn',
        (config) => SECURITY_KEY.identifiers(config, identityId),
        (config) => {
          const remaining = config.credentials.filter((key) => keyIdHex(key) !== removeId);
          removed = remaining.length < config.credentials.length;
          return removed ? { ...config, credentials: remaining } : undefined;
        },
        (tx) => recordSettingsChange(tx, call.request, identityId, { method: 'webauthn', change: 'removed' }, ctx.now()),
      );
      if (removed) return { kind: 'saved' };
      addMessage(flow, validationReason('You tried to remove a security key which does not exist.'));
      return { kind: 'form', status: 400 };
    }

    const typed = stringField(body, 'webauthn_register_displayname')?.trim().slice(0, MAX_NAME) ?? '';
    const displayName = typed || deviceName(call.request.headers['user-agent'], 'Security key');
    const added = await addVerifiedKey(call, flow, identityId, SECURITY_KEY, pending, body.webauthn_register, displayName);
    if (!added) return { kind: 'form', status: 400 };
    return { kind: 'saved', raises: 'webauthn' };
  },
};
