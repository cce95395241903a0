/** The lookup_secret strategy's nodes (Kratos `strategy/lookup`). */
import type { UiNode } from '../../../../shared/identity-flow.js';
import { backupCodeList, label, unusedBackupCode, usedBackupCode } from '../../ui/messages.js';
import { inputNode, submitNode, textNode } from '../../ui/nodes.js';
import type { LookupCode } from './codes.js';

export const lookupLoginNodes = (): UiNode[] => [
  inputNode('lookup_secret', 'text', 'lookup_secret', { required: true, autocomplete: 'one-time-code', label: label.backupCode() }),
  submitNode('method', 'lookup_secret', 'lookup_secret', label.useBackupCode()),
];

const button = (name: string, text: ReturnType<typeof label.save>): UiNode => submitNode(name, 'true', 'lookup_secret', text);

export const regenerateButton = () => button('lookup_secret_regenerate', label.regenerateBackupCodes());
export const revealButton = () => button('lookup_secret_reveal', label.revealBackupCodes());
export const disableButton = () => button('lookup_secret_disable', label.disableBackupCodes());
export const confirmButton = () => button('lookup_secret_confirm', label.confirmBackupCodes());

export function codeListNode(codes: readonly LookupCode[]): UiNode {
  const items = codes.map((c) => (c.used_at ? usedBackupCode(new Date(c.used_at)) : unusedBackupCode(c.code)));
  return textNode('lookup_secret_codes', backupCodeList(items), 'lookup_secret', label.backupCodesHeading());
}
