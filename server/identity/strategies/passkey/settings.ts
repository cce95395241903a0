/**
 * Passkeys in settings: one remove button per passkey (by its name) and "Add passkey". Adding
 * and removing both need a recent sign-in; the last way to sign in cannot be removed.
 */
import type { Call } from '../../flows/call.js';
import type { Flow } from '../../flows/flow-service.js';
import { addMessage } from '../../flows/flow-service.js';
import { refreshRequired } from '../../flows/session-guards.js';
import { flowUi } from '../../flows/urls.js';
import { isPrivileged } from '../../sessions/session-service.js';
import { getCredentials, type StoredCredential, type StoredIdentity } from '../../store/identities.js';
import { failure, validationReason } from '../../ui/messages.js';
import { clearMessages } from '../../ui/nodes.js';
import { CeremonyError, creationOptions, newChallenge, newUserHandle, verifyCreation } from '../../webauthn/ceremony.js';
import { deviceName } from '../../webauthn/device-name.js';
import { fromBase64, fromBase64Url, toBase64Url } from '../../webauthn/encoding.js';
import { changeKeys } from '../../webauthn/key-store.js';
import { remember, takePending } from '../../webauthn/pending.js';
import { relyingParty } from '../../webauthn/relying-party.js';
import { encodeBytes, keyIdHex, keysOf, uniqueName, userHandleIdentifier } from '../../webauthn/stored-keys.js';
import type { SettingsStrategy } from '../strategy.js';
import { passkeySettingsNodes } from './nodes.js';

/** The account name the authenticator shows: the identity's first sign-in identifier. */
function accountName(identity: StoredIdentity, credentials: readonly StoredCredential[]): string {
  return credentials.find((c) => (c.type === 'password' || c.type === 'code') && c.identifiers.length)?.identifiers[0] ?? identity.id;
}

function offer(call: Call, flow: Flow, identity: StoredIdentity, credentials: readonly StoredCredential[]) {
  const current = keysOf(credentials.find((c) => c.type === 'passkey'));
  // Every passkey of one identity shares its user handle, so a new one replaces none on the device.
  const handle = current.user_handle ? toBase64Url(fromBase64(current.user_handle)) : newUserHandle();
  const pending = { challenge: newChallenge(), user_handle: handle };
  remember(flow, 'passkey_settings', pending);
  const name = accountName(identity, credentials);
  return creationOptions(relyingParty(call.ctx.options), 'passkey', pending, { name, displayName: name }, current.credentials);
}

/** Another way in besides the passkey being removed: a password, e-mailed codes, another passkey, a linked provider. */
function hasOtherSignIn(credentials: readonly StoredCredential[], remaining: number): boolean {
  return remaining > 0 || credentials.some((c) => c.type === 'password' || c.type === 'code' || c.type === 'oidc');
}

export const passkeySettings: SettingsStrategy = {
  method: 'passkey',
  async nodes(call, flow, identity, credentials) {
    const keys = keysOf(credentials.find((c) => c.type === 'passkey')).credentials;
    return passkeySettingsNodes(call.ctx.options.publicUrl, keys, offer(call, flow, identity, credentials));
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
        (config) => [userHandleIdentifier(fromBase64(config.user_handle))],
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

    if (!pending?.user_handle) {
      addMessage(flow, failure.invalidWebAuthn());
      return { kind: 'form', status: 400 };
    }
    let key;
    try {
      key = await verifyCreation(relyingParty(ctx.options), 'passkey', body.passkey_settings_register, pending.challenge, {
        displayName: deviceName(call.request.headers['user-agent'], 'Passkey'),
        now: ctx.now(),
      });
    } catch (error) {
      if (!(error instanceof CeremonyError)) throw error;
      ctx.log.info({ identityId, reason: error.message }, 'passkey registration refused');
      addMessage(flow, failure.invalidWebAuthn());
      return { kind: 'form', status: 400 };
    }
    const handle = fromBase64Url(pending.user_handle);
    await changeKeys(
      ctx,
      identityId,
      'passkey',
      () => [userHandleIdentifier(handle)],
      (config) => ({
        user_handle: config.user_handle || encodeBytes(handle),
        credentials: [...config.credentials.filter((existing) => existing.id !== key.id), { ...key, display_name: uniqueName(key.display_name, config.credentials) }],
      }),
    );
    return { kind: 'saved' };
  },
};
