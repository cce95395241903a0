/** `GET /api/orgs/{orgId}/notifications`: an organisation's event feed, newest first. */
import type { FastifyInstance } from 'fastify';
import type { FleetContext } from '../fleet/context.js';
import { existingOrg } from '../fleet/orgs.js';
import { PAGE_QUERY_SCHEMA, limitOffset, pageArgs, type Page } from '../http/list-query.js';
import { toNotification, type Notification, type NotificationRow } from './notify.js';
import { NotificationSchema, PageOf } from '../http/response-schemas.js';

interface ListQuery {
  page?: number;
  per_page?: number;
  kind?: string;
  since?: string;
  before?: string;
}

export async function registerNotificationRoutes(app: FastifyInstance, ctx: FleetContext): Promise<void> {
  app.get<{ Params: { orgId: string }; Querystring: ListQuery }>(
    '/api/orgs/:orgId/notifications',
    {
      schema: {
        response: { 200: PageOf(NotificationSchema) },
        params: { type: 'object', properties: { orgId: { type: 'string' } }, required: ['orgId'] },
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ...PAGE_QUERY_SCHEMA,
            kind: { type: 'string', minLength: 1, maxLength: 100 },
            // created at or after / strictly before: a client polls with `since` its newest seen.
            since: { type: 'string', format: 'date-time' },
            before: { type: 'string', format: 'date-time' },
          },
        },
      },
    },
    async (request): Promise<Page<Notification>> => {
      const orgId = await existingOrg(ctx.db, request.params.orgId);
      const { kind, since, before } = request.query;
      const params: unknown[] = [orgId];
      const where = ['org_id = $1'];
      if (kind) where.push(`kind = $${params.push(kind)}`);
      if (since) where.push(`created_at >= $${params.push(since)}`);
      if (before) where.push(`created_at < $${params.push(before)}`);
      const args = pageArgs(request.query);
      const total = await ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM notifications WHERE ${where.join(' AND ')}`, params);
      const rows = await ctx.db.query<NotificationRow>(
        `SELECT * FROM notifications WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id ${limitOffset(args, params)}`,
        params,
      );
      return { items: rows.rows.map(toNotification), ...args, total: total.rows[0]!.n };
    },
  );
}
