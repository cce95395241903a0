/**
 * Keto's write API: create one relationship (201, with where to read it back), apply a patch of
 * inserts and deletes all together or not at all, and delete every relationship a filter
 * matches. Every tuple of a request is checked before anything is written. sitewave's own
 * namespaces are read-only here: their relationships follow the memberships the product keeps,
 * and a write from outside would be undone, or worse, believed.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WrittenBy } from '../store/tuple-store.js';
import { namespaces, type PermissionContext } from '../context.js';
import { PermissionError } from '../permission-error.js';
import { isProductNamespace } from '../product-model.js';
import type { RelationTuple } from '../tuple.js';
import { queryFromQuery, requireKnownNamespaces, TUPLE_BODY, TUPLE_QUERY_KEYS, tupleFromBody, tupleJson, tupleLocation, type TupleBody, type TupleQuery } from './wire.js';

const patchBody = {
  type: 'array',
  items: {
    type: 'object',
    properties: { action: { enum: ['insert', 'delete'] }, relation_tuple: TUPLE_BODY },
    required: ['action', 'relation_tuple'],
  },
};

const deleteQuery = { type: 'object', properties: Object.fromEntries(TUPLE_QUERY_KEYS.map((key) => [key, { type: 'string' }])) };

export async function writeRoutes(app: FastifyInstance, context: PermissionContext): Promise<void> {
  app.put<{ Body: TupleBody }>('/admin/relation-tuples', { schema: { body: TUPLE_BODY } }, async (request, reply) => {
    const tuple = tupleFromBody(request.body, 'body');
    requireWritable(tuple.namespace, 'namespace');
    requireKnownNamespaces(namespaces(context), tuple);
    await context.store.write([tuple], [], writtenBy(request));
    return reply.code(201).header('location', tupleLocation(tuple)).send(tupleJson(tuple));
  });

  app.patch<{ Body: { action: 'insert' | 'delete'; relation_tuple: TupleBody }[] }>('/admin/relation-tuples', { schema: { body: patchBody } }, async (request, reply) => {
    const insert: RelationTuple[] = [];
    const remove: RelationTuple[] = [];
    request.body.forEach((delta, i) => {
      const tuple = tupleFromBody(delta.relation_tuple, `body/${i}/relation_tuple`);
      requireWritable(tuple.namespace, `body/${i}/relation_tuple/namespace`);
      requireKnownNamespaces(namespaces(context), tuple);
      (delta.action === 'insert' ? insert : remove).push(tuple);
    });
    // Keto inserts first, then deletes: a patch that does both to one tuple leaves it deleted.
    await context.store.write(insert, remove, writtenBy(request));
    return reply.code(204).send();
  });

  app.delete<{ Querystring: TupleQuery }>(
    '/admin/relation-tuples',
    {
      schema: { querystring: deleteQuery },
      // Filters come in the query only: a body would be a filter silently ignored.
      preParsing: async (request) => {
        const length = Number(request.headers['content-length'] ?? 0);
        if (length > 0 || request.headers['transfer-encoding'])
          throw new PermissionError(400, 'body: deleting relationships takes its filter in the query; the body must be empty');
      },
    },
    async (request, reply) => {
      const unknownKey = Object.keys(request.query).find((key) => key !== 'subject' && !(TUPLE_QUERY_KEYS as readonly string[]).includes(key));
      if (unknownKey) throw new PermissionError(400, `${unknownKey} is not a filter: use ${TUPLE_QUERY_KEYS.join(', ')}`);
      const filter = queryFromQuery(request.query);
      if (filter.namespace === undefined) throw new PermissionError(400, 'namespace is missing: deleting relationships needs at least the namespace');
      requireWritable(filter.namespace, 'namespace');
      requireKnownNamespaces(namespaces(context), filter);
      await context.store.deleteAll(filter, writtenBy(request));
      return reply.code(204).send();
    },
  );
}

function requireWritable(namespace: string, field: string): void {
  if (isProductNamespace(namespace)) {
    throw new PermissionError(403, `${field}: namespace ${JSON.stringify(namespace)} holds sitewave's own roles, which change only with memberships in sitewave`);
  }
}

/** The admin API is called with the configuration's token (by the API or an operator): that is the actor. */
function writtenBy(request: FastifyRequest): WrittenBy {
  const header = request.headers['x-request-id'];
  return { actor: { type: 'system', name: 'permission admin API', address: request.ip }, requestId: typeof header === 'string' ? header.slice(0, 200) : String(request.id) };
}
