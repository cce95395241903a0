/**
 * The admin identity API (Kratos `IdentityApi`): list, create, get, update, patch, delete, a
 * credential's removal, and an identity's sessions. Bodies and answers are Kratos' shapes.
 */
import type { FastifyInstance } from 'fastify';
import type { IdentityContext } from '../context.js';
import { registerIdentityCreateRoutes } from './identities-create.js';
import { registerIdentityDeleteRoutes } from './identities-delete.js';
import { registerIdentityReadRoutes } from './identities-read.js';
import { registerIdentityUpdateRoutes } from './identities-update.js';

export function registerAdminIdentityRoutes(app: FastifyInstance, ctx: IdentityContext): void {
  registerIdentityReadRoutes(app, ctx);
  registerIdentityCreateRoutes(app, ctx);
  registerIdentityUpdateRoutes(app, ctx);
  registerIdentityDeleteRoutes(app, ctx);
}
