/** The password strategy's nodes (Kratos `strategy/password/nodes.go`). */
import type { UiNode, UiText } from '../../../../shared/identity-flow.js';
import { hiddenNode, inputNode, submitNode } from '../../ui/nodes.js';
import { label } from '../../ui/messages.js';

export function identifierNode(identifierLabel: UiText, value?: string): UiNode {
  return inputNode('identifier', 'text', 'default', { value, required: true, autocomplete: 'username webauthn', label: identifierLabel });
}

export function hiddenIdentifierNode(value: string): UiNode {
  return hiddenNode('identifier', value, 'default');
}

export function passwordInput(autocomplete: 'current-password' | 'new-password'): UiNode {
  return inputNode('password', 'password', 'password', { required: true, autocomplete, label: label.password() });
}

export const passwordLoginSubmit = () => submitNode('method', 'password', 'password', label.signInWithPassword());
export const passwordRefreshSubmit = () => submitNode('method', 'password', 'password', label.signIn());
export const passwordRegistrationSubmit = () => submitNode('method', 'password', 'password', label.signUp());
export const passwordSettingsSubmit = () => submitNode('method', 'password', 'password', label.save());
