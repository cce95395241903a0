/** The admin API: identities, sessions, recovery, courier messages. */
import type { FastifyInstance } from 'fastify';
import type { IdentityContext } from '../context.js';
import { registerHealthRoutes } from '../public/health.js';
import { registerAdminCourierRoutes } from './courier.js';
import { registerAdminIdentityRoutes } from './identities.js';
import { registerAdminRecoveryRoutes } from './recovery.js';
import { registerAdminSessionRoutes } from './sessions.js';

export async function registerAdminRoutes(app: FastifyInstance, ctx: IdentityContext, version: string): Promise<void> {
  registerHealthRoutes(app, ctx, version);
  registerAdminIdentityRoutes(app, ctx);
  registerAdminSessionRoutes(app, ctx);
  registerAdminRecoveryRoutes(app, ctx);
  registerAdminCourierRoutes(app, ctx);
}
