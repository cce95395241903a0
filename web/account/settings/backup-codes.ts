/**
 * The backup recovery codes of a settings flow, read from the `lookup_secret_codes` text node:
 * its context lists one message per code, 1050009 `{secret}` while unused and 1050014
 * `{used_at, used_at_unix}` once spent (the secret itself is no longer given out).
 */
import type { UiNode, UiText } from '../../../shared/identity-flow.js';

export const BACKUP_CODES_NODE = 'lookup_secret_codes';
const USED_CODE_ID = 1050014;

export type BackupCode = { used: false; secret: string; message: UiText } | { used: true; message: UiText };

export function backupCodesNode(nodes: readonly UiNode[]): UiNode | undefined {
  return nodes.find((node) => node.attributes.node_type === 'text' && node.attributes.id === BACKUP_CODES_NODE);
}

export function backupCodes(node: UiNode): BackupCode[] {
  if (node.attributes.node_type !== 'text') return [];
  const secrets = node.attributes.text.context?.secrets;
  if (!Array.isArray(secrets)) return [];
  return (secrets as UiText[]).map((message) => {
    const context = message.context ?? {};
    if (message.id === USED_CODE_ID || 'used_at' in context) return { used: true, message };
    return { used: false, secret: typeof context.secret === 'string' ? context.secret : message.text, message };
  });
}
