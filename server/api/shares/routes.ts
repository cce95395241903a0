/**
 * Managing a project's share links (`project:shares:manage`): list them, make one (its token is
 * in that answer only), revoke one at once. A revoked link stays in the list, so who shared what
 * until when can still be read.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { getProject } from '../projects/store.js';
import type { SurveyContext } from '../survey/context.js';
import { badRequest, checkId, found } from '../http/api-error.js';
import { PageQueryFields, pageArgs } from '../http/list-query.js';
import { PageOf } from '../http/response-schemas.js';
import { CreatedShareSchema, MAX_SHARE_DAYS, ShareBody, ShareSchema } from './share-schema.js';
import { createShare, listShares, revokeShare } from './store.js';

const ProjectParams = Type.Object({ projectId: Type.String() });
const ShareParams = Type.Object({ projectId: Type.String(), shareId: Type.String() });
const tags = ['shared projects'];
const DAY_MS = 24 * 60 * 60 * 1000;

export async function registerShareRoutes(fastify: FastifyInstance, ctx: SurveyContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const project = async (id: string) => {
    const projectId = checkId('project', id);
    found(await getProject(ctx.db, projectId), 'project', projectId);
    return projectId;
  };

  app.get(
    '/api/projects/:projectId/shares',
    {
      schema: {
        tags,
        summary: "A project's share links, newest first, revoked ones included",
        params: ProjectParams,
        querystring: Type.Object(PageQueryFields, { additionalProperties: false }),
        response: { 200: PageOf(ShareSchema) },
      },
    },
    async (request) => listShares(ctx.db, await project(request.params.projectId), pageArgs(request.query)),
  );

  app.post(
    '/api/projects/:projectId/shares',
    {
      schema: {
        tags,
        summary: 'Make a read-only link to the project, optionally to some floors and until a time; its token is in this answer only',
        params: ProjectParams,
        body: ShareBody,
        response: { 201: CreatedShareSchema },
      },
    },
    async (request, reply) => {
      const projectId = await project(request.params.projectId);
      const now = ctx.now();
      const { label, floorIds, expiresAt } = request.body;
      const expiry = expiresAt === undefined ? null : new Date(expiresAt);
      if (expiry && expiry.getTime() <= now.getTime()) throw badRequest('body/expiresAt: must be in the future', { field: 'body/expiresAt' });
      if (expiry && expiry.getTime() > now.getTime() + MAX_SHARE_DAYS * DAY_MS) {
        throw badRequest(`body/expiresAt: must be at most ${MAX_SHARE_DAYS} days ahead`, { field: 'body/expiresAt' });
      }
      const floors = floorIds?.map((id) => id.toLowerCase()) ?? null;
      if (floors) {
        const known = await ctx.db.query<{ id: string }>('SELECT id FROM floors WHERE project_id = $1 AND id = ANY($2::uuid[])', [projectId, floors]);
        const missing = floors.filter((id) => !known.rows.some((row) => row.id === id));
        if (missing.length > 0) throw badRequest(`body/floorIds: no floor of this project has the id ${missing[0]}`, { field: 'body/floorIds' });
      }
      const { share, token } = await createShare(ctx.db, { projectId, label: label.trim(), floorIds: floors, expiresAt: expiry, createdBy: ctx.callerId(request) }, now);
      return reply.code(201).send({ share, token, path: `/share/${token}` });
    },
  );

  app.delete(
    '/api/projects/:projectId/shares/:shareId',
    { schema: { tags, summary: 'Revoke a link at once; it stays in the list as revoked', params: ShareParams, response: { 200: ShareSchema } } },
    async (request) => {
      const projectId = await project(request.params.projectId);
      const shareId = checkId('share link', request.params.shareId);
      return found(await revokeShare(ctx.db, projectId, shareId, ctx.now()), 'share link', shareId);
    },
  );
}
