/**
 * A revision's JSON Patch as lines people read: "set services.oauth2.config.strategies.access_token
 * to jwt", "removed …". Paths are dotted, values short (objects cut after a line's worth), client
 * secrets never shown.
 */
import { dottedPath, HIDDEN_SECRET, isSecretPath, withoutSecrets, type PatchOperation } from './config-patch.js';

export type OperationVerb = 'set' | 'appended' | 'removed' | 'moved' | 'copied' | 'checked';

export interface OperationLine {
  /** Key under `platformAdmin.history.ops`. */
  verb: OperationVerb;
  path: string;
  from?: string;
  value?: string;
}

const LONGEST_VALUE = 120;

export function valueText(value: unknown, pointer: string): string {
  if (isSecretPath(pointer)) return HIDDEN_SECRET;
  const text = typeof value === 'string' && value !== '' ? value : (JSON.stringify(withoutSecrets(value)) ?? 'null');
  return text.length > LONGEST_VALUE ? `${text.slice(0, LONGEST_VALUE - 1)}…` : text;
}

export function operationLine(operation: PatchOperation): OperationLine {
  const path = dottedPath(operation.path) || '/';
  const from = operation.from === undefined ? undefined : dottedPath(operation.from) || '/';
  switch (operation.op) {
    case 'remove':
      return { verb: 'removed', path };
    case 'move':
      return { verb: 'moved', path, from };
    case 'copy':
      return { verb: 'copied', path, from };
    case 'add':
      // `…/providers/-` appends to the list.
      return operation.path.endsWith('/-')
        ? { verb: 'appended', path: dottedPath(operation.path.slice(0, -2)), value: valueText(operation.value, operation.path) }
        : { verb: 'set', path, value: valueText(operation.value, operation.path) };
    case 'test':
      return { verb: 'checked', path, value: valueText(operation.value, operation.path) };
    default:
      return { verb: 'set', path, value: valueText(operation.value, operation.path) };
  }
}
