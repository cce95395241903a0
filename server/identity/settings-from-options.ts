/**
 * The settings the identity service runs with when no project configures it (tests, or a
 * platform service elsewhere): every method on, e-mailed codes for recovery and verification,
 * the providers and lifespans of its options, Kratos' default password policy.
 */
import { PASSWORD_MIN_LENGTH } from '../../shared/password-policy.js';
import { IDENTITY_METHODS, type IdentitySettings } from '../platform/project-settings.js';
import type { IdentityServiceOptions } from './options.js';

export function settingsFromOptions(options: IdentityServiceOptions, breachedCheck: boolean): IdentitySettings {
  return {
    recoveryUse: 'code',
    verificationUse: 'code',
    methods: Object.fromEntries(IDENTITY_METHODS.map((method) => [method, true])) as IdentitySettings['methods'],
    oidcProviders: options.oidcProviders ?? [],
    sessionLifespanMs: options.lifespans.sessionMs,
    password: { minLength: PASSWORD_MIN_LENGTH, identifierSimilarity: true, breachedCheck, maxBreaches: 0 },
  };
}
