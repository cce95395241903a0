/** Keto's expand API: the tree of who is in `namespace:object#relation`. */
import type { FastifyInstance } from 'fastify';
import { namespaces, type PermissionContext } from '../context.js';
import { effectiveDepth } from '../engine/check.js';
import { expandSubjectSet, type ExpandTree } from '../engine/expand.js';
import { namespacesOf } from '../namespaces.js';
import { PermissionError } from '../permission-error.js';
import { requireKnownNamespaces, subjectJson, TUPLE_QUERY, type TupleQuery } from './wire.js';

const expandQuery = {
  type: 'object',
  properties: {
    namespace: TUPLE_QUERY.properties.namespace,
    object: TUPLE_QUERY.properties.object,
    relation: TUPLE_QUERY.properties.relation,
    'max-depth': TUPLE_QUERY.properties['max-depth'],
  },
  required: ['namespace', 'object', 'relation'],
};

/**
 * Keto's tree on the wire: a node's subject in an otherwise empty `tuple`, `leaf` for any node
 * without children (a subject set cut off by the depth included), `children` only when there are.
 */
interface WireTree {
  type: ExpandTree['type'];
  tuple: { namespace: string; object: string; relation: string; subject_id?: string; subject_set?: { namespace: string; object: string; relation: string } };
  children?: WireTree[];
}

function wireTree(tree: ExpandTree): WireTree {
  const node: WireTree = {
    type: tree.children.length > 0 ? tree.type : 'leaf',
    tuple: { namespace: '', object: '', relation: '', ...(tree.subject ? subjectJson(tree.subject) : {}) },
  };
  if (tree.children.length > 0) node.children = tree.children.map(wireTree);
  return node;
}

export async function expandRoute(app: FastifyInstance, context: PermissionContext): Promise<void> {
  app.get<{ Querystring: Required<Pick<TupleQuery, 'namespace' | 'object' | 'relation'>> & Pick<TupleQuery, 'max-depth'> }>(
    '/relation-tuples/expand',
    { schema: { querystring: expandQuery } },
    async (request) => {
      const { namespace, object, relation } = request.query;
      requireKnownNamespaces(namespaces(context), { namespace });
      const depth = request.query['max-depth'];
      const key = JSON.stringify(['expand', namespace, object, relation, effectiveDepth(depth, context.settings().maxReadDepth)]);
      const tree = await context.kept.get(
        key,
        async (settings) => (await expandSubjectSet(context.store, namespacesOf(settings), settings, { namespace, object, relation }, depth)) ?? null,
      );
      if (!tree)
        throw new PermissionError(
          404,
          `no relation tuple found: strict mode expands only a relation the model declares with types or a rule, and ${namespace}#${relation} is neither`,
        );
      return wireTree(tree);
    },
  );
}
