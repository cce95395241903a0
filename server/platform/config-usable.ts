/**
 * What a project document must be beyond its schema for the installation to keep working: the
 * flows' methods are on, somebody can still sign in, every social sign-in provider has a client
 * secret (in the document or in the environment), and every permission model parses and
 * type-checks. Each refusal names the JSON path.
 */
import type { OidcProvider } from '../identity/strategies/oidc/providers.js';
import { readNamespaces } from '../permissions/namespaces.js';
import type { ProjectDocument } from './config-schema.js';
import { identitySettingsOf, oidcProvidersOf, permissionSettingsOf } from './project-settings.js';

const METHODS = 'services.identity.config.selfservice.methods';

export function configUsable(environmentProviders: readonly OidcProvider[]): (document: ProjectDocument) => string | undefined {
  return (document) => {
    const providers = oidcProvidersOf(document, environmentProviders);
    if (providers.problems.length > 0) return providers.problems[0];
    const settings = identitySettingsOf(document, { sessionLifespanMs: 1, environmentProviders });
    for (const flow of ['recovery', 'verification'] as const) {
      const use = flow === 'recovery' ? settings.recoveryUse : settings.verificationUse;
      if (!settings.methods[use]) {
        return `services.identity.config.selfservice.flows.${flow}.use is "${use}" but ${METHODS}.${use}.enabled is false: turn the method on or use the other one`;
      }
    }
    const { methods } = settings;
    const socialSignIn = methods.oidc && settings.oidcProviders.length > 0;
    if (!methods.password && !methods.code && !methods.passkey && !socialSignIn) {
      return `${METHODS}: at least one way to sign in (password, code, passkey or oidc with a provider) must stay enabled, or nobody could sign in`;
    }
    const [model] = readNamespaces(permissionSettingsOf(document).namespaces).problems;
    if (model) return `services.permission.config.namespaces.${model.index}.${model.field}: ${model.message}`;
    return undefined;
  };
}
