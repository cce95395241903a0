/**
 * Buttons that must submit even when the form's fields are not filled in yet: choosing a social
 * provider, "Email" (1070007: send the code to this address) and "Resend code" (1070008).
 */
import type { UiNode } from '../../../shared/identity-flow.js';

const SKIP_LABEL_IDS = new Set([1070007, 1070008]);
const PROVIDER_GROUPS = new Set(['oidc', 'saml']);

export function skipsValidation(node: UiNode): boolean {
  if (PROVIDER_GROUPS.has(node.group)) return true;
  const labelId = node.meta.label?.id ?? (node.attributes.node_type === 'input' ? node.attributes.label?.id : undefined);
  return labelId !== undefined && SKIP_LABEL_IDS.has(labelId);
}
