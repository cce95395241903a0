/**
 * Talking to a provider, with openid-client (a certified relying-party library): discovery,
 * the authorization URL with state, nonce and PKCE (S256) on every request, the code exchange
 * with the ID token validated, and the claims (userinfo; GitHub's API for GitHub, which has no
 * OpenID Connect).
 */
import * as client from 'openid-client';
import { isLoopbackHttp, type OidcProvider } from './providers.js';

/** What a provider said about the person, `sub` always present. */
export type Claims = Record<string, unknown> & { sub: string };

/** What the browser carries to the provider and back, kept with the flow until the callback. */
export interface PendingAuthorization {
  state: string;
  nonce: string;
  verifier: string;
}

/** `unreachable`: no answer; `rejected`: an answer that is not a valid sign-in. */
export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    readonly kind: 'unreachable' | 'rejected',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

const TIMEOUT_S = 10;
const GITHUB_API = 'https://api.github.com';

/** Discovered configurations per provider; a failed discovery is forgotten so the next try asks again. */
const configurations = new WeakMap<OidcProvider, Promise<client.Configuration>>();

function configurationFor(provider: OidcProvider): Promise<client.Configuration> {
  let pending = configurations.get(provider);
  if (!pending) {
    pending = discover(provider);
    configurations.set(provider, pending);
    pending.catch(() => configurations.delete(provider));
  }
  return pending;
}

async function discover(provider: OidcProvider): Promise<client.Configuration> {
  const insecure = isLoopbackHttp(new URL(provider.issuer));
  if (provider.preset === 'github') {
    const config = new client.Configuration(
      { issuer: 'https://github.com', authorization_endpoint: 'https://github.com/login/oauth/authorize', token_endpoint: 'https://github.com/login/oauth/access_token' },
      provider.clientId,
      provider.clientSecret,
    );
    config.timeout = TIMEOUT_S;
    return config;
  }
  try {
    return await client.discovery(new URL(provider.issuer), provider.clientId, provider.clientSecret, undefined, {
      timeout: TIMEOUT_S,
      ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
    });
  } catch (error) {
    throw classify(error, `${provider.label} could not be reached`);
  }
}

export async function authorizationUrl(provider: OidcProvider, redirectUri: string, state: string): Promise<{ url: string; pending: PendingAuthorization }> {
  const config = await configurationFor(provider);
  const nonce = client.randomNonce();
  const verifier = client.randomPKCECodeVerifier();
  const parameters: Record<string, string> = {
    redirect_uri: redirectUri,
    scope: provider.scopes.join(' '),
    state,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  };
  if (provider.preset !== 'github') parameters.nonce = nonce;
  return { url: client.buildAuthorizationUrl(config, parameters).href, pending: { state, nonce, verifier } };
}

/** Exchanges the code of the callback URL and returns the person's claims. */
export async function claimsFromCallback(provider: OidcProvider, callbackUrl: URL, pending: PendingAuthorization): Promise<Claims> {
  const config = await configurationFor(provider);
  const github = provider.preset === 'github';
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: pending.verifier,
      expectedState: pending.state,
      ...(github ? {} : { expectedNonce: pending.nonce, idTokenExpected: true }),
    });
  } catch (error) {
    throw classify(error, `${provider.label} did not confirm the sign-in`);
  }
  try {
    if (github) return await githubClaims(config, tokens.access_token);
    const idToken = tokens.claims()!;
    const userinfo = config.serverMetadata().userinfo_endpoint ? await client.fetchUserInfo(config, tokens.access_token, idToken.sub) : {};
    return { ...userinfo, ...idToken, sub: idToken.sub };
  } catch (error) {
    throw classify(error, `${provider.label} did not tell who signed in`);
  }
}

/** GitHub: the account from `/user`, the verified primary address from `/user/emails`. */
async function githubClaims(config: client.Configuration, accessToken: string): Promise<Claims> {
  const read = async (path: string) => {
    const response = await client.fetchProtectedResource(config, accessToken, new URL(path, GITHUB_API), 'GET', null, new Headers({ accept: 'application/vnd.github+json' }));
    if (!response.ok) throw new ProviderError('rejected', `GitHub answered ${response.status} to ${path}`);
    return response.json();
  };
  const user = (await read('/user')) as { id?: number; login?: string; name?: string | null };
  const emails = (await read('/user/emails')) as { email: string; primary: boolean; verified: boolean }[];
  if (typeof user.id !== 'number') throw new ProviderError('rejected', 'GitHub did not say which account signed in');
  const primary = Array.isArray(emails) ? emails.find((e) => e.primary && e.verified) : undefined;
  const [given, ...family] = (user.name ?? '').trim().split(/\s+/);
  return {
    sub: String(user.id),
    preferred_username: user.login,
    ...(user.name ? { name: user.name, given_name: given, ...(family.length ? { family_name: family.join(' ') } : {}) } : {}),
    ...(primary ? { email: primary.email, email_verified: true } : {}),
  };
}

function classify(error: unknown, message: string): ProviderError {
  if (error instanceof ProviderError) return error;
  const name = (error as { name?: string; cause?: { code?: string } }).name;
  const network = error instanceof TypeError || name === 'TimeoutError' || name === 'AbortError' || (error as { code?: string }).code === 'OAUTH_TIMEOUT';
  return new ProviderError(network ? 'unreachable' : 'rejected', message, { cause: error });
}
