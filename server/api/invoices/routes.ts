/** `GET /api/orgs/{orgId}/invoices`: what an organisation was billed, newest first. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { FleetContext } from '../fleet/context.js';
import { existingOrg } from '../fleet/orgs.js';
import { PageQueryFields, pageArgs, type Page } from '../http/list-query.js';
import { InvoiceSchema, PageOf } from '../http/response-schemas.js';
import { OrgParams, TextEnum } from '../http/schemas.js';
import { keptOrComputed } from '../../db/until-next-write.js';
import { settleIfDue } from '../subscriptions/settle.js';
import { listInvoices, type Invoice } from './store.js';

const ListQuery = Type.Object(
  {
    ...PageQueryFields,
    status: Type.Optional(TextEnum(['issued', 'paid', 'void'])),
    deviceId: Type.Optional(Type.String({ format: 'uuid' })),
    from: Type.Optional(Type.String({ format: 'date-time', description: 'Issued at or after' })),
    to: Type.Optional(Type.String({ format: 'date-time', description: 'Issued strictly before' })),
  },
  { additionalProperties: false },
);

export async function registerInvoiceRoutes(fastify: FastifyInstance, ctx: FleetContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/orgs/:orgId/invoices',
    {
      schema: {
        tags: ['invoices'],
        summary: "The organisation's invoices, newest first (filter by device, status, period)",
        params: OrgParams,
        querystring: ListQuery,
        response: { 200: PageOf(InvoiceSchema) },
      },
    },
    async (request): Promise<Page<Invoice>> => {
      const orgId = await existingOrg(ctx.db, request.params.orgId, request);
      const { status, deviceId, from, to } = request.query;
      // Renewals due by now are invoiced before the list is read.
      await settleIfDue(ctx.db, orgId, ctx.now(), ctx.answers);
      return keptOrComputed(ctx.answers, `invoices ${orgId} ${request.url}`, () =>
        listInvoices(ctx.db, orgId, { status, deviceId: deviceId?.toLowerCase(), from, to }, pageArgs(request.query)),
      );
    },
  );
}
