/** `/health/alive`, `/health/ready` and `/version`, on both listeners as in Kratos. */
import type { FastifyInstance } from 'fastify';
import type { IdentityContext } from '../context.js';

export function registerHealthRoutes(app: FastifyInstance, ctx: IdentityContext, version: string): void {
  app.get('/health/alive', async () => ({ status: 'ok' }));
  app.get('/health/ready', async (_request, reply) => {
    try {
      await ctx.db.query('SELECT 1');
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ errors: { database: 'the database does not answer' } });
    }
  });
  app.get('/version', async () => ({ version }));
}
