/** The passkey strategy's nodes (Kratos `strategy/passkey`), in Kratos' order. */
import type { UiNode, UiNodeInputAttributes, UiNodeTrigger } from '../../../../shared/identity-flow.js';
import { hiddenNode, inputNode, submitNode } from '../../ui/nodes.js';
import { label, removeKey } from '../../ui/messages.js';
import { webauthnScriptNode } from '../../webauthn/script.js';
import { keyIdHex, type StoredWebAuthnKey } from '../../webauthn/stored-keys.js';

/** A button that runs a function of the WebAuthn script rather than submitting. */
export function triggerButton(name: string, group: 'passkey' | 'webauthn', trigger: UiNodeTrigger, text: ReturnType<typeof label.addPasskey>, value = ''): UiNode {
  const node = inputNode(name, 'button', group, { value, label: text });
  withTrigger(node, 'onclick', trigger);
  return node;
}

/** Kratos sets both the legacy inline call and the trigger name; clients use either. */
export function withTrigger(node: UiNode, event: 'onclick' | 'onload', trigger: UiNodeTrigger): UiNode {
  const attributes = node.attributes as UiNodeInputAttributes;
  const { node_type, ...rest } = attributes;
  Object.assign(node, {
    attributes: { ...rest, [event]: `window.${trigger}()`, [`${event}Trigger`]: trigger, node_type },
  });
  return node;
}

export function passkeyLoginNodes(publicUrl: string, options: unknown): UiNode[] {
  return [
    hiddenNode('passkey_challenge', JSON.stringify(options), 'passkey'),
    webauthnScriptNode(publicUrl),
    withTrigger(hiddenNode('passkey_login', '', 'passkey'), 'onload', 'oryPasskeyLoginAutocompleteInit'),
    triggerButton('passkey_login_trigger', 'passkey', 'oryPasskeyLogin', label.signInWithPasskey()),
  ];
}

export function passkeyRegistrationNodes(publicUrl: string, createData: unknown): UiNode[] {
  return [
    hiddenNode('passkey_create_data', JSON.stringify(createData), 'passkey'),
    triggerButton('passkey_register_trigger', 'passkey', 'oryPasskeyRegistration', label.signUpWithPasskey()),
    webauthnScriptNode(publicUrl),
    hiddenNode('passkey_register', '', 'passkey'),
  ];
}

export function passkeySettingsNodes(publicUrl: string, keys: readonly StoredWebAuthnKey[], options: unknown): UiNode[] {
  return [
    webauthnScriptNode(publicUrl),
    ...keys.map((key) => submitNode('passkey_remove', keyIdHex(key), 'passkey', removeKey('passkey', key.display_name, new Date(key.added_at)))),
    triggerButton('passkey_register_trigger', 'passkey', 'oryPasskeySettingsRegistration', label.addPasskey()),
    hiddenNode('passkey_settings_register', '', 'passkey'),
    hiddenNode('passkey_create_data', JSON.stringify(options), 'passkey'),
  ];
}
