/** The code strategy's nodes (Kratos `strategy/code/node.go`). */
import type { UiNode, UiText } from '../../../../shared/identity-flow.js';
import { label } from '../../ui/messages.js';
import { hiddenNode, inputNode, submitNode } from '../../ui/nodes.js';

export const loginChooseNodes = (): UiNode[] => [submitNode('method', 'code', 'code', label.emailSignInCode())];

export function loginSentNodes(address: string): UiNode[] {
  return [
    hiddenNode('identifier', address, 'code'),
    hiddenNode('method', 'code', 'code'),
    codeInput(label.loginCode()),
    submitNode('method', 'code', 'code', label.continue()),
    submitNode('resend', 'code', 'code', label.resendCode()),
  ];
}

export const registrationChooseNodes = (): UiNode[] => [submitNode('method', 'code', 'code', label.emailSignUpCode())];

export function registrationSentNodes(): UiNode[] {
  return [
    hiddenNode('method', 'code', 'code'),
    codeInput(label.registrationCode()),
    submitNode('method', 'code', 'code', label.continue()),
    submitNode('resend', 'code', 'code', label.resendCode()),
  ];
}

export function emailInput(): UiNode {
  return inputNode('email', 'email', 'code', { required: true, autocomplete: 'email', label: label.email() });
}

export const recoveryChooseNodes = (): UiNode[] => [emailInput(), submitNode('method', 'code', 'code', label.continue())];
export const verificationChooseNodes = (): UiNode[] => [emailInput(), submitNode('method', 'code', 'code', label.continue())];

export function recoverySentNodes(email: string): UiNode[] {
  return [
    inputNode('code', 'text', 'code', { required: true, autocomplete: 'one-time-code', pattern: '[0-9]+', maxlength: 6, label: label.recoveryCode() }),
    hiddenNode('method', 'code', 'code'),
    submitNode('method', 'code', 'code', label.continue()),
    submitNode('email', email, 'code', label.resendCode()),
  ];
}

export function verificationSentNodes(email: string): UiNode[] {
  return [
    hiddenNode('method', 'code', 'code'),
    codeInput(label.verificationCode()),
    submitNode('method', 'code', 'code', label.continue()),
    submitNode('email', email, 'code', label.resendCode()),
  ];
}

function codeInput(text: UiText): UiNode {
  return inputNode('code', 'text', 'code', { required: true, autocomplete: 'one-time-code', label: text });
}
