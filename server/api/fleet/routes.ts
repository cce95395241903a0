/** Devices, subscriptions, invoices, notifications and firmware: the table of contents. */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { registerNotificationRoutes } from '../notifications/routes.js';
import type { FleetContext } from './context.js';

export async function registerFleetRoutes(app: FastifyInstance, ctx: FleetContext): Promise<void> {
  await app.register(async (fleet) => {
    // The firmware upload streams; its size limit is the route policy's bodyLimit.
    if (!fleet.hasContentTypeParser('multipart/form-data')) await fleet.register(multipart);
    await registerNotificationRoutes(fleet, ctx);
  });
}
