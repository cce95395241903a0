/** The admin API: identities, sessions, recovery, courier messages. */
import type { FastifyInstance } from 'fastify';
import type { IdentityContext } from '../context.js';
import { registerHealthRoutes } from '../public/health.js';
import { registerAdminRecoveryRoutes } from './recovery.js';

export async function registerAdminRoutes(app: FastifyInstance, ctx: IdentityContext, version: string): Promise<void> {
  registerHealthRoutes(app, ctx, version);
  registerAdminRecoveryRoutes(app, ctx);
}
