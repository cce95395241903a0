/**
 * Firmware releases: upload (administrators), list by model (any signed-in user), delete. An
 * upload streams into the blob store while it is hashed; a file whose SHA-256 differs from
 * `fileHash`, that is cut off, or whose release would duplicate (model, version) leaves no
 * record and no blob. A release notifies every organisation owning a device of its model.
 */
import { randomUUID } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { UPLOAD_LIMITS } from '../../../shared/api-route-policy.js';
import { isUniqueViolation } from '../../db/errors.js';
import { BlobHashMismatchError } from '../../storage/blob-store.js';
import type { FleetContext } from '../fleet/context.js';
import { notifyOrgs } from '../notifications/notify.js';
import { ApiError, badRequest, checkId, conflict, notFound } from '../http/api-error.js';
import { PageQueryFields, pageArgs, type Page } from '../http/list-query.js';
import { NoContent, PageOf } from '../http/response-schemas.js';
import { failOnTruncation } from './limited-stream.js';
import { FirmwareReleaseSchema } from './release-schema.js';
import { missingFile, releaseForm } from './release-form.js';
import { deleteRelease, insertRelease, listReleases, orgsWithModel, releaseExists, type FirmwareRelease } from './store.js';

const tags = ['firmware'];
const ListQuery = Type.Object(
  {
    ...PageQueryFields,
    deviceModel: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    version: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  },
  { additionalProperties: false },
);

const duplicate = (model: string, version: string) => conflict(`Firmware ${version} for ${model} already exists`);

export async function registerFirmwareRoutes(fastify: FastifyInstance, ctx: FleetContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  // No body schema: the handler reads the multipart stream itself (release-form.ts), fields before the file.
  const summary = 'Upload a firmware release: multipart with deviceModel, changeNotes, fileHash (hex SHA-256) and optionally version, then the file in field "file"';
  app.post('/api/admin/firmware/releases', { bodyLimit: UPLOAD_LIMITS.firmware, schema: { tags, summary, response: { 201: FirmwareReleaseSchema } } }, async (request, reply) => {
    if (!request.isMultipart()) throw new ApiError(415, 'Send the release as multipart/form-data: version, changeNotes, fileHash, deviceModel, then file');
    const part = await request.file({ limits: { fileSize: UPLOAD_LIMITS.firmware, files: 1, fields: 10, fieldSize: 64 * 1024 } });
    if (!part) throw missingFile();
    let form;
    try {
      form = releaseForm(part);
      if (await releaseExists(ctx.db, form.deviceModel, form.version)) throw duplicate(form.deviceModel, form.version);
    } catch (err) {
      part.file.resume();
      throw err;
    }

    const id = randomUUID();
    const blobKey = `firmware/${id}.bin`;
    const upload = failOnTruncation(part, UPLOAD_LIMITS.firmware);
    try {
      await ctx.blobs.put(blobKey, upload, 'application/octet-stream', { sha256: form.fileHash });
    } catch (err) {
      if (err instanceof BlobHashMismatchError) {
        throw badRequest(`fileHash: the file's SHA-256 is ${err.actual}, not ${form.fileHash}; nothing was stored`, { field: 'fileHash', actual: err.actual });
      }
      throw err;
    }

    const now = ctx.now();
    try {
      const release = await ctx.db.transaction(async (tx) => {
        const created = await insertRelease(tx, {
          id,
          device_model: form.deviceModel,
          version: form.version,
          change_notes: form.changeNotes,
          sha256: form.fileHash,
          size: upload.bytes,
          file_name: form.fileName,
          blob_key: blobKey,
          created_by: ctx.callerId(request),
          created_at: now,
        });
        await notifyOrgs(tx, await orgsWithModel(tx, form.deviceModel), {
          kind: 'firmware.released',
          title: `Firmware ${form.version} for ${form.deviceModel}`,
          body: form.changeNotes,
          data: { releaseId: id, deviceModel: form.deviceModel, version: form.version },
          createdAt: now,
        });
        return created;
      });
      return reply.code(201).send(release);
    } catch (err) {
      // The blob was stored for a record that does not exist: remove it.
      await ctx.blobs.delete(blobKey);
      if (isUniqueViolation(err)) throw duplicate(form.deviceModel, form.version);
      throw err;
    }
  });

  app.get(
    '/api/firmware/releases',
    { schema: { tags, summary: 'Firmware releases (filter by device model and version)', querystring: ListQuery, response: { 200: PageOf(FirmwareReleaseSchema) } } },
    async (request): Promise<Page<FirmwareRelease>> => {
      const { deviceModel, version } = request.query;
      return listReleases(ctx.db, { deviceModel, version }, pageArgs(request.query));
    },
  );

  app.delete(
    '/api/admin/firmware/releases/:releaseId',
    { schema: { tags, summary: 'Delete a release with its file', params: Type.Object({ releaseId: Type.String() }), response: { 204: NoContent } } },
    async (request, reply) => {
      const id = checkId('firmware release', request.params.releaseId);
      const blobKey = await ctx.db.transaction((tx) => deleteRelease(tx, id));
      if (!blobKey) throw notFound('firmware release', id);
      // After the commit: a crash in between leaves an unreferenced blob, never a release without its file.
      await ctx.blobs.delete(blobKey);
      return reply.code(204).send();
    },
  );
}
