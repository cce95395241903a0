/** RFC 6902 JSON Patch (add, remove, replace, test, move, copy) on a plain JSON document, for `PATCH /admin/clients/{id}`. */
import { invalidRequest } from './hydra-error.js';

export interface PatchOperation {
  op: 'add' | 'remove' | 'replace' | 'test' | 'move' | 'copy';
  path: string;
  value?: unknown;
  from?: string;
}

type Container = Record<string, unknown> | unknown[];

function pointer(path: string): string[] {
  if (path === '') return [];
  if (!path.startsWith('/')) throw invalidRequest(`JSON Patch path "${path}" must start with /`);
  return path
    .slice(1)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function parentOf(document: unknown, path: string): { parent: Container; key: string } {
  const parts = pointer(path);
  if (parts.length === 0) throw invalidRequest('JSON Patch cannot replace the whole client');
  let node: unknown = document;
  for (const part of parts.slice(0, -1)) {
    node = Array.isArray(node) ? node[Number(part)] : (node as Record<string, unknown> | undefined)?.[part];
    if (node === null || typeof node !== 'object') throw invalidRequest(`JSON Patch path "${path}" does not exist`);
  }
  return { parent: node as Container, key: parts.at(-1)! };
}

function read(document: unknown, path: string): unknown {
  const { parent, key } = parentOf(document, path);
  const value = Array.isArray(parent) ? parent[Number(key)] : parent[key];
  if (value === undefined) throw invalidRequest(`JSON Patch path "${path}" does not exist`);
  return value;
}

function remove(document: unknown, path: string): void {
  read(document, path);
  const { parent, key } = parentOf(document, path);
  if (Array.isArray(parent)) parent.splice(Number(key), 1);
  else delete parent[key];
}

function add(document: unknown, path: string, value: unknown): void {
  const { parent, key } = parentOf(document, path);
  if (Array.isArray(parent)) {
    const index = key === '-' ? parent.length : Number(key);
    if (!Number.isInteger(index) || index < 0 || index > parent.length) throw invalidRequest(`JSON Patch index "${key}" is out of range`);
    parent.splice(index, 0, value);
  } else parent[key] = value;
}

export function applyPatch<T>(document: T, operations: readonly PatchOperation[]): T {
  const copy = structuredClone(document);
  for (const operation of operations) {
    switch (operation.op) {
      case 'add':
        add(copy, operation.path, structuredClone(operation.value));
        break;
      case 'remove':
        remove(copy, operation.path);
        break;
      case 'replace':
        remove(copy, operation.path);
        add(copy, operation.path, structuredClone(operation.value));
        break;
      case 'test':
        if (JSON.stringify(read(copy, operation.path)) !== JSON.stringify(operation.value)) throw invalidRequest(`JSON Patch test of "${operation.path}" failed`);
        break;
      case 'move': {
        const value = read(copy, operation.from ?? '');
        remove(copy, operation.from ?? '');
        add(copy, operation.path, value);
        break;
      }
      case 'copy':
        add(copy, operation.path, structuredClone(read(copy, operation.from ?? '')));
        break;
    }
  }
  return copy;
}
