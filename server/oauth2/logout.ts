/**
 * Logout the Hydra way. An application's `GET /oauth2/sessions/logout` (checked by oidc-provider:
 * id_token_hint, registered post_logout_redirect_uri; a POST is turned into that GET by
 * logout-by-post.ts) becomes a logout request, and the browser goes to the account interface's
 * `/logout?logout_challenge=`; the admin API shows, accepts or rejects it; accepting answers
 * `redirect_to` with a one-time verifier, where this service ends its sign-in session and sends
 * the browser to the application (or to the account interface).
 */
import { randomBytes } from 'node:crypto';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type Provider from 'oidc-provider';
import type { Queryable } from '../db/database.js';
import { DatabaseAdapter } from './adapter.js';
import { findClientView } from './admin/client-view.js';
import { HydraError, notFound } from './admin/hydra-error.js';

interface LogoutRequest {
  challenge: string;
  subject: string;
  sid: string;
  clientId?: string;
  postLogoutRedirectUri?: string;
  clientState?: string;
  requestUrl: string;
  requestedAt: string;
  expiresAt: string;
  verifier?: string;
  [key: string]: unknown;
}

/** Where the browser goes once signed out, and the applications' pages it must load on the way. */
export interface LogoutEnd {
  location: string;
  frontChannel: string[];
}

/** How long the person has to answer "Do you wish to log out?". */
const LIFESPAN_SECONDS = 3600;

const token = () => randomBytes(24).toString('base64url');

export class LogoutRequests {
  private readonly requests: DatabaseAdapter;
  private readonly verifiers: DatabaseAdapter;

  constructor(
    /** Read when needed: the provider is configured with this object, so it exists only after. */
    private readonly provider: () => Provider,
    private readonly db: Queryable,
    private readonly issuer: string,
    private readonly uiUrl: string,
  ) {
    this.requests = new DatabaseAdapter(db, 'LogoutRequest');
    this.verifiers = new DatabaseAdapter(db, 'LogoutVerifier');
  }

