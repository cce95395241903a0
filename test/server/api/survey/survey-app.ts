/**
 * The survey routes on a Fastify instance over a real database and a real filesystem blob
 * store, listening on loopback, for route tests. The caller is named by a header here; the
 * identity assertion is the API application's concern and tested there.
 */
import { mkdtemp, mkdir, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { installValidators } from '../../../../server/http/validators.js';
import { errorEnvelope } from '../../../../shared/error-envelope.js';
import type { Database } from '../../../../server/db/database.js';
import type { SurveyBlobs, SurveyContext } from '../../../../server/api/survey/context.js';
import { registerSurveyRoutes } from '../../../../server/api/survey/routes.js';
import { ProcessingWorker } from '../../../../server/api/tracks/processing/job.js';
import { listenFastify } from '../../../support/listen.js';
import { openSurveyDb } from './survey-db.js';
import { RolePermissions } from '../../../../server/api/permissions/lists.js';
import { roleRelationshipsSchema } from '../../../../server/api/permissions/role-relationships.js';

export const CALLER_HEADER = 'x-test-caller';

export function directoryBlobs(root: string): SurveyBlobs & { files(): Promise<string[]> } {
  const file = (key: string) => path.join(root, ...key.split('/'));
  return {
    async put(key, data) {
      await mkdir(path.dirname(file(key)), { recursive: true });
      const tmp = `${file(key)}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(tmp, data);
      await rename(tmp, file(key));
    },
    async get(key) {
      const stream = createReadStream(file(key));
      return new Promise((resolve, reject) => {
        stream.once('open', () => resolve(stream));
        stream.once('error', (err: NodeJS.ErrnoException) => (err.code === 'ENOENT' ? resolve(undefined) : reject(err)));
      });
    },
    async delete(key) {
      await unlink(file(key)).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
      });
    },
    async files() {
      const { readdir } = await import('node:fs/promises');
      return (await readdir(root, { recursive: true, withFileTypes: true })).filter((d) => d.isFile()).map((d) => path.relative(root, path.join(d.parentPath, d.name)));
    },
  };
}

export interface SurveyTestApp {
  app: FastifyInstance;
  db: Database;
  ctx: SurveyContext;
  blobs: ReturnType<typeof directoryBlobs>;
  close(): Promise<void>;
}

export async function startSurveyApp(backend?: string): Promise<SurveyTestApp> {
  const { db, close } = await openSurveyDb(backend);
  const blobRoot = await mkdtemp(path.join(os.tmpdir(), 'sitewave-blobs-'));
  const blobs = directoryBlobs(blobRoot);
  const processing = new ProcessingWorker(db, { pollMs: 50 });
  const ctx: SurveyContext = {
    db,
    blobs,
    now: () => new Date(),
    processing,
    callerId: (request) => String(request.headers[CALLER_HEADER] ?? '00000000-0000-4000-8000-000000000001'),
    isOrgMember: async (orgId, userId) => (await db.query('SELECT 1 FROM org_members WHERE org_id = $1 AND user_id = $2', [orgId, userId])).rowCount > 0,
    roles: new RolePermissions(db, db, roleRelationshipsSchema(db.schema)),
  };
  // Unknown fields are refused, not silently dropped.
  const app = Fastify({ logger: false });
  installValidators(app);
  app.setErrorHandler((err: Error & { statusCode?: number; details?: Record<string, unknown>; validation?: unknown }, _request, reply) => {
    const code = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    return reply.code(code).send(errorEnvelope(code, code === 500 ? 'Internal error' : err.message, err.details));
  });
  await registerSurveyRoutes(app, ctx);
  await listenFastify(app);
  processing.start();
  return {
    app,
    db,
    ctx,
    blobs,
    async close() {
      await processing.stop();
      await app.close();
      await close();
      await rm(blobRoot, { recursive: true, force: true });
    },
  };
}
