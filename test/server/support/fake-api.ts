/**
 * A small real API host for gateway tests: permission lists per identity and scope, resource
 * owners, an echo of what reached it (with the verified identity assertion), an upload sink
 * that hashes what it receives, and a slow route. Counts every request.
 */
import { createHash } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { assertionKey, ASSERTION_HEADER, verifyIdentityAssertion, type IdentityAssertion } from '../../../shared/identity-assertion.js';
import { listenFastify } from '../../support/listen.js';

export interface FakeApi {
  app: FastifyInstance;
  url: string;
  requests: string[];
  /** identityId → list of permission ids, per scope key: 'user', 'org:<id>', 'project:<id>'. */
  grants: Map<string, Map<string, string[]>>;
  /** `<kind>/<id>` → owner. */
  owners: Map<string, { orgId: string; projectId?: string }>;
  grant(identityId: string, scope: string, ids: string[]): void;
  /** Status the next echo-route answer uses. */
  echoStatus: number;
  /** Delay before the echo route answers, to keep a request in flight. */
  echoDelayMs: number;
  lastUpload: { bytes: number; sha256: string } | null;
  close(): Promise<void>;
}

/** `port` 0 (the default) takes any free one; a fixed port lets a restarted API come back where it was. */
export async function startFakeApi(secret: string, port = 0): Promise<FakeApi> {
  const app = Fastify({ bodyLimit: 8 * 1024 * 1024 });
  const key = assertionKey(secret);
  const requests: string[] = [];
  const grants = new Map<string, Map<string, string[]>>();
  const owners = new Map<string, { orgId: string; projectId?: string }>();
  const state: FakeApi = {
    app,
    url: '',
    requests,
    grants,
    owners,
    grant(identityId, scope, ids) {
      if (!grants.has(identityId)) grants.set(identityId, new Map());
      grants.get(identityId)!.set(scope, ids);
    },
    echoStatus: 200,
    echoDelayMs: 0,
    lastUpload: null,
    close: () => app.close(),
  };

  app.decorateRequest('assertion', null);
  app.addHook('onRequest', async (request, reply) => {
    requests.push(`${request.method} ${request.url}`);
    const token = request.headers[ASSERTION_HEADER];
    if (typeof token === 'string') {
      try {
        (request as unknown as { assertion: IdentityAssertion }).assertion = await verifyIdentityAssertion(key, token);
      } catch {
        return reply.code(401).send({ error: 'bad assertion' });
      }
    }
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const who = (request: unknown) => (request as { assertion: IdentityAssertion | null }).assertion;
  const list = (identityId: string | undefined, scope: string) => (grants.get(identityId ?? '')?.get(scope) ?? []).map((id) => ({ id }));

  app.get('/api/permissions', async (request) => list(who(request)?.sub, 'user'));
  app.get('/api/orgs/:orgId/permissions', async (request, reply) => {
    const { orgId } = request.params as { orgId: string };
    const entries = grants.get(who(request)?.sub ?? '')?.get(`org:${orgId}`);
    return entries ? entries.map((id) => ({ id })) : reply.code(404).send({ error: 'not a member' });
  });
  app.get('/api/projects/:projectId/permissions', async (request) => {
    const { projectId } = request.params as { projectId: string };
    return list(who(request)?.sub, `project:${projectId}`);
  });
  app.get('/api/scopes/:kind/:id', async (request, reply) => {
    const { kind, id } = request.params as { kind: string; id: string };
    const owner = owners.get(`${kind}/${id}`);
    return owner ?? reply.code(404).send({ error: 'no such resource' });
  });

  // Every routed call of the tests lands here and tells what reached the API.
  const echo = async (request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request.raw) chunks.push(chunk as Buffer);
    if (state.echoDelayMs) await new Promise((resolve) => setTimeout(resolve, state.echoDelayMs));
    reply.header('set-cookie', 'api_cookie=1; Path=/');
    reply.header('x-api-header', 'kept');
    return reply.code(state.echoStatus).send({
      method: request.method,
      url: request.url,
      headers: request.headers,
      assertion: who(request),
      body: Buffer.concat(chunks).toString('utf8'),
    });
  };
  for (const path of [
    '/api/orgs',
    '/api/orgs/:orgId',
    '/api/orgs/:orgId/devices',
    '/api/orgs/:orgId/users/:userId',
    '/api/devices/:deviceId',
    '/api/projects/:projectId',
    '/api/projects/:projectId/users',
    '/api/user/settings',
    '/api/validate',
    '/api/register',
    '/api/join',
    '/api/admin/users/:userId',
    '/api/admin/users/:userId/sessions',
    '/api/admin/users/:userId/sessions/:sessionId',
  ]) {
    app.route({ method: ['GET', 'POST', 'PUT', 'DELETE'], url: path, handler: echo });
  }

  app.post('/api/admin/firmware/releases', async (request) => {
    const hash = createHash('sha256');
    let bytes = 0;
    for await (const chunk of request.raw) {
      bytes += (chunk as Buffer).length;
      hash.update(chunk as Buffer);
    }
    state.lastUpload = { bytes, sha256: hash.digest('hex') };
    return state.lastUpload;
  });
  app.get('/api/networktechnologies', async () => new Promise(() => undefined));
  // Sends its status and headers, then never the body it announced.
  app.get('/api/orgs/:orgId/invoices', (_request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
    reply.raw.flushHeaders();
  });
  app.get('/health/ready', async () => ({ status: 'ok' }));

  state.url = port ? await app.listen({ host: '127.0.0.1', port }) : await listenFastify(app);
  return state;
}
