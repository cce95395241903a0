/** Keto's read API for relationships: list them by any filter, page by page, and list the namespaces. */
import type { FastifyInstance } from 'fastify';
import { namespaces, type PermissionContext } from '../context.js';
import { pageKey, pageToken } from './page-token.js';
import { queryFromQuery, requireKnownNamespaces, TUPLE_QUERY, tupleJson, type TupleQuery } from './wire.js';

/** Keto's page sizes: 100 unless asked, at most 500 whatever is asked. */
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 500;

const listQuery = {
  ...TUPLE_QUERY,
  properties: { ...TUPLE_QUERY.properties, page_size: { type: 'integer' }, page_token: { type: 'string' } },
};

export async function readRoutes(app: FastifyInstance, context: PermissionContext): Promise<void> {
  app.get<{ Querystring: TupleQuery & { page_size?: number; page_token?: string } }>('/relation-tuples', { schema: { querystring: listQuery } }, async (request) => {
    const filter = queryFromQuery(request.query);
    const after = request.query.page_token ? pageKey(request.query.page_token) : undefined;
    requireKnownNamespaces(namespaces(context), filter);
    const asked = request.query.page_size ?? 0;
    const size = asked <= 0 ? DEFAULT_PAGE_SIZE : Math.min(asked, MAX_PAGE_SIZE);
    const page = await context.store.list(filter, size, after);
    return { relation_tuples: page.tuples.map(tupleJson), next_page_token: page.next ? pageToken(page.next) : '' };
  });

  app.get('/namespaces', async () => ({ namespaces: namespaces(context).list.map(({ name }) => ({ name })) }));
}
