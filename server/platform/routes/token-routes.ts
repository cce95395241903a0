/** Ory Network's project API keys ("tokens"): list, create (the value shown once), delete. */
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../actor.js';
import { findProject, type PlatformContext } from '../context.js';
import { PlatformError } from '../platform-error.js';
import { apiKeyView } from '../project-view.js';

const projectParam = { type: 'object', properties: { project: { type: 'string' } }, required: ['project'] };

const createBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 100 },
    expires_at: { type: 'string', format: 'date-time' },
  },
  required: ['name'],
};

export async function tokenRoutes(app: FastifyInstance, context: PlatformContext): Promise<void> {
  app.get<{ Params: { project: string } }>('/projects/:project/tokens', { schema: { params: projectParam } }, async (request) => {
    const project = await findProject(context, request.params.project);
    return (await context.keys.list(project.id)).map((key) => apiKeyView(key));
  });

  app.post<{ Params: { project: string }; Body: { name: string; expires_at?: string } }>(
    '/projects/:project/tokens',
    { schema: { params: projectParam, body: createBody } },
    async (request, reply) => {
      const actor = actorOf(request);
      const project = await findProject(context, request.params.project);
      const expiresAt = request.body.expires_at === undefined ? null : new Date(request.body.expires_at);
      if (expiresAt && expiresAt <= context.now()) throw new PlatformError(400, 'expires_at is in the past: a key must expire after it is made');
      const made = await context.keys.create({ projectId: project.id, name: request.body.name, ownerId: actor.id, expiresAt }, actor.text);
      return reply.code(201).send(apiKeyView(made.key, made.value));
    },
  );

  app.delete<{ Params: { project: string; token_id: string } }>(
    '/projects/:project/tokens/:token_id',
    { schema: { params: { ...projectParam, properties: { ...projectParam.properties, token_id: { type: 'string', format: 'uuid' } } } } },
    async (request, reply) => {
      const actor = actorOf(request);
      const project = await findProject(context, request.params.project);
      if (!(await context.keys.revoke(project.id, request.params.token_id, actor.text))) throw new PlatformError(404, `No API key ${request.params.token_id} in this project`);
      return reply.code(204).send();
    },
  );
}
