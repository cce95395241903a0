/**
 * The console's active project (Ory's legacy `/console/active/project`). An installation has one
 * project, so it is always the active one; setting it to that project is accepted, to anything
 * else refused.
 */
import type { FastifyInstance } from 'fastify';
import { findProject, type PlatformContext } from '../context.js';

export async function consoleRoutes(app: FastifyInstance, context: PlatformContext): Promise<void> {
  app.get('/console/active/project', async () => ({ project_id: (await context.projects.get()).id }));

  app.put<{ Body: { project_id: string } }>(
    '/console/active/project',
    { schema: { body: { type: 'object', properties: { project_id: { type: 'string', minLength: 1 } }, required: ['project_id'] } } },
    async (request, reply) => {
      await findProject(context, request.body.project_id);
      return reply.code(204).send();
    },
  );
}
