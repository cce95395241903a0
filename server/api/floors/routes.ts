/** Floors of a project. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { isUniqueViolation } from '../../db/errors.js';
import { getProject } from '../projects/store.js';
import { blobKeysOfFloor, deleteSurveyBlobs } from '../survey/blob-keys.js';
import type { SurveyContext } from '../survey/context.js';
import { checkId, conflict, found, notFound } from '../http/api-error.js';
import { PageQueryFields, pageArgs } from '../http/list-query.js';
import { createFloor, deleteFloor, getFloor, listFloors, updateFloor } from './store.js';
import { FloorSchema, NoContent, PageOf } from '../http/response-schemas.js';

const FloorFields = {
  name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
  level: Type.Integer({ minimum: -20, maximum: 300 }),
  heightM: Type.Union([Type.Number({ exclusiveMinimum: 0, maximum: 100 }), Type.Null()]),
};
const NewFloor = Type.Object({ name: FloorFields.name, level: FloorFields.level, heightM: Type.Optional(FloorFields.heightM) }, { additionalProperties: false });
const FloorChange = Type.Partial(Type.Object(FloorFields), { additionalProperties: false, minProperties: 1 });
const ProjectParams = Type.Object({ projectId: Type.String() });
const FloorParams = Type.Object({ floorId: Type.String() });
const tags = ['floors'];

const duplicate = (name: string) => conflict(`A floor named "${name}" already exists in this project`);

export async function registerFloorRoutes(fastify: FastifyInstance, ctx: SurveyContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/projects/:projectId/floors',
    {
      schema: {
        tags,
        summary: "A project's floors, lowest level first",
        params: ProjectParams,
        querystring: Type.Object({ q: Type.Optional(Type.String({ maxLength: 100 })), ...PageQueryFields }, { additionalProperties: false }),
        response: { 200: PageOf(FloorSchema) },
      },
    },
    async (request) => {
      const projectId = checkId('project', request.params.projectId);
      found(await getProject(ctx.db, projectId), 'project', projectId);
      return listFloors(ctx.db, projectId, request.query.q, pageArgs(request.query));
    },
  );

  app.post(
    '/api/projects/:projectId/floors',
    { schema: { tags, summary: 'Add a floor', params: ProjectParams, body: NewFloor, response: { 201: FloorSchema } } },
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

  app.get('/api/floors/:floorId', { schema: { tags, summary: 'A floor', params: FloorParams, response: { 200: FloorSchema } } }, async (request) => {
    const id = checkId('floor', request.params.floorId);
    return found(await getFloor(ctx.db, id), 'floor', id);
  });

  app.put(
    '/api/floors/:floorId',
    { schema: { tags, summary: "Change a floor's name, level or height", params: FloorParams, body: FloorChange, response: { 200: FloorSchema } } },
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

  app.delete(
    '/api/floors/:floorId',
    { schema: { tags, summary: 'Delete a floor with its floor plans, tracks and photos', params: FloorParams, response: { 204: NoContent } } },
    async (request, reply) => {
      const id = checkId('floor', request.params.floorId);
      const keys = await ctx.db.transaction(async (tx) => {
        const k = await blobKeysOfFloor(tx, id);
        if (!(await deleteFloor(tx, id))) throw notFound('floor', id);
        return k;
      });
      await deleteSurveyBlobs(ctx, keys);
      return reply.code(204).send();
    },
  );
}
