/**
 * Login and consent, the Hydra way. When oidc-provider needs the user, the browser goes to the
 * account screens with a challenge (the interaction's id); the admin API reads the request in
 * Hydra's shape and records the decision on the interaction; its `redirect_to` is the
 * provider's resume URL with a one-time verifier (resume-verifiers.ts), where the authorization
 * carries on in the browser that started it.
 */
import type { Interaction } from 'oidc-provider';
import type { Database } from '../db/database.js';
import { recordOAuth2Event } from './audit.js';
import { findClientView, type HydraClient } from './admin/client-view.js';
import { HydraError, notFound } from './admin/hydra-error.js';
import type { ProviderHost } from './provider-host.js';
import { type ResumeVerifiers, VERIFIER_PARAMS } from './resume/resume-verifiers.js';
import { recordConsent, rememberedScopes } from './store/consent-sessions.js';

export type ChallengeKind = 'login' | 'consent';

export function interactionUrl(uiUrl: string, interaction: Interaction): string {
  const kind: ChallengeKind = interaction.prompt.name === 'login' ? 'login' : 'consent';
  const url = new URL(`/${kind}`, uiUrl);
  url.searchParams.set(`${kind}_challenge`, interaction.uid);
  return url.href;
}

export interface LoginAccept {
  subject: string;
  remember?: boolean;
  /** Seconds the sign-in is remembered; 0 for the session lifespan (login-remember.ts). */
  remember_for?: number;
  acr?: string;
  amr?: string[];
}

export interface ConsentAccept {
  grant_scope?: string[];
  grant_access_token_audience?: string[];
  remember?: boolean;
  remember_for?: number;
  session?: { access_token?: Record<string, unknown>; id_token?: Record<string, unknown> };
}

export interface Rejection {
  error?: string;
  error_description?: string;
}

function scopesOf(interaction: Interaction): string[] {
  const scope = interaction.params.scope;
  return typeof scope === 'string' ? scope.split(' ').filter(Boolean) : [];
}

function list(value: unknown): string[] {
  return typeof value === 'string' ? value.split(' ').filter(Boolean) : [];
}

