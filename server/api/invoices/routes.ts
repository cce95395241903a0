/** `GET /api/orgs/{orgId}/invoices`: what an organisation was billed, newest first. */
import type { FastifyInstance } from 'fastify';
import type { FleetContext } from '../fleet/context.js';
import { existingOrg } from '../fleet/orgs.js';
import { PAGE_QUERY_SCHEMA, pageArgs, type Page } from '../http/list-query.js';
import { settleSubscriptions } from '../subscriptions/settle.js';
import { listInvoices, type Invoice, type InvoiceStatus } from './store.js';
import { InvoiceSchema, PageOf } from '../http/response-schemas.js';

interface ListQuery {
  page?: number;
  per_page?: number;
  status?: InvoiceStatus;
  deviceId?: string;
  from?: string;
  to?: string;
}

export async function registerInvoiceRoutes(app: FastifyInstance, ctx: FleetContext): Promise<void> {
  app.get<{ Params: { orgId: string }; Querystring: ListQuery }>(
    '/api/orgs/:orgId/invoices',
    {
      schema: {
        response: { 200: PageOf(InvoiceSchema) },
        params: { type: 'object', properties: { orgId: { type: 'string' } }, required: ['orgId'] },
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ...PAGE_QUERY_SCHEMA,
            status: { type: 'string', enum: ['issued', 'paid', 'void'] },
            deviceId: { type: 'string', format: 'uuid' },
            from: { type: 'string', format: 'date-time' },
            to: { type: 'string', format: 'date-time' },
          },
        },
      },
    },
    async (request): Promise<Page<Invoice>> => {
      const orgId = await existingOrg(ctx.db, request.params.orgId);
      const { status, deviceId, from, to } = request.query;
      return ctx.db.transaction(async (tx) => {
        // Renewals due by now are invoiced before the list is read.
        await settleSubscriptions(tx, orgId, ctx.now());
        return listInvoices(tx, orgId, { status, deviceId: deviceId?.toLowerCase(), from, to }, pageArgs(request.query));
      });
    },
  );
}
