/** `/health/alive` and `/health/ready`: the probes the gateway's `/bff/ready` and load balancers call. */
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/database.js';
import { errorEnvelope } from '../../../shared/error-envelope.js';

// Probes of this host, not of the API contract: left out of the OpenAPI document.
const PROBE = { schema: { hide: true } };

export async function registerHealthRoutes(app: FastifyInstance, db: Queryable): Promise<void> {
  app.get('/health/alive', PROBE, async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/health/ready', PROBE, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await db.query('SELECT 1');
      return { status: 'ok' };
    } catch {
      return reply.code(503).send(errorEnvelope(503, 'The database does not answer'));
    }
  });
}
