/**
 * Keto's check API. `/relation-tuples/check` answers 200 `{"allowed": true}` or 403
 * `{"allowed": false}`; `/check/openapi` answers 200 either way; the batch answers each tuple
 * with `{allowed, error?}`. A namespace the settings do not declare is "not allowed", as in Keto.
 * In strict mode a check that ran into a limit before it could decide is a 422, not a "no".
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { namespaces, type PermissionContext } from '../context.js';
import { namespacesOf } from '../namespaces.js';
import { checkTuple, effectiveDepth } from '../engine/check.js';
import type { Limitation } from '../engine/outcome.js';
import { PermissionError, unknownNamespace } from '../permission-error.js';
import type { RelationTuple } from '../tuple.js';
import { TUPLE_BODY, TUPLE_QUERY, tupleFromBody, tupleFromQuery, unknownNamespaceIn, type TupleBody, type TupleQuery } from './wire.js';

/** Keto's default `limit.max_batch_check_size`. */
export const MAX_BATCH_SIZE = 10;

const depthQuery = { type: 'object', properties: { 'max-depth': TUPLE_QUERY.properties['max-depth'] } };
type DepthQuery = { 'max-depth'?: number };

const LIMIT_REACHED: Record<Limitation, string> = {
  max_depth_exceeded:
    'The check reached the maximum depth (limit.max_read_depth, or the request\'s max-depth) before it could decide, and strict mode does not take that for a "no"',
  max_width_exceeded: 'The check found more subject sets in one place than limit.max_read_width lets it follow, and strict mode does not take that for a "no"',
};

function limitReached(limitation: Limitation): PermissionError {
  return new PermissionError(422, LIMIT_REACHED[limitation], 'The check could not be completed');
}

/** What a check answers, without the path: all a route needs, and what is kept. */
type Answer = { membership: 'member' | 'not-member' } | { membership: 'unknown'; limitation: Limitation; strict: boolean };

/**
 * The engine's answer, kept until the relationships or the settings change. A request's
 * `max-depth` is part of the question; a refusal (a relation the model does not declare) is
 * worked out again each time, as it is cheap and not kept.
 */
function checked(context: PermissionContext, tuple: RelationTuple, maxDepth: number | undefined): Promise<Answer> {
  const { namespace, object, relation, subject } = tuple;
  const depth = effectiveDepth(maxDepth, context.settings().maxReadDepth);
  const key = JSON.stringify(['check', namespace, object, relation, 'id' in subject ? [subject.id] : subject.set, depth]);
  return context.kept.get(key, async (settings): Promise<Answer> => {
    const known = namespacesOf(settings);
    if (unknownNamespaceIn(known, tuple) !== undefined) return { membership: 'not-member' };
    const outcome = await checkTuple(context.rows, known, settings, tuple, depth);
    if (outcome.membership === 'unknown') return { membership: 'unknown', limitation: outcome.limitation, strict: settings.strictMode };
    return { membership: outcome.membership };
  });
}

async function isAllowed(context: PermissionContext, tuple: RelationTuple, maxDepth: number | undefined): Promise<boolean> {
  const answer = await checked(context, tuple, maxDepth);
  if (answer.membership === 'unknown' && answer.strict) throw limitReached(answer.limitation);
  return answer.membership === 'member';
}

/** `mirrorStatus`: 403 for "not allowed" (`/check`), or 200 for both answers (`/check/openapi`). */
const answer = (reply: FastifyReply, allowed: boolean, mirrorStatus: boolean) => reply.code(allowed || !mirrorStatus ? 200 : 403).send({ allowed });

export async function checkRoutes(app: FastifyInstance, context: PermissionContext): Promise<void> {
  for (const [path, mirrorStatus] of [
    ['/relation-tuples/check', true],
    ['/relation-tuples/check/openapi', false],
  ] as const) {
    app.get<{ Querystring: TupleQuery }>(path, { schema: { querystring: TUPLE_QUERY } }, async (request, reply) =>
      answer(reply, await isAllowed(context, tupleFromQuery(request.query), request.query['max-depth']), mirrorStatus),
    );
    app.post<{ Querystring: DepthQuery; Body: TupleBody }>(path, { schema: { querystring: depthQuery, body: TUPLE_BODY } }, async (request, reply) =>
      answer(reply, await isAllowed(context, tupleFromBody(request.body, 'body'), request.query['max-depth']), mirrorStatus),
    );
  }

  app.post<{ Querystring: DepthQuery; Body: { tuples: TupleBody[] } }>(
    '/relation-tuples/batch/check',
    { schema: { querystring: depthQuery, body: { type: 'object', properties: { tuples: { type: 'array', items: TUPLE_BODY } }, required: ['tuples'] } } },
    async (request) => {
      const { tuples } = request.body;
      if (tuples.length > MAX_BATCH_SIZE) throw new PermissionError(400, `tuples: a batch holds at most ${MAX_BATCH_SIZE} tuples, this one has ${tuples.length}`);
      const checked = tuples.map((body, i) => tupleFromBody(body, `body/tuples/${i}`));
      const results = await Promise.all(
        checked.map(async (tuple) => {
          const unknown = unknownNamespaceIn(namespaces(context), tuple);
          if (unknown !== undefined) return { allowed: false, error: unknownNamespace(unknown).reason };
          try {
            return { allowed: await isAllowed(context, tuple, request.query['max-depth']) };
          } catch (error) {
            if (error instanceof PermissionError) return { allowed: false, error: error.reason };
            throw error;
          }
        }),
      );
      return { results };
    },
  );
}
