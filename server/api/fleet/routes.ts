/** Devices, subscriptions, invoices, notifications and firmware: the table of contents. */
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { registerDeviceRoutes } from '../devices/routes.js';
import { registerFirmwareRoutes } from '../firmware/routes.js';
import { registerInvoiceRoute } from '../invoices/invoice-route.js';
import { registerInvoiceRoutes } from '../invoices/routes.js';
import { registerNotificationRoutes } from '../notifications/routes.js';
import { registerPlanRoutes } from '../subscriptions/plan-routes.js';
import { registerSubscriptionRoutes } from '../subscriptions/routes.js';
import { SubscriptionSettler } from '../subscriptions/settler.js';
import type { FleetContext } from './context.js';

export async function registerFleetRoutes(app: FastifyInstance, ctx: FleetContext): Promise<void> {
  await app.register(async (fleet) => {
    // The firmware upload streams; its size limit is the route policy's bodyLimit.
    if (!fleet.hasContentTypeParser('multipart/form-data')) await fleet.register(multipart);
    await registerDeviceRoutes(fleet, ctx);
    await registerSubscriptionRoutes(fleet, ctx);
    await registerPlanRoutes(fleet);
    await registerInvoiceRoutes(fleet, ctx);
    await registerInvoiceRoute(fleet, ctx);
    await registerNotificationRoutes(fleet, ctx);
    await registerFirmwareRoutes(fleet, ctx);
  });
}

/**
 * The capability on an API instance: its routes and the subscription settler, stopped when the
 * instance closes. The API application calls this once.
 */
export async function installFleet(app: FastifyInstance, ctx: FleetContext): Promise<SubscriptionSettler> {
  const settler = new SubscriptionSettler(ctx.db, { now: ctx.now, onError: (err) => app.log.error({ err }, 'settling subscriptions failed') });
  await registerFleetRoutes(app, ctx);
  app.addHook('onReady', async () => settler.start());
  app.addHook('onClose', async () => settler.stop());
  return settler;
}
