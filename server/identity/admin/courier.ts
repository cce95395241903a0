/**
 * The admin courier API (Kratos `CourierApi`): the outbox, newest first, filtered by status and
 * recipient; one message with its delivery attempts.
 */
import type { FastifyInstance } from 'fastify';
import type { IdentityContext } from '../context.js';
import { KratosError } from '../http/kratos-error.js';
import { getMessage, listDispatches, listMessages, type CourierDispatch, type CourierMessage, type CourierStatus } from '../store/courier.js';
import { pageQuerySchema, readPage, encodeToken, type PageQuery } from './paging.js';

function messageToWire(message: CourierMessage, dispatches?: CourierDispatch[]): Record<string, unknown> {
  return {
    id: message.id,
    type: message.type,
    status: message.status,
    recipient: message.recipient,
    subject: message.subject,
    body: message.body,
    template_type: message.template_type,
    send_count: message.send_count,
    created_at: message.created_at.toISOString(),
    updated_at: message.updated_at.toISOString(),
    ...(dispatches
      ? {
          dispatches: dispatches.map((d) => ({
            id: d.id,
            message_id: d.message_id,
            status: d.status,
            error: d.error ?? undefined,
            created_at: d.created_at.toISOString(),
            updated_at: d.created_at.toISOString(),
          })),
        }
      : {}),
  };
}

export function registerAdminCourierRoutes(app: FastifyInstance, ctx: IdentityContext): void {
  app.get<{ Querystring: PageQuery & { status?: CourierStatus; recipient?: string } }>(
    '/admin/courier/messages',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { ...pageQuerySchema, status: { type: 'string', enum: ['queued', 'processing', 'sent', 'abandoned'] }, recipient: { type: 'string' } },
        },
      },
    },
    async (request, reply) => {
      const { size, after } = readPage(request.query);
      const rows = await listMessages(ctx.db, { limit: size + 1, before: after, status: request.query.status, recipient: request.query.recipient });
      const page = rows.slice(0, size);
      if (rows.length > size) {
        const next = new URL(request.url, 'http://admin.invalid');
        next.searchParams.set('page_size', String(size));
        next.searchParams.set('page_token', encodeToken(page[page.length - 1]!));
        reply.header('link', `<${next.pathname}${next.search}>; rel="next"`);
      }
      return page.map((message) => messageToWire(message));
    },
  );

  app.get<{ Params: { id: string } }>('/admin/courier/messages/:id', async (request) => {
    const message = await getMessage(ctx.db, request.params.id);
    if (!message) throw new KratosError(404, { reason: `No courier message with id ${request.params.id}.` });
    return messageToWire(message, await listDispatches(ctx.db, message.id));
  });
}
