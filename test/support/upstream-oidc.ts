/**
 * A real OpenID Connect provider (oidc-provider) for social sign-in tests, standing in for
 * Google or a company's identity provider. The provider's own sign-in screen is replaced by a
 * switch the test sets: who signs in next, or that the person denies access.
 */
import { createServer, type Server } from 'node:http';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import { freePort } from './listen.js';

export interface UpstreamAccount {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

export interface UpstreamOidc {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, UpstreamAccount>;
  /** What happens at the provider's sign-in screen: an account id signs in, or `deny`. */
  next: { signIn: string } | { deny: true };
  /** Lets the provider accept `redirectUri` (known once the identity service listens). */
  allowRedirect(redirectUri: string): void;
  close(): Promise<void>;
}

/** Reserves the issuer's port first, so the relying party can be configured before it starts. */
export async function reserveIssuer(): Promise<{ port: number; issuer: string }> {
  const port = await freePort();
  return { port, issuer: `http://127.0.0.1:${port}` };
}

export async function startUpstreamOidc(reserved: { port: number; issuer: string }): Promise<UpstreamOidc> {
  const clientId = 'sitewave-test';
  const clientSecret = 'upstream-client-secret-0123456789';
  const redirectUris: string[] = [];
  const accounts = new Map<string, UpstreamAccount>();
  const upstream: UpstreamOidc = {
    issuer: reserved.issuer,
    clientId,
    clientSecret,
    accounts,
    next: { deny: true },
    allowRedirect: (uri) => void redirectUris.push(uri),
    close: async () => undefined,
  };
  let provider: Provider | undefined;
  const build = () =>
    new Provider(reserved.issuer, {
      clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: redirectUris, grant_types: ['authorization_code'], response_types: ['code'] }],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
      features: { devInteractions: { enabled: false } },
      pkce: { required: () => true },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      findAccount: async (_ctx, sub) => {
        const account = accounts.get(sub);
        return account ? { accountId: sub, claims: () => ({ sub, ...account }) } : undefined;
      },
      // No consent screen: the test's person always agrees to what is asked once signed in.
      loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
        const { oidc } = ctx;
        const accountId = oidc.session?.accountId;
        if (!oidc.client || !accountId) return undefined;
        const grant = new oidc.provider.Grant({ accountId, clientId: oidc.client.clientId });
        grant.addOIDCScope(typeof oidc.params?.scope === 'string' ? oidc.params.scope : 'openid');
        await grant.save();
        return grant;
      },
    });
  const server: Server = createServer((request, response) => {
    void (async () => {
      provider ??= build();
      if (request.url?.startsWith('/interaction/')) {
        const next = upstream.next;
        const result = 'deny' in next ? { error: 'access_denied', error_description: 'End-User aborted interaction' } : { login: { accountId: next.signIn } };
        await provider.interactionFinished(request, response, result, { mergeWithLastSubmission: false });
        return;
      }
      await provider.callback()(request, response);
    })().catch((error: unknown) => {
      response.statusCode = 500;
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(reserved.port, '127.0.0.1', resolve));
  upstream.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return upstream;
}
