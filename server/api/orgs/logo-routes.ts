/** An organisation's logo: read by its members, set and removed by those who may change the organisation. */
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { UPLOAD_LIMITS } from '../../../shared/api-route-policy.js';
import type { Queryable } from '../../db/database.js';
import { fileAnswer } from '../floorplans/routes.js';
import { ApiError, checkId, notFound } from '../http/api-error.js';
import { NoContent } from '../http/response-schemas.js';
import type { SurveyBlobs } from '../survey/context.js';
import { fileBytes, uploadedFile } from '../survey/upload.js';
import { logoKey, normaliseLogo } from './logo.js';

const OrgParams = Type.Object({ orgId: Type.String() });
const tags = ['organisations'];

export async function registerOrgLogoRoutes(fastify: FastifyInstance, ctx: { db: Queryable; blobs: SurveyBlobs }): Promise<void> {
  await fastify.register(async (scope) => {
    if (!scope.hasContentTypeParser('multipart/form-data')) await scope.register(multipart);
    const app = scope.withTypeProvider<TypeBoxTypeProvider>();
    const org = async (raw: string) => {
      const id = checkId('organisation', raw);
      if ((await ctx.db.query('SELECT 1 FROM orgs WHERE id = $1', [id])).rowCount === 0) throw notFound('organisation', id);
      return id;
    };

    app.get(
      '/api/orgs/:orgId/logo',
      { schema: { tags, summary: "The organisation's logo (404 when it has none)", params: OrgParams, response: { 200: fileAnswer('The logo, a PNG.', ['image/png']) } } },
      async (request, reply) => {
        const id = await org(request.params.orgId);
        const stream = await ctx.blobs.get(logoKey(id));
        if (!stream) throw new ApiError(404, 'The organisation has no logo');
        return reply.type('image/png').header('cache-control', 'private, no-cache').header('x-content-type-options', 'nosniff').send(stream);
      },
    );

    app.put(
      '/api/orgs/:orgId/logo',
      {
        schema: {
          tags,
          summary: 'Set the organisation\'s logo: a PNG, JPEG or WebP image, multipart in field "file"; kept as a PNG of at most 800 × 320 pixels',
          params: OrgParams,
          response: { 204: NoContent },
        },
      },
      async (request, reply) => {
        const id = await org(request.params.orgId);
        const part = await uploadedFile(request, UPLOAD_LIMITS.logo);
        const png = await normaliseLogo(await fileBytes(part, UPLOAD_LIMITS.logo));
        await ctx.blobs.put(logoKey(id), png, 'image/png');
        return reply.code(204).send();
      },
    );

    app.delete(
      '/api/orgs/:orgId/logo',
      { schema: { tags, summary: "Remove the organisation's logo", params: OrgParams, response: { 204: NoContent } } },
      async (request, reply) => {
        const id = await org(request.params.orgId);
        await ctx.blobs.delete(logoKey(id));
        return reply.code(204).send();
      },
    );
  });
}
