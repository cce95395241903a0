/** The security-key strategy's nodes (Kratos `strategy/webauthn`), in Kratos' order. */
import type { UiNode } from '../../../../shared/identity-flow.js';
import { hiddenNode, inputNode, submitNode } from '../../ui/nodes.js';
import { label, removeKey } from '../../ui/messages.js';
import { webauthnScriptNode } from '../../webauthn/script.js';
import { keyIdHex, type StoredWebAuthnKey } from '../../webauthn/stored-keys.js';
import { triggerButton } from '../passkey/nodes.js';

export function securityKeyLoginNodes(publicUrl: string, options: unknown): UiNode[] {
  return [
    hiddenNode('webauthn_login', '', 'webauthn'),
    webauthnScriptNode(publicUrl),
    triggerButton('webauthn_login_trigger', 'webauthn', 'oryWebAuthnLogin', label.signInWithSecurityKey(), JSON.stringify(options)),
  ];
}

export function securityKeySettingsNodes(publicUrl: string, keys: readonly StoredWebAuthnKey[], options: unknown): UiNode[] {
  return [
    ...keys.map((key) => submitNode('webauthn_remove', keyIdHex(key), 'webauthn', removeKey('webauthn', key.display_name, new Date(key.added_at)))),
    inputNode('webauthn_register_displayname', 'text', 'webauthn', { value: '', label: label.securityKeyName() }),
    hiddenNode('webauthn_register', '', 'webauthn'),
    triggerButton('webauthn_register_trigger', 'webauthn', 'oryWebAuthnRegistration', label.addSecurityKey(), JSON.stringify(options)),
    webauthnScriptNode(publicUrl),
  ];
}
