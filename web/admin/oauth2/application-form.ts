/**
 * An application's form values and their translation to and from the API's application. Scopes
 * the provider knows get a checkbox each; any other scope is typed, separated by spaces.
 */
import type { OAuth2Application, OAuth2ApplicationInput } from '../../lib/api-types.js';

export const GRANT_TYPES = ['authorization_code', 'refresh_token', 'client_credentials', 'jwt-bearer'] as const;
export const STANDARD_SCOPES = ['openid', 'offline_access', 'profile', 'email'] as const;
export const AUTH_METHODS = ['client_secret_basic', 'client_secret_post', 'none'] as const;
export type AuthMethod = (typeof AUTH_METHODS)[number];

export interface ApplicationValues {
  name: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  grantTypes: string[];
  scopes: string[];
  customScopes: string;
  tokenEndpointAuthMethod: AuthMethod;
  skipConsent: boolean;
}

/** What a new application starts as: a confidential web application signing people in. */
export const NEW_APPLICATION: ApplicationValues = {
  name: '',
  redirectUris: [''],
  postLogoutRedirectUris: [],
  grantTypes: ['authorization_code', 'refresh_token'],
  scopes: ['openid', 'offline_access', 'profile', 'email'],
  customScopes: '',
  tokenEndpointAuthMethod: 'client_secret_basic',
  skipConsent: false,
};

const isStandard = (scope: string) => (STANDARD_SCOPES as readonly string[]).includes(scope);

export const isPublic = (application: Pick<OAuth2Application, 'tokenEndpointAuthMethod'>) => application.tokenEndpointAuthMethod === 'none';

export function valuesOf(application: OAuth2Application): ApplicationValues {
  const method = AUTH_METHODS.find((m) => m === application.tokenEndpointAuthMethod) ?? 'client_secret_basic';
  return {
    name: application.name,
    redirectUris: application.redirectUris.length > 0 ? [...application.redirectUris] : [''],
    postLogoutRedirectUris: [...application.postLogoutRedirectUris],
    grantTypes: [...application.grantTypes],
    scopes: application.scopes.filter(isStandard),
    customScopes: application.scopes.filter((s) => !isStandard(s)).join(' '),
    tokenEndpointAuthMethod: method,
    skipConsent: application.skipConsent,
  };
}

export const customScopesOf = (text: string) => [...new Set(text.split(/\s+/).filter(Boolean))];

/** RFC 6749 §3.3 scope-token, as the API checks it. */
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;
export const badCustomScope = (text: string) => customScopesOf(text).find((scope) => !SCOPE_TOKEN.test(scope));

/**
 * The body for the API. Empty URI rows are left out; the rows the API checks keep their index
 * within the list sent, so `rows` tells which row of the form a refused index is.
 */
export function inputOf(values: ApplicationValues): { input: OAuth2ApplicationInput; rows: Record<'redirectUris' | 'postLogoutRedirectUris', number[]> } {
  const filled = (uris: string[]) => uris.map((uri, row) => ({ uri: uri.trim(), row })).filter((u) => u.uri);
  const redirect = filled(values.redirectUris);
  const postLogout = filled(values.postLogoutRedirectUris);
  const scopes = [...new Set([...values.scopes, ...customScopesOf(values.customScopes)])];
  return {
    input: {
      name: values.name.trim(),
      redirectUris: redirect.map((u) => u.uri),
      postLogoutRedirectUris: postLogout.map((u) => u.uri),
      grantTypes: GRANT_TYPES.filter((g) => values.grantTypes.includes(g)),
      scopes,
      tokenEndpointAuthMethod: values.tokenEndpointAuthMethod,
      skipConsent: values.skipConsent,
    },
    rows: { redirectUris: redirect.map((u) => u.row), postLogoutRedirectUris: postLogout.map((u) => u.row) },
  };
}
