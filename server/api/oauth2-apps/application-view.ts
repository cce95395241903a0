/**
 * Between the API's application and the provider's Hydra client: the checks a schema cannot
 * express (where a redirect may go, which grants go together), and the field translation both ways.
 */
import type { OAuth2Client } from '@ory/client';
import { badRequest } from '../http/api-error.js';
import type { ProviderClient } from './provider-admin.js';
import type { Application, ApplicationInput, GrantType } from './schemas.js';

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const toProviderGrant = (grant: GrantType) => (grant === 'jwt-bearer' ? JWT_BEARER : grant);
const fromProviderGrant = (grant: string) => (grant === JWT_BEARER ? 'jwt-bearer' : grant);

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** Why a redirect URI is unacceptable, or undefined. Plain http would hand codes to anyone on the path, except to the user's own machine (RFC 8252 §7.3). */
function redirectProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.hash) return 'must not have a fragment';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && LOOPBACK.has(url.hostname)) return undefined;
  return 'must be an https URL (http only on loopback)';
}

function checkUris(field: string, uris: readonly string[]): void {
  uris.forEach((uri, index) => {
    const problem = redirectProblem(uri);
    if (problem) throw badRequest(`body/${field}/${index}: ${problem}`, { field: `body/${field}/${index}` });
  });
}

/** Throws a 400 naming the field when the application cannot work as described. */
export function checkApplication(input: ApplicationInput): void {
  const redirectUris = input.redirectUris ?? [];
  checkUris('redirectUris', redirectUris);
  checkUris('postLogoutRedirectUris', input.postLogoutRedirectUris ?? []);
  const grants = new Set(input.grantTypes);
  if (grants.has('authorization_code') && redirectUris.length === 0) {
    throw badRequest('body/redirectUris: the authorization_code grant needs at least one redirect URI', { field: 'body/redirectUris' });
  }
  if (grants.has('refresh_token') && !grants.has('authorization_code')) {
    throw badRequest('body/grantTypes: refresh_token is only issued with authorization_code', { field: 'body/grantTypes' });
  }
  if (input.tokenEndpointAuthMethod === 'none' && (grants.has('client_credentials') || grants.has('jwt-bearer'))) {
    throw badRequest('body/tokenEndpointAuthMethod: a public client (none) cannot use client_credentials or jwt-bearer', { field: 'body/tokenEndpointAuthMethod' });
  }
}

/** The Hydra fields the API manages; `base` carries the ones it leaves alone (owner, lifespans, metadata …). */
export function toProviderClient(input: ApplicationInput, base: OAuth2Client = {}): OAuth2Client {
  const codeFlow = input.grantTypes.includes('authorization_code');
  return {
    ...base,
    client_name: input.name,
    redirect_uris: input.redirectUris ?? [],
    post_logout_redirect_uris: input.postLogoutRedirectUris ?? [],
    grant_types: input.grantTypes.map(toProviderGrant),
    response_types: codeFlow ? ['code'] : [],
    scope: input.scopes.join(' '),
    token_endpoint_auth_method: input.tokenEndpointAuthMethod,
    skip_consent: input.skipConsent ?? false,
  };
}

/**
 * What a PUT may send back of a stored client: not the fields the provider owns, nor the secret.
 * An empty `metadata` object is what Hydra shows for "none": left out rather than stored as if
 * the operator had set it.
 */
export function replaceableFields(client: ProviderClient): OAuth2Client {
  const {
    client_secret: _secret,
    created_at: _created,
    updated_at: _updated,
    registration_access_token: _token,
    registration_client_uri: _uri,
    client_secret_expires_at: _expires,
    metadata,
    ...rest
  } = client;
  const hasMetadata = typeof metadata === 'object' && metadata !== null && Object.keys(metadata).length > 0;
  return hasMetadata ? { ...rest, metadata } : rest;
}

export function toApplication(client: ProviderClient): Application {
  return {
    id: client.client_id,
    name: client.client_name ?? '',
    redirectUris: client.redirect_uris ?? [],
    postLogoutRedirectUris: client.post_logout_redirect_uris ?? [],
    grantTypes: (client.grant_types ?? []).map(fromProviderGrant),
    scopes: (client.scope ?? '').split(' ').filter(Boolean),
    tokenEndpointAuthMethod: client.token_endpoint_auth_method ?? 'client_secret_basic',
    skipConsent: client.skip_consent ?? false,
    createdAt: client.created_at ?? null,
    updatedAt: client.updated_at ?? null,
  };
}
