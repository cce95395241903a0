/** The public API: self-service flows, sessions, logout, schemas, errors, health. */
import type { FastifyInstance } from 'fastify';
import type { IdentityContext } from '../context.js';
import { registerFlowRoutes } from '../flows/routes.js';
import { registerHealthRoutes } from './health.js';
import { registerErrorRoutes } from './self-service-errors.js';
import { registerSchemaRoutes } from './schemas.js';

export async function registerPublicRoutes(app: FastifyInstance, ctx: IdentityContext, version: string): Promise<void> {
  registerHealthRoutes(app, ctx, version);
  registerSchemaRoutes(app, ctx);
  registerErrorRoutes(app, ctx);
  registerFlowRoutes(app, ctx, []);
}
