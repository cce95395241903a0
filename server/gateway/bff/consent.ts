/**
 * `GET /bff/consent?consent_challenge=` and `POST /bff/consent`: the consent screen's data and
 * decision. The request must belong to the signed-in user; granted scopes are limited to the
 * requested ones; the ID token carries only what the granted scopes cover.
 */
import type { FastifyInstance } from 'fastify';
import type { ConsentDecision, ConsentRequestView, RedirectAnswer } from '../../../shared/oauth2-consent.js';
import type { Session } from '../../../shared/identity-session.js';
import type { Authorizer } from '../authorize.js';
import { HttpError } from '../http-error.js';
import type { HydraConsentRequest, OAuth2Admin } from '../oauth2-admin.js';

const challengeQuery = {
  type: 'object',
  required: ['consent_challenge'],
  additionalProperties: false,
  properties: { consent_challenge: { type: 'string', minLength: 1, maxLength: 2048 } },
} as const;

const decisionBody = {
  type: 'object',
  required: ['consent_challenge', 'action'],
  additionalProperties: false,
  properties: {
    consent_challenge: { type: 'string', minLength: 1, maxLength: 2048 },
    action: { type: 'string', enum: ['accept', 'reject'] },
    grant_scope: { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 256 } },
    remember: { type: 'boolean' },
  },
} as const;

export async function consentRoutes(app: FastifyInstance, options: { authorizer: Authorizer; oauth2: OAuth2Admin }): Promise<void> {
  const { authorizer, oauth2 } = options;

  const load = async (headers: Parameters<Authorizer['authenticate']>[0], challenge: string) => {
    if (!oauth2.configured) throw new HttpError(404, 'No OAuth2 provider is configured (OAUTH2_ADMIN_URL)');
    const { session } = await authorizer.authenticate(headers);
    const request = await oauth2.getRequest<HydraConsentRequest>('consent', challenge);
    if (request.subject && request.subject !== session.identity.id) {
      throw new HttpError(403, 'This consent request belongs to another account');
    }
    return { session, request };
  };

  app.get<{ Querystring: { consent_challenge: string } }>('/bff/consent', { schema: { querystring: challengeQuery } }, async (request, reply) => {
    const { request: consent } = await load(request.headers, request.query.consent_challenge);
    reply.header('cache-control', 'no-store');
    const view: ConsentRequestView = {
      challenge: consent.challenge,
      client: pickClient(consent.client),
      requested_scope: consent.requested_scope ?? [],
      requested_access_token_audience: consent.requested_access_token_audience ?? [],
      skip: consent.skip === true,
    };
    return view;
  });

  app.post<{ Body: ConsentDecision }>('/bff/consent', { schema: { body: decisionBody } }, async (request): Promise<RedirectAnswer> => {
    const { session, request: consent } = await load(request.headers, request.body.consent_challenge);
    if (request.body.action === 'reject') {
      return oauth2.decide<RedirectAnswer>('consent', 'reject', consent.challenge, {
        error: 'access_denied',
        error_description: 'The resource owner denied the request',
        status_code: 403,
      });
    }
    const requested = consent.requested_scope ?? [];
    const granted = (request.body.grant_scope ?? requested).filter((scope) => requested.includes(scope));
    const remember = request.body.remember === true;
    return oauth2.decide<RedirectAnswer>('consent', 'accept', consent.challenge, {
      grant_scope: granted,
      grant_access_token_audience: consent.requested_access_token_audience ?? [],
      remember,
      // 0 means "until revoked": a remembered decision holds until the user withdraws it.
      remember_for: 0,
      session: { id_token: idTokenClaims(session, granted) },
    });
  });
}

function pickClient(client: HydraConsentRequest['client']): ConsentRequestView['client'] {
  const { client_id = '', client_name, client_uri, logo_uri, policy_uri, tos_uri } = client ?? {};
  return { client_id, client_name, client_uri, logo_uri, policy_uri, tos_uri };
}

/** Standard OIDC claims, only for the scopes granted. */
function idTokenClaims(session: Session, granted: readonly string[]): Record<string, unknown> {
  const traits = session.identity.traits as { email?: string; name?: { first?: string; last?: string } };
  const claims: Record<string, unknown> = {};
  if (granted.includes('email') && traits.email) {
    claims.email = traits.email;
    const addresses = (session.identity.verifiable_addresses ?? []) as { value: string; verified: boolean }[];
    claims.email_verified = addresses.some((a) => a.value === traits.email?.toLowerCase() && a.verified);
  }
  if (granted.includes('profile') && traits.name) {
    if (traits.name.first) claims.given_name = traits.name.first;
    if (traits.name.last) claims.family_name = traits.name.last;
    claims.name = [traits.name.first, traits.name.last].filter(Boolean).join(' ');
  }
  return claims;
}
