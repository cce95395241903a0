/** `GET /api/orgs/{orgId}/notifications`: an organisation's event feed, newest first. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { FleetContext } from '../fleet/context.js';
import { existingOrg } from '../fleet/orgs.js';
import { PageQueryFields, limitOffset, pageArgs, type Page } from '../http/list-query.js';
import { NotificationSchema, PageOf } from '../http/response-schemas.js';
import { OrgParams } from '../http/schemas.js';
import { toNotification, type Notification, type NotificationRow } from './notify.js';

const ListQuery = Type.Object(
  {
    ...PageQueryFields,
    kind: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    // A client polls with `since` the newest it has seen.
    since: Type.Optional(Type.String({ format: 'date-time', description: 'Created at or after' })),
    before: Type.Optional(Type.String({ format: 'date-time', description: 'Created strictly before' })),
  },
  { additionalProperties: false },
);

export async function registerNotificationRoutes(fastify: FastifyInstance, ctx: FleetContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/orgs/:orgId/notifications',
    {
      schema: {
        tags: ['notifications'],
        summary: "The organisation's events, newest first (filter by kind and time)",
        params: OrgParams,
        querystring: ListQuery,
        response: { 200: PageOf(NotificationSchema) },
      },
    },
    async (request): Promise<Page<Notification>> => {
      const orgId = await existingOrg(ctx.db, request.params.orgId, request);
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
