/**
 * Social sign-in client secrets are write-only in the project API: stored, used by the identity
 * service, never answered back (neither in the project nor in a revision's patch). A change that
 * leaves a provider's secret out keeps the one stored for that provider id, so a project read,
 * edited and written back with PUT loses nothing.
 */
import type { Operation } from 'fast-json-patch';
import type { ProjectDocument } from './config-schema.js';

const HIDDEN = '[hidden]';

type Provider = Record<string, unknown>;

function providersOf(document: unknown): Provider[] {
  const services = (document as { services?: { identity?: { config?: unknown } } } | undefined)?.services;
  const oidc = (services?.identity?.config as { selfservice?: { methods?: { oidc?: { config?: { providers?: unknown } } } } } | undefined)?.selfservice?.methods?.oidc;
  const providers = oidc?.config?.providers;
  return Array.isArray(providers) ? (providers.filter((p) => p && typeof p === 'object') as Provider[]) : [];
}

/** A copy of `value` without any `client_secret` key, at any depth. */
function stripped<T>(value: T): T {
  if (Array.isArray(value)) return value.map(stripped) as T;
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'client_secret')
      .map(([key, inner]) => [key, stripped(inner)]),
  ) as T;
}

export function documentWithoutSecrets(document: ProjectDocument): ProjectDocument {
  return stripped(document);
}

export function patchWithoutSecrets(operations: readonly Operation[]): Operation[] {
  return operations.map((operation) => {
    if (!('value' in operation)) return operation;
    if (operation.path.endsWith('/client_secret')) return { ...operation, value: HIDDEN };
    return { ...operation, value: stripped(operation.value) };
  });
}

/** `next` with the stored secret put back into each provider that came without one. */
export function keepStoredSecrets(current: ProjectDocument, next: unknown): unknown {
  const stored = new Map(providersOf(current).map((p) => [p.id, p.client_secret]));
  for (const provider of providersOf(next)) {
    const secret = stored.get(provider.id);
    if (provider.client_secret === undefined && typeof secret === 'string') provider.client_secret = secret;
  }
  return next;
}
