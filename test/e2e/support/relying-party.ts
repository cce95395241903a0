/**
 * A tiny web application that lets people "Sign in with sitewave", as a third party would write
 * it: node:http and openid-client, discovery at the gateway's `/.ory`, the authorization code
 * flow with PKCE S256, state and nonce, the ID token validated, userinfo read, and RP-initiated
 * logout. It keeps what each sign-in returned so a journey can check the tokens' contents.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import * as oidc from 'openid-client';
import { listenServer } from '../../support/listen.js';

export interface ClientCredentials {
  client_id: string;
  client_secret: string;
}

export interface SignIn {
  /** The scopes the token endpoint says were granted. */
  grantedScope: string[];
  idTokenClaims: oidc.IDToken;
  userinfo: oidc.UserInfoResponse;
}

export interface RelyingParty {
  url: string;
  /** Every completed sign-in, oldest first. */
  signIns: SignIn[];
  /** The `iss` and `sid` of every front-channel logout the browser brought, oldest first. */
  frontChannelLogouts: { iss: string | null; sid: string | null }[];
  close(): Promise<void>;
}

interface Pending {
  verifier: string;
  state: string;
  nonce: string;
}

/** The relying party's own URLs: the callback, the page after logout, the front-channel logout page. */
export interface RelyingPartyUrls {
  redirectUri: string;
  postLogoutRedirectUri: string;
  frontChannelLogoutUri: string;
}

/** A registered client for the relying party's own URLs. */
export type RegisterClient = (urls: RelyingPartyUrls) => Promise<ClientCredentials>;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(response: ServerResponse, status: number, title: string, body = ''): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  response.end(`<!doctype html><html lang="en"><title>Harbour Wiki</title><main><h1>${escapeHtml(title)}</h1>${body}</main></html>`);
}

function redirect(response: ServerResponse, location: string, cookie?: string): void {
  response.writeHead(302, { location, ...(cookie ? { 'set-cookie': cookie } : {}) });
  response.end();
}

function cookie(request: IncomingMessage, name: string): string | undefined {
  return request.headers.cookie
    ?.split(/;\s*/)
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}

export async function startRelyingParty(issuer: string, register: RegisterClient): Promise<RelyingParty> {
  const pending = new Map<string, Pending>();
  const sessions = new Map<string, { idToken: string }>();
  const signIns: SignIn[] = [];
  const frontChannelLogouts: RelyingParty['frontChannelLogouts'] = [];
  let configuration: oidc.Configuration | undefined;
  let urls: RelyingPartyUrls | undefined;

  async function signInStart(response: ServerResponse, url: URL): Promise<void> {
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const key = randomUUID();
    pending.set(key, { verifier, state, nonce });
    const authorization = oidc.buildAuthorizationUrl(configuration!, {
      redirect_uri: urls!.redirectUri,
      scope: url.searchParams.get('scope') ?? 'openid email profile',
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    // The browser carries which attempt this is; the verifier never leaves the server.
    redirect(response, authorization.href, `rp_pending=${key}; Path=/; HttpOnly; SameSite=Lax`);
  }

  async function callback(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const attempt = pending.get(cookie(request, 'rp_pending') ?? '');
    if (!attempt) return page(response, 400, 'No sign-in was started here');
    pending.delete(cookie(request, 'rp_pending')!);
    const tokens = await oidc.authorizationCodeGrant(configuration!, url, {
      pkceCodeVerifier: attempt.verifier,
      expectedState: attempt.state,
      expectedNonce: attempt.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims()!;
    const userinfo = await oidc.fetchUserInfo(configuration!, tokens.access_token, claims.sub);
    signIns.push({ grantedScope: (tokens.scope ?? '').split(' ').filter(Boolean), idTokenClaims: claims, userinfo });
    const session = randomUUID();
    sessions.set(session, { idToken: tokens.id_token! });
    response.setHeader('set-cookie', `rp_session=${session}; Path=/; HttpOnly; SameSite=Lax`);
    page(response, 200, `Signed in as ${String(userinfo.email)}`, `<p><a href="/logout">Sign out</a></p>`);
  }

  function logout(request: IncomingMessage, response: ServerResponse): void {
    const key = cookie(request, 'rp_session') ?? '';
    const session = sessions.get(key);
    if (!session) return page(response, 400, 'Not signed in');
    sessions.delete(key);
    const endSession = oidc.buildEndSessionUrl(configuration!, { id_token_hint: session.idToken, post_logout_redirect_uri: urls!.postLogoutRedirectUri });
    redirect(response, endSession.href, 'rp_session=; Path=/; Max-Age=0');
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', base);
    const routes: Record<string, () => void | Promise<void>> = {
      '/': () => signInStart(response, url),
      '/callback': () => callback(request, response, url),
      '/logout': () => logout(request, response),
      '/logged-out': () => page(response, 200, 'Signed out of Harbour Wiki'),
      '/front-logout': () => {
        frontChannelLogouts.push({ iss: url.searchParams.get('iss'), sid: url.searchParams.get('sid') });
        page(response, 200, 'Session ended');
      },
    };
    const route = routes[url.pathname];
    if (!route) return page(response, 404, 'Not found');
    // A failed exchange or validation shows its reason, so a failing journey's screenshot names it.
    Promise.resolve(route()).catch((error: unknown) => page(response, 500, 'Sign-in failed', `<pre>${escapeHtml(String(error))}</pre>`));
  });
  const base = await listenServer(server);
  try {
    urls = { redirectUri: `${base}/callback`, postLogoutRedirectUri: `${base}/logged-out`, frontChannelLogoutUri: `${base}/front-logout` };
    const client = await register(urls);
    configuration = await oidc.discovery(new URL(issuer), client.client_id, undefined, oidc.ClientSecretBasic(client.client_secret), {
      // The product under test listens on plain HTTP on loopback.
      execute: [oidc.allowInsecureRequests],
    });
  } catch (error) {
    server.close();
    throw error;
  }
  return {
    url: base,
    signIns,
    frontChannelLogouts,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The browser's kept-alive connections would hold the close open.
        server.closeAllConnections();
      }),
  };
}
