/**
 * Buttons that must submit even when the form's fields are not filled in yet: choosing a social
 * provider, "Email" (1070007: send the code to this address) and "Resend code" (1070008).
 */
import type { UiNode } from '../../../shared/identity-flow.js';

const SKIP_LABEL_IDS = new Set([1070007, 1070008]);
const PROVIDER_GROUPS = new Set(['oidc', 'saml']);

/**
 * A provider's "Continue" (1040003) finishes a sign-up with the traits the provider did not
 * share: the form's main action, checked like any other, not a choice of provider.
 */
export function completesProviderSignUp(node: UiNode): boolean {
  return PROVIDER_GROUPS.has(node.group) && node.meta.label?.id === 1040003;
}

export function skipsValidation(node: UiNode): boolean {
  if (PROVIDER_GROUPS.has(node.group)) return !completesProviderSignUp(node);
  const labelId = node.meta.label?.id ?? (node.attributes.node_type === 'input' ? node.attributes.label?.id : undefined);
  return labelId !== undefined && SKIP_LABEL_IDS.has(labelId);
}
