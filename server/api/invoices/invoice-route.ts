/** `GET /api/orgs/{orgId}/invoices/{invoiceId}`: one invoice with its lines, for its own page and print. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { FleetContext } from '../fleet/context.js';
import { existingOrg } from '../fleet/orgs.js';
import { checkId, found } from '../http/api-error.js';
import { InvoiceSchema } from '../http/response-schemas.js';
import { OrgParams } from '../http/schemas.js';
import { getInvoice } from './store.js';

export async function registerInvoiceRoute(fastify: FastifyInstance, ctx: FleetContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/orgs/:orgId/invoices/:invoiceId',
    {
      schema: {
        tags: ['invoices'],
        summary: 'One invoice of the organisation with its lines',
        params: Type.Object({ ...OrgParams.properties, invoiceId: Type.String() }),
        response: { 200: InvoiceSchema },
      },
    },
    async (request) => {
      const orgId = await existingOrg(ctx.db, request.params.orgId, request);
      const id = checkId('invoice', request.params.invoiceId);
      // Another organisation's invoice is as unknown here as one that does not exist.
      return found(await getInvoice(ctx.db, orgId, id), 'invoice', id);
    },
  );
}
