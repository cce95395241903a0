/**
 * `GET /bff/logout?logout_challenge=` and `POST /bff/logout`: the OAuth2 logout screen ("Do you
 * wish to log out?"). Accepting ends the provider's session for the client; the screen then
 * ends the identity session through `/.ory` and follows `redirect_to`.
 */
import type { FastifyInstance } from 'fastify';
import type { LogoutDecision, LogoutRequestView, RedirectAnswer } from '../../../shared/oauth2-consent.js';
import { HttpError } from '../http-error.js';
import type { HydraLogoutRequest, OAuth2Admin } from '../oauth2-admin.js';

const challengeQuery = {
  type: 'object',
  required: ['logout_challenge'],
  additionalProperties: false,
  properties: { logout_challenge: { type: 'string', minLength: 1, maxLength: 2048 } },
} as const;

const decisionBody = {
  type: 'object',
  required: ['logout_challenge', 'action'],
  additionalProperties: false,
  properties: {
    logout_challenge: { type: 'string', minLength: 1, maxLength: 2048 },
    action: { type: 'string', enum: ['accept', 'reject'] },
  },
} as const;

export async function logoutRoutes(app: FastifyInstance, options: { oauth2: OAuth2Admin; publicOrigin: string }): Promise<void> {
  const { oauth2 } = options;
  const ensure = () => {
    if (!oauth2.configured) throw new HttpError(404, 'No OAuth2 provider is configured (OAUTH2_ADMIN_URL)');
  };

  app.get<{ Querystring: { logout_challenge: string } }>('/bff/logout', { schema: { querystring: challengeQuery } }, async (request, reply) => {
    ensure();
    const logout = await oauth2.getRequest<HydraLogoutRequest>('logout', request.query.logout_challenge);
    reply.header('cache-control', 'no-store');
    const view: LogoutRequestView = {
      challenge: logout.challenge,
      client: logout.client ? { client_id: logout.client.client_id ?? '', client_name: logout.client.client_name, client_uri: logout.client.client_uri } : undefined,
      rp_initiated: logout.rp_initiated === true,
    };
    return view;
  });

  app.post<{ Body: LogoutDecision }>('/bff/logout', { schema: { body: decisionBody } }, async (request): Promise<RedirectAnswer> => {
    ensure();
    const challenge = request.body.logout_challenge;
    if (request.body.action === 'accept') return oauth2.decide<RedirectAnswer>('logout', 'accept', challenge);
    await oauth2.decide('logout', 'reject', challenge);
    // Declining keeps everyone signed in: back to the application.
    return { redirect_to: `${options.publicOrigin}/` };
  });
}
