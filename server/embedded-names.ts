/**
 * Which embedded services a configuration runs, apart from the services themselves: the gateway's
 * thread asks this before a start, and must not load the services' code to answer it.
 */
import type { Config } from './config.js';

export type EmbeddedServiceName = 'oauth2' | 'identity' | 'platform' | 'permission' | 'api';

/**
 * The services `startEmbeddedServices` will run, in its order. The provider only beside the
 * embedded identity service: a remote one must be told the provider's admin URL by its operator,
 * and a remote Ory project brings its own provider.
 */
export function embeddedServiceNames(config: Config): EmbeddedServiceName[] {
  const names: EmbeddedServiceName[] = [];
  if (!config.oauth2AdminUrl && !config.identityPublicUrl) names.push('oauth2');
  if (!config.identityPublicUrl) names.push('identity');
  // The project API configures the embedded services; a remote Ory project has its own.
  if (!config.platformUrl && !config.identityPublicUrl) names.push('platform');
  // Relationships and checks (Keto); a remote Ory project, or a Keto named by its two URLs, takes its place.
  if (!config.permissionUrl && !config.permissionReadUrl && !config.identityPublicUrl) names.push('permission');
  if (!config.apiUrl) names.push('api');
  return names;
}
