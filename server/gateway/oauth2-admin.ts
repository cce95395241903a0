/**
 * The OAuth2 provider's admin API (Hydra wire format) as the consent and logout endpoints use
 * it. Only the gateway holds its URL and token; the browser sees shaped answers.
 */
import type { OAuth2ClientView } from '../../shared/oauth2-consent.js';
import { HttpError } from './http-error.js';
import type { Upstream } from './upstream.js';

export type ChallengeKind = 'consent' | 'logout';

export interface HydraClient extends OAuth2ClientView {
  [field: string]: unknown;
}

export interface HydraConsentRequest {
  challenge: string;
  skip?: boolean;
  subject?: string;
  client?: HydraClient;
  requested_scope?: string[];
  requested_access_token_audience?: string[];
  [field: string]: unknown;
}

export interface HydraLogoutRequest {
  challenge: string;
  subject?: string;
  rp_initiated?: boolean;
  client?: HydraClient;
  [field: string]: unknown;
}

export class OAuth2Admin {
  constructor(
    private readonly upstream: Upstream,
    private readonly token: string | undefined,
  ) {}

  get configured(): boolean {
    return this.upstream.url !== undefined;
  }

  getRequest<T>(kind: ChallengeKind, challenge: string): Promise<T> {
    return this.call<T>('GET', `/admin/oauth2/auth/requests/${kind}?${kind}_challenge=${encodeURIComponent(challenge)}`);
  }

  decide<T>(kind: ChallengeKind, decision: 'accept' | 'reject', challenge: string, body?: unknown): Promise<T> {
    return this.call<T>('PUT', `/admin/oauth2/auth/requests/${kind}/${decision}?${kind}_challenge=${encodeURIComponent(challenge)}`, body);
  }

  private async call<T>(method: 'GET' | 'PUT', path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await this.upstream.request({ method, path, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.body.text();
    const parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    if (response.statusCode >= 200 && response.statusCode < 300) return parsed as T;
    // An already handled request still says where to go: the screen follows it.
    if (response.statusCode === 410 && typeof parsed.redirect_to === 'string') {
      throw new HttpError(410, 'This request was already handled', { redirect_to: parsed.redirect_to });
    }
    if (response.statusCode === 404) throw new HttpError(404, 'No such request: the challenge is unknown or has expired');
    const reason = typeof parsed.error_description === 'string' ? parsed.error_description : `The OAuth2 provider answered ${response.statusCode}`;
    throw new HttpError(response.statusCode >= 500 ? 502 : 400, reason);
  }
}
