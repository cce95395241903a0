/**
 * Social and company sign-in providers as the project stores them
 * (`selfservice.methods.oidc.config.providers`), and the JSON Patch a change to one of them is:
 * only the keys that changed, the client secret only when a new one was typed.
 */
import type { Change, PatchOperation } from './config-patch.js';
import { setOperations, valueAt } from './config-patch.js';
import { PROVIDERS } from './config-fields.js';
import type { PlatformProject } from './platform-types.js';

export const PROVIDER_KINDS = ['generic', 'google', 'microsoft', 'github'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

export const PROVIDER_ID = /^[a-z0-9][a-z0-9_-]{0,39}$/;
export const TENANT = /^[A-Za-z0-9][A-Za-z0-9.-]{0,99}$/;

export interface StoredProvider {
  id: string;
  provider: ProviderKind;
  label?: string;
  client_id: string;
  client_secret?: string;
  issuer_url?: string;
  microsoft_tenant?: string;
  scope?: string[];
  mapper_url?: string;
}

/** The provider form's values: text as typed; the secret empty unless a new one is typed. */
export type ProviderValues = {
  id: string;
  provider: string | null;
  label: string;
  clientId: string;
  clientSecret: string;
  issuer: string;
  tenant: string;
  scopes: string;
};

const isProvider = (value: unknown): value is StoredProvider => typeof value === 'object' && value !== null && typeof (value as StoredProvider).id === 'string';

export function providersOf(project: PlatformProject): StoredProvider[] {
  const list = valueAt(project, PROVIDERS);
  return Array.isArray(list) ? list.filter(isProvider) : [];
}

export const EMPTY_PROVIDER: ProviderValues = { id: '', provider: 'generic', label: '', clientId: '', clientSecret: '', issuer: '', tenant: '', scopes: '' };

export function valuesOfProvider(stored: StoredProvider): ProviderValues {
  return {
    id: stored.id,
    provider: stored.provider,
    label: stored.label ?? '',
    clientId: stored.client_id,
    clientSecret: '',
    issuer: stored.issuer_url ?? '',
    tenant: stored.microsoft_tenant ?? '',
    scopes: (stored.scope ?? []).join(' '),
  };
}

const text = (value: string) => value.trim() || undefined;
const scopesOf = (value: string) => {
  const scopes = value.split(/\s+/).filter(Boolean);
  return scopes.length > 0 ? scopes : undefined;
};

/** The stored keys the form's values give; keys a kind does not use are left as they are. */
function storedKeys(values: ProviderValues): Partial<Record<keyof StoredProvider, unknown>> {
  const kind = values.provider as ProviderKind;
  return {
    provider: kind,
    label: text(values.label),
    client_id: values.clientId.trim(),
    ...(values.clientSecret ? { client_secret: values.clientSecret } : {}),
    ...(kind === 'generic' ? { issuer_url: text(values.issuer) } : {}),
    ...(kind === 'microsoft' ? { microsoft_tenant: text(values.tenant) } : {}),
    scope: scopesOf(values.scopes),
  };
}

/** Adding a provider: appended to the list (the list made when there is none). */
export function addProviderOperations(project: PlatformProject, values: ProviderValues): PatchOperation[] {
  const entry = Object.fromEntries(Object.entries({ id: values.id.trim(), ...storedKeys(values) }).filter(([, value]) => value !== undefined));
  if (Array.isArray(valueAt(project, PROVIDERS))) return [{ op: 'add', path: `${PROVIDERS}/-`, value: entry }];
  return setOperations(project, [{ pointer: PROVIDERS, value: [entry] }]);
}

/** Changing the provider at `index`: each changed key set, each emptied one removed. */
export function editProviderOperations(project: PlatformProject, index: number, values: ProviderValues): PatchOperation[] {
  const changes: Change[] = Object.entries(storedKeys(values)).map(([key, value]) => ({ pointer: `${PROVIDERS}/${index}/${key}`, value }));
  return setOperations(project, changes);
}

export function removeProviderOperations(index: number): PatchOperation[] {
  return [{ op: 'remove', path: `${PROVIDERS}/${index}` }];
}
