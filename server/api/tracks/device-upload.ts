/**
 * `POST /api/device/floors/{floorId}/tracks`: a registered survey device uploads a walk it
 * recorded. No user session: the device sends its upload token in `X-Device-Token`, and may
 * upload only to floors of its own organisation's projects — any other floor is answered as
 * unknown, so a token does not reveal which floors exist elsewhere. The file format and the
 * all-or-nothing import are the user upload's; processing starts at once unless `process=false`.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { DEVICE_TOKEN_HEADER } from '../../../shared/api-route-policy.js';
import type { SurveyContext } from '../survey/context.js';
import { ApiError, checkId } from '../http/api-error.js';
import { ImportQuery, importTrackUpload } from './routes.js';
import { ImportedTrackSchema } from './track-schema.js';

export function registerDeviceUploadRoutes(fastify: FastifyInstance, ctx: SurveyContext, authenticate: NonNullable<SurveyContext['deviceForToken']>): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    '/api/device/floors/:floorId/tracks',
    {
      schema: {
        tags: ['device uploads'],
        summary: 'A survey device uploads a walk with its token, as the user import; processing starts unless process=false',
        params: Type.Object({ floorId: Type.String() }),
        querystring: ImportQuery,
        response: { 201: ImportedTrackSchema },
      },
    },
    async (request, reply) => {
      const token = request.headers[DEVICE_TOKEN_HEADER];
      const device = typeof token === 'string' && token.length > 0 ? await authenticate(token) : undefined;
      if (!device) throw new ApiError(401, `No valid device token: send the token issued at registration in ${DEVICE_TOKEN_HEADER}`);
      const floorId = checkId('floor', request.params.floorId);
      const owner = await ctx.db.query<{ org_id: string }>('SELECT p.org_id FROM floors f JOIN projects p ON p.id = f.project_id WHERE f.id = $1', [floorId]);
      if (owner.rows[0]?.org_id !== device.orgId) throw new ApiError(404, `No floor with id ${floorId}`);
      const track = await importTrackUpload(ctx, request, {
        floorId,
        source: 'device',
        deviceId: device.deviceId,
        createdBy: null,
        process: request.query.process ?? true,
      });
      return reply.code(201).send(track);
    },
  );
}
