/**
 * Security keys in settings: one remove button per key (by its name), a name field and "Add
 * security key". Adding a key proves it at once, so the session rises to aal2 rather than
 * being locked out by the new requirement (as with an authenticator app).
 */
import type { Call } from '../../flows/call.js';
import { addMessage, type Flow } from '../../flows/flow-service.js';
import { refreshRequired } from '../../flows/session-guards.js';
import { flowUi } from '../../flows/urls.js';
import { stringField } from '../../http/body.js';
import { isPrivileged } from '../../sessions/session-service.js';
import type { StoredCredential, StoredIdentity } from '../../store/identities.js';
import { failure, validationReason } from '../../ui/messages.js';
import { clearMessages } from '../../ui/nodes.js';
import { CeremonyError, creationOptions, newChallenge, newUserHandle, verifyCreation } from '../../webauthn/ceremony.js';
import { deviceName } from '../../webauthn/device-name.js';
import { fromBase64, fromBase64Url, toBase64Url } from '../../webauthn/encoding.js';
import { changeKeys } from '../../webauthn/key-store.js';
import { remember, takePending } from '../../webauthn/pending.js';
import { relyingParty } from '../../webauthn/relying-party.js';
import { encodeBytes, keyIdHex, keysOf, uniqueName } from '../../webauthn/stored-keys.js';
import type { SettingsStrategy } from '../strategy.js';
import { securityKeySettingsNodes } from './nodes.js';

/** Names longer than this are cut: the list shows them on buttons. */
const MAX_NAME = 64;

function offer(call: Call, flow: Flow, identity: StoredIdentity, credentials: readonly StoredCredential[]) {
  const current = keysOf(credentials.find((c) => c.type === 'webauthn'));
  const handle = current.user_handle ? toBase64Url(fromBase64(current.user_handle)) : newUserHandle();
  const pending = { challenge: newChallenge(), user_handle: handle };
  remember(flow, 'webauthn_settings', pending);
  const name = credentials.find((c) => (c.type === 'password' || c.type === 'code') && c.identifiers.length)?.identifiers[0] ?? identity.id;
  return creationOptions(relyingParty(call.ctx.options), 'security_key', pending, { name, displayName: name }, current.credentials);
}

export const webauthnSettings: SettingsStrategy = {
  method: 'webauthn',
  async nodes(call, flow, identity, credentials) {
    const keys = keysOf(credentials.find((c) => c.type === 'webauthn')).credentials;
    return securityKeySettingsNodes(call.ctx.options.publicUrl, keys, offer(call, flow, identity, credentials));
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
        () => [identityId],
        (config) => {
          const remaining = config.credentials.filter((key) => keyIdHex(key) !== removeId);
          removed = remaining.length < config.credentials.length;
          return removed ? { ...config, credentials: remaining } : undefined;
        },
      );
      if (removed) return { kind: 'saved' };
      addMessage(flow, validationReason('You tried to remove a security key which does not exist.'));
      return { kind: 'form', status: 400 };
    }

    if (!pending?.user_handle) {
      addMessage(flow, failure.invalidWebAuthn());
      return { kind: 'form', status: 400 };
    }
    const typed = stringField(body, 'webauthn_register_displayname')?.trim().slice(0, MAX_NAME) ?? '';
    let key;
    try {
      key = await verifyCreation(relyingParty(ctx.options), 'security_key', body.webauthn_register, pending.challenge, {
        displayName: typed || deviceName(call.request.headers['user-agent'], 'Security key'),
        now: ctx.now(),
      });
    } catch (error) {
      if (!(error instanceof CeremonyError)) throw error;
      ctx.log.info({ identityId, reason: error.message }, 'security key registration refused');
      addMessage(flow, failure.invalidWebAuthn());
      return { kind: 'form', status: 400 };
    }
    const handle = fromBase64Url(pending.user_handle);
    await changeKeys(
      ctx,
      identityId,
      'webauthn',
      () => [identityId],
      (config) => ({
        user_handle: config.user_handle || encodeBytes(handle),
        credentials: [...config.credentials.filter((existing) => existing.id !== key.id), { ...key, display_name: uniqueName(key.display_name, config.credentials) }],
      }),
    );
    return { kind: 'saved', raises: 'webauthn' };
  },
};
