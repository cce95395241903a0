/**
 * An extension of Keto's API, under its own prefix so no client mistakes it for Keto's: the
 * objects of a namespace a subject reaches through a relation or permit (engine/list-objects.ts),
 * in order, page by page as relationships are listed.
 *
 *   GET /extensions/list-objects?namespace=Project&relation=view&subject_set.namespace=Identity&…
 *   → {"objects": ["…", …], "next_page_token": ""}
 */
import type { FastifyInstance } from 'fastify';
import { namespaces, type PermissionContext } from '../context.js';
import { listObjects } from '../engine/list-objects.js';
import { relationOf } from '../namespaces.js';
import { PermissionError } from '../permission-error.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './read-routes.js';
import { queryFromQuery, requireKnownNamespaces, TUPLE_QUERY, type TupleQuery } from './wire.js';

const listObjectsQuery = {
  ...TUPLE_QUERY,
  properties: { ...TUPLE_QUERY.properties, page_size: { type: 'integer' }, page_token: { type: 'string' } },
};

export const LIST_OBJECTS_PATH = '/extensions/list-objects';

export async function listObjectsRoute(app: FastifyInstance, context: PermissionContext): Promise<void> {
  app.get<{ Querystring: TupleQuery & { page_size?: number; page_token?: string } }>(LIST_OBJECTS_PATH, { schema: { querystring: listObjectsQuery } }, async (request) => {
    const filter = queryFromQuery(request.query);
    if (filter.object !== undefined) throw new PermissionError(400, 'object: listing objects finds them; leave object out');
    for (const key of ['namespace', 'relation'] as const) {
      if (!filter[key]) throw new PermissionError(400, `${key} is missing: name the namespace and the relation or permit to list objects by`);
    }
    if (!filter.subject) throw new PermissionError(400, 'subject_id is missing: provide "subject_id" or a complete "subject_set.*"');
    const known = namespaces(context);
    requireKnownNamespaces(known, filter);
    relationOf(known, filter.namespace!, filter.relation!);
    const after = request.query.page_token === undefined ? undefined : Buffer.from(request.query.page_token, 'base64url').toString('utf8');
    const asked = request.query.page_size ?? 0;
    const size = asked <= 0 ? DEFAULT_PAGE_SIZE : Math.min(asked, MAX_PAGE_SIZE);

    const settings = context.settings();
    const all = await listObjects(context.store, known, settings, filter.namespace!, filter.relation!, filter.subject);
    const from = after === undefined ? 0 : all.findIndex((object) => object > after);
    const objects = from < 0 ? [] : all.slice(from, from + size);
    const more = from >= 0 && from + size < all.length;
    return { objects, next_page_token: more ? Buffer.from(objects[objects.length - 1]!).toString('base64url') : '' };
  });
}
