/**
 * JSON Patch (RFC 6902) over the project document, as the project API takes it: the operations
 * that set values at JSON pointers, adding the objects above a key that is not there yet, so a
 * form sends only the keys it changed. Also the readable forms of paths and values the screens
 * show, with client secrets never among them.
 */
export type PatchOp = 'add' | 'remove' | 'replace' | 'move' | 'copy' | 'test';

export interface PatchOperation {
  op: PatchOp;
  path: string;
  from?: string;
  value?: unknown;
}

/** A value to set at a pointer; `undefined` removes the key. */
export interface Change {
  pointer: string;
  value: unknown;
}

const SECRET_KEYS = new Set(['client_secret']);
export const HIDDEN_SECRET = '••••••••';

export function segmentsOf(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function pointerOf(segments: readonly string[]): string {
  return segments.map((part) => `/${part.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** `/services/oauth2/config/ttl/access_token` → `services.oauth2.config.ttl.access_token`. */
export function dottedPath(pointer: string): string {
  return segmentsOf(pointer).join('.');
}

type Container = Record<string, unknown> | unknown[];

const isContainer = (value: unknown): value is Container => typeof value === 'object' && value !== null;

function child(node: Container, key: string): unknown {
  return Array.isArray(node) ? node[Number(key)] : Object.prototype.hasOwnProperty.call(node, key) ? node[key] : undefined;
}

function has(node: Container, key: string): boolean {
  return Array.isArray(node) ? /^\d+$/.test(key) && Number(key) < node.length : Object.prototype.hasOwnProperty.call(node, key);
}

/** The value at `pointer`, or undefined when nothing is there. */
export function valueAt(document: unknown, pointer: string): unknown {
  let node = document;
  for (const key of segmentsOf(pointer)) {
    if (!isContainer(node)) return undefined;
    node = child(node, key);
  }
  return node;
}

export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function nested(keys: readonly string[], value: unknown): unknown {
  return keys.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value);
}

/**
 * The operations that bring each pointer of `changes` to its value in `document`, in order: a
 * `replace` where the key is, an `add` where it is not (of the first missing object, holding the
 * rest), a `remove` for `undefined`; none for a value already there. `document` is not changed.
 */
export function setOperations(document: unknown, changes: readonly Change[]): PatchOperation[] {
  const working: unknown = structuredClone(document);
  const operations: PatchOperation[] = [];
  for (const { pointer, value } of changes) {
    const keys = segmentsOf(pointer);
    let node = working;
    for (let at = 0; at < keys.length; at++) {
      if (!isContainer(node)) throw new Error(`${dottedPath(pointerOf(keys.slice(0, at)))} is not an object`);
      const key = keys[at]!;
      const last = at === keys.length - 1;
      if (last || !has(node, key) || !isContainer(child(node, key))) {
        const path = pointerOf(keys.slice(0, at + 1));
        if (value === undefined) {
          if (last && has(node, key)) {
            operations.push({ op: 'remove', path });
            if (Array.isArray(node)) node.splice(Number(key), 1);
            else delete node[key];
          }
        } else {
          const next = last ? value : nested(keys.slice(at + 1), value);
          if (!has(node, key)) operations.push({ op: 'add', path, value: next });
          else if (!sameJson(child(node, key), next)) operations.push({ op: 'replace', path, value: next });
          else break;
          if (Array.isArray(node)) node[Number(key)] = structuredClone(next);
          else node[key] = structuredClone(next);
        }
        break;
      }
      node = child(node, key);
    }
  }
  return operations;
}

/** A copy of `value` with every client secret in it replaced by dots: secrets are written, never shown. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (!isContainer(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, SECRET_KEYS.has(key) ? HIDDEN_SECRET : withoutSecrets(inner)]));
}

/** Whether a path ends at a secret (`…/providers/0/client_secret`). */
export function isSecretPath(pointer: string): boolean {
  return SECRET_KEYS.has(segmentsOf(pointer).at(-1) ?? '');
}