export class Interactions {
  constructor(
    private readonly host: ProviderHost,
    private readonly db: Database,
    private readonly verifiers: ResumeVerifiers,
    private readonly issuer: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * The pending interaction of that kind. A decided one answers 410 with the authorization's
   * start, as Hydra does: its resume address is never handed out again, since whoever asks
   * may hold only the challenge.
   */
  private async pending(kind: ChallengeKind, challenge: string): Promise<Interaction> {
    const interaction = await this.host.current.Interaction.find(challenge);
    if (!interaction || interaction.prompt.name !== kind) throw notFound(`The ${kind} request does not exist or has expired`);
    if (interaction.result) {
      throw new HydraError(410, 'request_was_handled', `The ${kind} request was already handled`, { redirect_to: this.requestUrl(interaction) });
    }
    return interaction;
  }

  private async client(interaction: Interaction): Promise<HydraClient> {
    const clientId = String(interaction.params.client_id ?? '');
    const client = await findClientView(this.host.current, clientId);
    if (!client) throw notFound('The client of this request no longer exists');
    return client;
  }

  private requestUrl(interaction: Interaction): string {
    const url = new URL(`${this.issuer}/oauth2/auth`);
    for (const [name, value] of Object.entries(interaction.params)) {
      if (typeof value === 'string') url.searchParams.set(name, value);
    }
    return url.href;
  }

  private oidcContext(interaction: Interaction): Record<string, unknown> {
    const { params } = interaction;
    return {
      acr_values: list(params.acr_values),
      display: typeof params.display === 'string' ? params.display : '',
      login_hint: typeof params.login_hint === 'string' ? params.login_hint : '',
      ui_locales: list(params.ui_locales),
    };
  }

  async loginRequest(challenge: string): Promise<Record<string, unknown>> {
    const interaction = await this.pending('login', challenge);
    return {
      challenge,
      // oidc-provider asks only when its own session cannot be used (none, prompt=login, max_age).
      skip: false,
      subject: interaction.session?.accountId ?? '',
      client: await this.client(interaction),
      request_url: this.requestUrl(interaction),
      requested_scope: scopesOf(interaction),
      requested_access_token_audience: [],
      session_id: interaction.session?.uid ?? '',
      oidc_context: this.oidcContext(interaction),
    };
  }

  async acceptLogin(challenge: string, accept: LoginAccept): Promise<{ redirect_to: string }> {
    const interaction = await this.pending('login', challenge);
    interaction.result = {
      login: {
        accountId: accept.subject,
        remember: accept.remember ?? false,
        remember_for: accept.remember_for ?? 0,
        ...(accept.acr ? { acr: accept.acr } : {}),
        ...(accept.amr?.length ? { amr: accept.amr } : {}),
      },
    };
    return this.decided('login', interaction);
  }

  async consentRequest(challenge: string): Promise<Record<string, unknown>> {
    const interaction = await this.pending('consent', challenge);
    const subject = interaction.session?.accountId ?? '';
    const clientId = String(interaction.params.client_id ?? '');
    const requested = scopesOf(interaction);
    const remembered = subject ? await rememberedScopes(this.db, subject, clientId, this.now()) : new Set<string>();
    return {
      challenge,
      consent_request_id: challenge,
      skip: requested.length > 0 && requested.every((scope) => remembered.has(scope)),
      subject,
      client: await this.client(interaction),
      request_url: this.requestUrl(interaction),
      requested_scope: requested,
      requested_access_token_audience: [],
      login_session_id: interaction.session?.uid ?? '',
      acr: interaction.session?.acr ?? '',
      amr: interaction.session?.amr ?? [],
      context: {},
      oidc_context: this.oidcContext(interaction),
    };
  }

  /**
   * Grants exactly the granted scopes of those requested and refuses the rest, so the request cannot loop back.
   * Recorded as `oauth2.consent.granted`, or `oauth2.consent.remembered` when a decision the subject
   * asked to remember already covered every scope requested (the consent screen's skip).
   */
  async acceptConsent(challenge: string, accept: ConsentAccept, requestId: string | null = null): Promise<{ redirect_to: string }> {
    const interaction = await this.pending('consent', challenge);
    const subject = interaction.session?.accountId;
    if (!subject) throw new HydraError(409, 'invalid_request', 'The consent request has no signed-in subject');
    const clientId = String(interaction.params.client_id ?? '');
    const requested = scopesOf(interaction);
    const granted = requested.filter((scope) => (accept.grant_scope ?? []).includes(scope));
    const refused = requested.filter((scope) => !granted.includes(scope));
    const remembered = await rememberedScopes(this.db, subject, clientId, this.now());
    const skipped = requested.length > 0 && requested.every((scope) => remembered.has(scope));
    const client = await findClientView(this.host.current, clientId);
    const grant = new this.host.current.Grant({ accountId: subject, clientId });
    if (granted.length) grant.addOIDCScope(granted.join(' '));
    if (refused.length) grant.rejectOIDCScope(refused.join(' '));
    const claims = (interaction.prompt.details.missingOIDCClaims as string[] | undefined) ?? [];
    if (claims.length) grant.addOIDCClaims(claims);
    const grantId = await grant.save();
    const remember = accept.remember === true;
    const rememberFor = accept.remember_for ?? 0;
    await this.db.transaction(async (tx) => {
      await recordConsent(tx, {
        consent_challenge: challenge,
        subject,
        client_id: clientId,
        login_session_id: interaction.session?.uid ?? null,
        grant_id: grantId,
        granted_scope: granted,
        granted_audience: accept.grant_access_token_audience ?? [],
        remember,
        remember_for: rememberFor,
        session_claims: accept.session ?? {},
      });
      await recordOAuth2Event(
        tx,
        {
          action: skipped ? 'oauth2.consent.remembered' : 'oauth2.consent.granted',
          actor: { type: 'identity', id: subject },
          target: { type: 'oauth2-client', id: clientId, name: typeof client?.client_name === 'string' ? client.client_name : '' },
          requestId,
          details: { scopes: granted, refused, remember, ...(remember ? { rememberFor } : {}) },
        },
        this.now(),
      );
    });
    interaction.result = { consent: { grantId } };
    return this.decided('consent', interaction);
  }

  async reject(kind: ChallengeKind, challenge: string, rejection: Rejection): Promise<{ redirect_to: string }> {
    const interaction = await this.pending(kind, challenge);
    interaction.result = { error: rejection.error ?? 'access_denied', error_description: rejection.error_description ?? 'The resource owner denied the request' };
    return this.decided(kind, interaction);
  }

  private async decided(kind: ChallengeKind, interaction: Interaction): Promise<{ redirect_to: string }> {
    // The consent's answer keeps the login's: with prompt=login the resumed authorization would
    // otherwise ask for the sign-in again (oidc-provider's mergeWithLastSubmission).
    if (interaction.lastSubmission && !interaction.result?.error) interaction.result = { ...interaction.lastSubmission, ...interaction.result };
    const remaining = Math.max(1, interaction.exp - Math.floor(Date.now() / 1000));
    await interaction.save(remaining);
    const resume = new URL(interaction.returnTo);
    resume.searchParams.set(VERIFIER_PARAMS[kind], await this.verifiers.issue(kind, interaction.uid, remaining));
    return { redirect_to: resume.href };
  }
}