  /** oidc-provider's logoutSource: instead of its own confirmation page, the account interface's. */
  async start(ctx: KoaContextWithOIDC): Promise<void> {
    const { session, client, params } = ctx.oidc;
    const now = new Date();
    const request: LogoutRequest = {
      challenge: token(),
      subject: session?.accountId ?? '',
      sid: session?.uid ?? '',
      clientId: client?.clientId,
      postLogoutRedirectUri: typeof params?.post_logout_redirect_uri === 'string' ? params.post_logout_redirect_uri : undefined,
      clientState: typeof params?.state === 'string' ? params.state : undefined,
      requestUrl: ctx.href,
      requestedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + LIFESPAN_SECONDS * 1000).toISOString(),
    };
    await this.requests.upsert(request.challenge, request, LIFESPAN_SECONDS);
    const url = new URL('/logout', this.uiUrl);
    url.searchParams.set('logout_challenge', request.challenge);
    ctx.status = 303;
    ctx.redirect(url.href);
  }

  private async pending(challenge: string): Promise<LogoutRequest> {
    const request = (await this.requests.find(challenge)) as LogoutRequest | undefined;
    if (!request) throw notFound('The logout request does not exist or has expired');
    if (request.verifier) throw new HydraError(410, 'request_was_handled', 'The logout request was already handled', { redirect_to: this.finishUrl(request.verifier) });
    return request;
  }

  private finishUrl(verifier: string): string {
    return `${this.issuer}/oauth2/sessions/logout?logout_verifier=${verifier}`;
  }

  async get(challenge: string): Promise<Record<string, unknown>> {
    const request = await this.pending(challenge);
    const client = request.clientId ? await findClientView(this.provider(), request.clientId) : undefined;
    return {
      challenge,
      subject: request.subject,
      sid: request.sid,
      request_url: request.requestUrl,
      rp_initiated: request.clientId !== undefined,
      ...(client ? { client } : {}),
      requested_at: request.requestedAt,
      expires_at: request.expiresAt,
    };
  }

  async accept(challenge: string): Promise<{ redirect_to: string }> {
    const request = await this.pending(challenge);
    const verifier = token();
    const remaining = Math.max(1, Math.floor((Date.parse(request.expiresAt) - Date.now()) / 1000));
    await this.requests.upsert(challenge, { ...request, verifier }, remaining);
    await this.verifiers.upsert(verifier, { challenge }, remaining);
    return { redirect_to: this.finishUrl(verifier) };
  }

  async reject(challenge: string): Promise<void> {
    await this.pending(challenge);
    await this.requests.destroy(challenge);
  }

  /**
   * Ends the sign-in session, first telling every application that has a back-channel logout
   * URI (a logout token each, OpenID Connect Back-Channel Logout); one that does not answer in
   * time does not hold up the others or the browser for long. Answers the front-channel logout
   * addresses of the session's applications, which the browser itself has to visit.
   */
  private async endSession(sid: string): Promise<string[]> {
    const sessions = await this.db.query<{ payload: { accountId?: string; authorizations?: Record<string, { sid?: string }> } }>(
      "SELECT payload FROM models WHERE model = 'Session' AND uid = $1",
      [sid],
    );
    const provider = this.provider();
    const notices: Promise<string | undefined>[] = [];
    for (const { payload } of sessions.rows) {
      for (const [clientId, authorization] of Object.entries(payload.authorizations ?? {})) {
        if (!payload.accountId || !authorization.sid) continue;
        const { accountId } = payload;
        const sidForClient = authorization.sid;
        notices.push(
          provider.Client.find(clientId).then(async (client) => {
            if (!client) return undefined;
            // oidc-provider's client sends the logout token; its typings omit the method.
            const notifier = client as unknown as { backchannelLogoutUri?: string; backchannelLogout(sub: string, sid: string): Promise<void> };
            if (notifier.backchannelLogoutUri) await notifier.backchannelLogout(accountId, sidForClient);
            return this.frontChannelUrl(client.metadata(), sidForClient);
          }),
        );
      }
    }
    const settled = await Promise.allSettled(notices);
    await this.db.query("DELETE FROM models WHERE model = 'Session' AND uid = $1", [sid]);
    return settled.flatMap((result) => (result.status === 'fulfilled' && result.value ? [result.value] : []));
  }

  /** OpenID Connect Front-Channel Logout 1.0 §2: iss and sid go along when the client asked for them. */
  private frontChannelUrl(metadata: Record<string, unknown>, sid: string): string | undefined {
    const uri = metadata.frontchannel_logout_uri;
    if (typeof uri !== 'string') return undefined;
    const url = new URL(uri);
    if (metadata.frontchannel_logout_session_required === true) {
      url.searchParams.set('iss', this.issuer);
      url.searchParams.set('sid', sid);
    }
    return url.href;
  }

  /**
   * The browser following an accepted request's `redirect_to`: the sign-in session ends (the
   * applications must sign in again), and the browser goes where the application asked.
   * Answers undefined for an unknown or used verifier.
   */
  async finish(verifier: string): Promise<LogoutEnd | undefined> {
    const found = (await this.verifiers.find(verifier)) as { challenge: string } | undefined;
    if (!found) return undefined;
    await this.verifiers.destroy(verifier);
    const request = (await this.requests.find(found.challenge)) as LogoutRequest | undefined;
    if (!request) return undefined;
    await this.requests.destroy(found.challenge);
    const frontChannel = request.sid ? await this.endSession(request.sid) : [];
    if (!request.postLogoutRedirectUri) return { location: new URL('/', this.uiUrl).href, frontChannel };
    const url = new URL(request.postLogoutRedirectUri);
    if (request.clientState) url.searchParams.set('state', request.clientState);
    return { location: url.href, frontChannel };
  }
}
