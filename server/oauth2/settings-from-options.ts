/** The settings the provider runs with when no project configures it: opaque tokens, exact scopes, the lifespans of its options. */
import type { OAuth2Settings } from '../platform/project-settings.js';
import type { OAuth2ServiceOptions } from './options.js';

export function settingsFromOptions(options: OAuth2ServiceOptions): OAuth2Settings {
  const { accessToken, refreshToken, idToken } = options.lifespans;
  return { accessTokenFormat: 'opaque', scopeStrategy: 'exact', ttl: { accessToken, refreshToken, idToken } };
}
