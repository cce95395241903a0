/** An application's authorization request (code flow with PKCE S256), as openid-client builds it. */
import * as oidc from 'openid-client';

export interface ClientCredentials {
  client_id: string;
  client_secret: string;
}

export async function authorizationRequest(issuer: string, client: ClientCredentials, redirectUri: string, extra: Record<string, string> = {}) {
  const config = await oidc.discovery(new URL(issuer), client.client_id, undefined, oidc.ClientSecretBasic(client.client_secret), {
    execute: [oidc.allowInsecureRequests],
  });
  const verifier = oidc.randomPKCECodeVerifier();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...extra,
  });
  return { config, url, verifier };
}
