/**
 * How a form field maps to one key of the project document: its JSON pointer, the form's value
 * for what is stored there (a fallback when the key is absent) and what to store for the form's
 * value. The settings forms are tables of these.
 */
import type { Check } from '../../ui/form/validators.js';
import type { Translate } from '../../lib/translator.js';
import { valueAt } from './config-patch.js';
import { friendlyDuration, goDurationOf, isValidAmount, type FriendlyDuration } from './go-duration.js';
import type { PlatformProject } from './platform-types.js';

export interface ConfigField<T> {
  pointer: string;
  read: (stored: unknown) => T;
  /** What to store; the form's value itself when absent. */
  write?: (value: T) => unknown;
}

export type ConfigFields<V> = { [K in keyof V]: ConfigField<V[K]> };

export const IDENTITY_CONFIG = '/services/identity/config';
export const OAUTH2_CONFIG = '/services/oauth2/config';
export const PERMISSION_CONFIG = '/services/permission/config';
export const METHODS = `${IDENTITY_CONFIG}/selfservice/methods`;
export const PROVIDERS = `${METHODS}/oidc/config/providers`;

export function flag(pointer: string, fallback: boolean): ConfigField<boolean> {
  return { pointer, read: (stored) => (typeof stored === 'boolean' ? stored : fallback) };
}

/** One of a fixed list (a select's value, `null` only while nothing is chosen). */
export function choice(pointer: string, options: readonly string[], fallback: string): ConfigField<string | null> {
  return {
    pointer,
    read: (stored) => (typeof stored === 'string' && options.includes(stored) ? stored : fallback),
    write: (value) => value ?? fallback,
  };
}

export function whole(pointer: string, fallback: number): ConfigField<number> {
  return { pointer, read: (stored) => (typeof stored === 'number' ? stored : fallback) };
}

/** A Go duration, entered as an amount and a unit. */
export function lifespan(pointer: string, fallback: FriendlyDuration): ConfigField<FriendlyDuration> {
  return { pointer, read: (stored) => friendlyDuration(stored, fallback), write: goDurationOf };
}

export function valuesOf<V>(project: PlatformProject, fields: ConfigFields<V>): V {
  const entries = Object.entries(fields) as [string, ConfigField<unknown>][];
  return Object.fromEntries(entries.map(([name, field]) => [name, field.read(valueAt(project, field.pointer))])) as V;
}

/** A whole number within the bounds the configuration schema sets (server/platform/config-schema.ts). */
export function wholeBetween(t: Translate, min: number, max: number): Check<number> {
  return (value) => {
    if (!Number.isFinite(value)) return t('admin.fieldRequired');
    return Number.isInteger(value) && value >= min && value <= max ? undefined : t('platformAdmin.wholeBetween', { min, max });
  };
}

export function positiveDuration(t: Translate): Check<FriendlyDuration> {
  return (value) => (isValidAmount(value.amount) ? undefined : t('platformAdmin.durationPositive'));
}
