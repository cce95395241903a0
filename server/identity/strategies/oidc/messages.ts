/** The texts of social sign-in: provider buttons and what the flow says when a provider fails. */
import type { UiText } from '../../../../shared/identity-flow.js';
import { uiText, validationReason } from '../../ui/messages.js';
import type { OidcProvider } from './providers.js';

export const signInWith = (p: OidcProvider): UiText => uiText(1010002, 'info', `Sign in with ${p.label}`, { provider: p.label, provider_id: p.id });
export const signUpWith = (p: OidcProvider): UiText => uiText(1040002, 'info', `Sign up with ${p.label}`, { provider: p.label, provider_id: p.id });
export const linkProvider = (p: OidcProvider): UiText => uiText(1050002, 'info', `Link ${p.label}`, { provider: p.label });
export const unlinkProvider = (p: OidcProvider): UiText => uiText(1050003, 'info', `Unlink ${p.label}`, { provider: p.label });

export function duplicateAccount(p: OidcProvider, email: string, newLoginUrl: string, credentialTypes: string[], providers: string[]): UiText {
  return uiText(
    1010016,
    'info',
    `You tried to sign in with ${email} through ${p.label}, but that email is already used by another account. Sign in to your account with one of the options below to add your ${p.label} account as another way to sign in.`,
    {
      duplicateIdentifier: email,
      duplicate_identifier: email,
      provider: p.label,
      newLoginUrl,
      new_login_url: newLoginUrl,
      available_credential_types: credentialTypes,
      available_providers: providers,
    },
  );
}

export const cancelled = (p: OidcProvider) => validationReason(`Sign-in with ${p.label} was cancelled: you did not allow access. Choose another way to sign in, or try again.`);
export const providerRefused = (p: OidcProvider, error: string) => validationReason(`${p.label} could not sign you in (${error}). Please try again.`);
export const unreachable = (p: OidcProvider) => validationReason(`${p.label} cannot be reached right now. Please try again in a moment, or choose another way to sign in.`);
export const notConfirmed = (p: OidcProvider) => validationReason(`${p.label} did not confirm the sign-in. Please try again.`);
export const browserOnly = () => validationReason('Social sign-in works in a browser: use a browser flow.');
export const lastMethod = (p: OidcProvider) =>
  validationReason(`${p.label} is the only way left to sign in to this account: add a password or another provider before unlinking it.`);
export const linkedElsewhere = () => uiText(4010009, 'error', 'These sign-in methods can’t be linked because they belong to different accounts.');
export const unverifiedDuplicate = () =>
  uiText(
    4000027,
    'error',
    'An account with the same identifier (email, phone, username, ...) exists already. Please sign in to your existing account and link your social profile in the settings page.',
  );
