/** Floors of a project. */
import type { FastifyInstance } from 'fastify';
import { isUniqueViolation } from '../../db/errors.js';
import { getProject } from '../projects/store.js';
import { blobKeysOfFloor, deleteSurveyBlobs } from '../survey/blob-keys.js';
import type { SurveyContext } from '../survey/context.js';
import { checkId, conflict, found, notFound } from '../http/api-error.js';
import { PAGE_QUERY_SCHEMA, pageArgs } from '../http/list-query.js';
import { createFloor, deleteFloor, getFloor, listFloors, updateFloor, type FloorInput } from './store.js';
import { FloorSchema, PageOf } from '../http/response-schemas.js';

const FLOOR_BODY = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' },
    level: { type: 'integer', minimum: -20, maximum: 300 },
    heightM: { type: ['number', 'null'], exclusiveMinimum: 0, maximum: 100 },
  },
} as const;

const duplicate = (name: string) => conflict(`A floor named "${name}" already exists in this project`);

export async function registerFloorRoutes(app: FastifyInstance, ctx: SurveyContext): Promise<void> {
  app.get<{ Params: { projectId: string }; Querystring: { q?: string; page?: number; per_page?: number } }>(
    '/api/projects/:projectId/floors',
    { schema: { querystring: { type: 'object', additionalProperties: false, properties: { q: { type: 'string', maxLength: 100 }, ...PAGE_QUERY_SCHEMA } }, response: { 200: PageOf(FloorSchema) } } },
    async (request) => {
      const projectId = checkId('project', request.params.projectId);
      found(await getProject(ctx.db, projectId), 'project', projectId);
      return listFloors(ctx.db, projectId, request.query.q, pageArgs(request.query));
    },
  );

  app.post<{ Params: { projectId: string }; Body: FloorInput }>(
    '/api/projects/:projectId/floors',
    { schema: { body: { ...FLOOR_BODY, required: ['name', 'level'] } } },
    async (request, reply) => {
      const projectId = checkId('project', request.params.projectId);
      found(await getProject(ctx.db, projectId), 'project', projectId);
      const body = { ...request.body, name: request.body.name.trim() };
      try {
        return reply.code(201).send(await createFloor(ctx.db, projectId, body, ctx.now()));
      } catch (err) {
        if (isUniqueViolation(err)) throw duplicate(body.name);
        throw err;
      }
    },
  );

  app.get<{ Params: { floorId: string } }>('/api/floors/:floorId', async (request) => {
    const id = checkId('floor', request.params.floorId);
    return found(await getFloor(ctx.db, id), 'floor', id);
  });

  app.put<{ Params: { floorId: string }; Body: Partial<FloorInput> }>(
    '/api/floors/:floorId',
    { schema: { body: { ...FLOOR_BODY, minProperties: 1 } } },
    async (request) => {
      const id = checkId('floor', request.params.floorId);
      const body = { ...request.body, name: request.body.name?.trim() };
      try {
        return found(await updateFloor(ctx.db, id, body, ctx.now()), 'floor', id);
      } catch (err) {
        if (isUniqueViolation(err)) throw duplicate(body.name ?? '');
        throw err;
      }
    },
  );

  app.delete<{ Params: { floorId: string } }>('/api/floors/:floorId', async (request, reply) => {
    const id = checkId('floor', request.params.floorId);
    const keys = await ctx.db.transaction(async (tx) => {
      const k = await blobKeysOfFloor(tx, id);
      if (!(await deleteFloor(tx, id))) throw notFound('floor', id);
      return k;
    });
    await deleteSurveyBlobs(ctx, keys);
    return reply.code(204).send();
  });
}
