/**
 * A small real identity host for gateway tests: speaks the parts of the Kratos public wire the
 * gateway touches (whoami, a self-service flow, logout, sessions) and counts every request it
 * receives, so tests can prove what reached it and what did not.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { listenFastify } from '../../support/listen.js';

export interface FakeSession {
  token: string;
  id: string;
  identityId: string;
  aal?: 'aal1' | 'aal2';
  expiresAt?: Date;
}

export interface FakeIdentity {
  app: FastifyInstance;
  url: string;
  /** Every request received, as "METHOD path?query". */
  requests: string[];
  /** Headers of the last request received. */
  lastHeaders: Record<string, string | string[] | undefined>;
  whoamiCalls(): number;
  sessions: Map<string, FakeSession>;
  /** Delay added to whoami, to let concurrent requests pile up. */
  whoamiDelayMs: number;
  close(): Promise<void>;
}

export async function startFakeIdentity(): Promise<FakeIdentity> {
  const app = Fastify();
  const requests: string[] = [];
  const sessions = new Map<string, FakeSession>();
  const state: FakeIdentity = {
    app,
    url: '',
    requests,
    lastHeaders: {},
    whoamiCalls: () => requests.filter((r) => r.startsWith('GET /sessions/whoami')).length,
    sessions,
    whoamiDelayMs: 0,
    close: () => app.close(),
  };

  app.addHook('onRequest', async (request) => {
    requests.push(`${request.method} ${request.url}`);
    state.lastHeaders = { ...request.headers };
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) => done(null, body));

  const credential = (headers: Record<string, string | string[] | undefined>) => {
    const token = headers['x-session-token'];
    if (typeof token === 'string') return token;
    const cookie = String(headers.cookie ?? '');
    return /(?:^|;\s*)ory_kratos_session=([^;]+)/.exec(cookie)?.[1];
  };

  app.get('/sessions/whoami', async (request, reply) => {
    if (state.whoamiDelayMs) await new Promise((resolve) => setTimeout(resolve, state.whoamiDelayMs));
    const session = sessions.get(credential(request.headers) ?? '');
    if (!session) {
      return reply
        .code(401)
        .send({ error: { code: 401, status: 'Unauthorized', reason: 'No valid session credentials found in the request.', message: 'The request could not be authorized' } });
    }
    return {
      id: session.id,
      active: true,
      expires_at: (session.expiresAt ?? new Date(Date.now() + 24 * 3600_000)).toISOString(),
      authenticator_assurance_level: session.aal ?? 'aal1',
      identity: { id: session.identityId, schema_id: 'default', state: 'active', traits: { email: `${session.identityId}@example.test` } },
    };
  });

  // A browser flow whose answer is full of the upstream's own URLs, as a misconfigured or
  // directly-reached Kratos gives them.
  app.get('/self-service/login/browser', async (request, reply) => {
    const base = state.url;
    if (!String(request.headers.accept ?? '').includes('json')) {
      return reply.redirect(`${base}/self-service/login/flows?id=flow-1`, 303);
    }
    reply.header('set-cookie', [
      'csrf_token_abc=tok; Path=/; Domain=127.0.0.1; HttpOnly; SameSite=None; Secure',
      'ory_kratos_continuity=x; Path=/; Domain=.identity.example; HttpOnly; SameSite=Lax',
    ]);
    return {
      id: 'flow-1',
      type: 'browser',
      request_url: `${base}/self-service/login/browser`,
      return_to: `${base}/sessions/whoami`,
      ui: {
        action: `${base}/self-service/login?flow=flow-1`,
        method: 'POST',
        nodes: [
          { type: 'script', group: 'webauthn', attributes: { node_type: 'script', src: `${base}/.well-known/ory/webauthn.js`, id: 'webauthn_script' }, messages: [], meta: {} },
          { type: 'a', group: 'default', attributes: { node_type: 'a', href: 'https://elsewhere.example/help', id: 'help' }, messages: [], meta: {} },
        ],
      },
    };
  });

  app.post('/self-service/login', async (_request, reply) => {
    return reply.code(422).send({
      error: { id: 'browser_location_change_required', code: 422, status: 'Unprocessable Entity', reason: 'Redirect', message: 'browser location change required' },
      redirect_browser_to: `${state.url}/self-service/login/browser?refresh=true`,
      continue_with: [{ action: 'redirect_browser_to', redirect_browser_to: `${state.url}/ui/welcome` }],
    });
  });

  app.get('/self-service/logout', async (request, reply) => {
    const token = (request.query as { token?: string }).token;
    for (const [key, session] of sessions) if (`logout-${session.id}` === token) sessions.delete(key);
    return reply.redirect(`${state.url}/ui/login`, 303);
  });

  app.delete('/self-service/logout/api', async (request, reply) => {
    sessions.delete(credential(request.headers) ?? '');
    return reply.code(204).send();
  });

  app.delete('/sessions/:id', async (request, reply) => {
    const { id } = request.params as { id: string };
    for (const [key, session] of sessions) if (session.id === id) sessions.delete(key);
    return reply.code(204).send();
  });

  app.get('/health/ready', async () => ({ status: 'ok' }));
  app.get('/slow', async () => new Promise(() => undefined));
  // Admin paths exist upstream; the gateway must never let a browser reach them.
  app.all('/admin/*', async () => ({ admin: true }));

  state.url = await listenFastify(app);
  return state;
}
