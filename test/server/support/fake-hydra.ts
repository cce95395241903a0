/**
 * A small real OAuth2 provider admin API for gateway tests, speaking Hydra's wire format for
 * consent and logout requests: GET the request by challenge, PUT accept/reject, 410 with
 * `redirect_to` once handled. It records what it was told, so tests can check the decisions.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { listenFastify } from '../../support/listen.js';

export interface FakeHydra {
  app: FastifyInstance;
  url: string;
  consents: Map<string, Record<string, unknown>>;
  logouts: Map<string, Record<string, unknown>>;
  /** The bodies of accept/reject calls, as "kind decision challenge" → body. */
  decisions: Map<string, unknown>;
  authorization: string | undefined;
  close(): Promise<void>;
}

export async function startFakeHydra(): Promise<FakeHydra> {
  const app = Fastify();
  const state: FakeHydra = {
    app,
    url: '',
    consents: new Map(),
    logouts: new Map(),
    decisions: new Map(),
    authorization: undefined,
    close: () => app.close(),
  };
  const handled = new Set<string>();
  const error = (status: number, description: string) => ({ error: 'request_not_found', error_description: description, status_code: status });

  app.addHook('onRequest', async (request) => {
    state.authorization = request.headers.authorization;
  });

  for (const kind of ['consent', 'logout'] as const) {
    const store = kind === 'consent' ? state.consents : state.logouts;
    app.get<{ Querystring: Record<string, string> }>(`/admin/oauth2/auth/requests/${kind}`, async (request, reply) => {
      const challenge = request.query[`${kind}_challenge`] ?? '';
      const found = store.get(challenge);
      if (!found) return reply.code(404).send(error(404, 'Unable to locate the requested resource'));
      if (handled.has(challenge)) return reply.code(410).send({ redirect_to: `https://client.example/${kind}-done` });
      return found;
    });
    for (const decision of ['accept', 'reject'] as const) {
      app.put<{ Querystring: Record<string, string> }>(`/admin/oauth2/auth/requests/${kind}/${decision}`, async (request, reply) => {
        const challenge = request.query[`${kind}_challenge`] ?? '';
        if (!store.has(challenge)) return reply.code(404).send(error(404, 'Unable to locate the requested resource'));
        handled.add(challenge);
        state.decisions.set(`${kind} ${decision} ${challenge}`, request.body ?? null);
        if (kind === 'logout' && decision === 'reject') return reply.code(204).send();
        return { redirect_to: `https://client.example/callback?${kind}=${decision}` };
      });
    }
  }

  state.url = await listenFastify(app);
  return state;
}
