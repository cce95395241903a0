/**
 * `GET /admin/oauth2/auth/requests/{login|consent|logout}` and their `PUT …/accept|reject`, in
 * Hydra's shapes: the account screens (the identity service's sign-in, the gateway's consent and
 * logout) answer the provider's questions here.
 */
import type { FastifyInstance } from 'fastify';
import type { ChallengeKind, ConsentAccept, Interactions, LoginAccept, Rejection } from '../interactions.js';
import type { LogoutRequests } from '../logout.js';
import { adminActor } from '../audit.js';

const challenge = (kind: ChallengeKind | 'logout') =>
  ({
    type: 'object',
    required: [`${kind}_challenge`],
    properties: { [`${kind}_challenge`]: { type: 'string', minLength: 1, maxLength: 256 } },
  }) as const;

const strings = { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 256 } } as const;

const loginAccept = {
  type: 'object',
  required: ['subject'],
  properties: {
    subject: { type: 'string', minLength: 1, maxLength: 256 },
    remember: { type: 'boolean' },
    remember_for: { type: 'integer', minimum: 0 },
    acr: { type: 'string', maxLength: 256 },
    amr: strings,
    context: { type: 'object' },
    extend_session_lifespan: { type: 'boolean' },
    force_subject_identifier: { type: 'string' },
    identity_provider_session_id: { type: 'string' },
  },
} as const;

const consentAccept = {
  type: 'object',
  properties: {
    grant_scope: strings,
    grant_access_token_audience: strings,
    remember: { type: 'boolean' },
    remember_for: { type: 'integer', minimum: 0 },
    context: { type: 'object' },
    session: {
      type: 'object',
      properties: { access_token: { type: 'object' }, id_token: { type: 'object' } },
    },
  },
} as const;

const rejection = {
  type: 'object',
  properties: {
    error: { type: 'string', maxLength: 256 },
    error_description: { type: 'string', maxLength: 2048 },
    error_hint: { type: 'string' },
    error_debug: { type: 'string' },
    status_code: { type: 'integer' },
  },
} as const;

type Query<K extends ChallengeKind | 'logout'> = { [key in `${K}_challenge`]: string };

export async function requestRoutes(app: FastifyInstance, interactions: Interactions, logout: LogoutRequests): Promise<void> {
  app.get<{ Querystring: Query<'login'> }>('/admin/oauth2/auth/requests/login', { schema: { querystring: challenge('login') } }, (request) =>
    interactions.loginRequest(request.query.login_challenge),
  );
  app.put<{ Querystring: Query<'login'>; Body: LoginAccept }>(
    '/admin/oauth2/auth/requests/login/accept',
    { schema: { querystring: challenge('login'), body: loginAccept } },
    (request) => interactions.acceptLogin(request.query.login_challenge, request.body),
  );
  app.put<{ Querystring: Query<'login'>; Body: Rejection | undefined }>(
    '/admin/oauth2/auth/requests/login/reject',
    { schema: { querystring: challenge('login'), body: rejection } },
    (request) => interactions.reject('login', request.query.login_challenge, request.body ?? {}),
  );

  app.get<{ Querystring: Query<'consent'> }>('/admin/oauth2/auth/requests/consent', { schema: { querystring: challenge('consent') } }, (request) =>
    interactions.consentRequest(request.query.consent_challenge),
  );
  app.put<{ Querystring: Query<'consent'>; Body: ConsentAccept | undefined }>(
    '/admin/oauth2/auth/requests/consent/accept',
    { schema: { querystring: challenge('consent'), body: consentAccept } },
    (request) => interactions.acceptConsent(request.query.consent_challenge, request.body ?? {}, adminActor(request).requestId),
  );
  app.put<{ Querystring: Query<'consent'>; Body: Rejection | undefined }>(
    '/admin/oauth2/auth/requests/consent/reject',
    { schema: { querystring: challenge('consent'), body: rejection } },
    (request) => interactions.reject('consent', request.query.consent_challenge, request.body ?? {}),
  );

  app.get<{ Querystring: Query<'logout'> }>('/admin/oauth2/auth/requests/logout', { schema: { querystring: challenge('logout') } }, (request) =>
    logout.get(request.query.logout_challenge),
  );
  app.put<{ Querystring: Query<'logout'> }>('/admin/oauth2/auth/requests/logout/accept', { schema: { querystring: challenge('logout') } }, (request) =>
    logout.accept(request.query.logout_challenge),
  );
  // Hydra answers a refused logout with 204: nothing happens, the person stays signed in.
  app.put<{ Querystring: Query<'logout'> }>('/admin/oauth2/auth/requests/logout/reject', { schema: { querystring: challenge('logout') } }, async (request, reply) => {
    await logout.reject(request.query.logout_challenge);
    return reply.code(204).send();
  });
}
