/**
 * The device, subscription, invoice, notification and firmware routes on a Fastify instance
 * over a real database (every API migration) and a real filesystem blob store, on loopback, with
 * lists kept until a change as the API keeps them. The caller is named by a header; the identity
 * assertion is the API application's concern.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { installValidators } from '../../../server/http/validators.js';
import { cacheUntilNextWrite } from '../../../server/db/until-next-write.js';
import type { Database } from '../../../server/db/database.js';
import type { FleetContext } from '../../../server/api/fleet/context.js';
import { registerFleetRoutes } from '../../../server/api/fleet/routes.js';
import { installErrorHandling } from '../../../server/api/http/errors.js';
import { FilesystemBlobStore } from '../../../server/storage/filesystem.js';
import { listenFastify } from '../../support/listen.js';
import { openSurveyDb } from './survey/survey-db.js';

export const CALLER_HEADER = 'x-test-caller';
export const DEFAULT_CALLER = '00000000-0000-4000-8000-000000000001';
/** Opening PGlite and migrating takes seconds alone and far longer beside other suites. */
export const STARTUP_MS = 120_000;

export interface FleetTestApp {
  app: FastifyInstance;
  db: Database;
  ctx: FleetContext;
  blobRoot: string;
  /** Blob files, staging area included: what an upload left behind. */
  blobFiles(): Promise<string[]>;
  /** Moves the clock the routes see (subscription periods, invoices). */
  setNow(date: Date): void;
  close(): Promise<void>;
}

export async function startFleetApp(backend?: string): Promise<FleetTestApp> {
  const opened = await openSurveyDb(backend);
  // Every write of the tests goes through this handle too, as every write of the API does.
  const { db, answers, close: stopHearingChanges } = await cacheUntilNextWrite(opened.db);
  const blobRoot = await mkdtemp(path.join(os.tmpdir(), 'sitewave-fleet-blobs-'));
  const blobs = await FilesystemBlobStore.open(blobRoot);
  let now: Date | undefined;
  const ctx: FleetContext = {
    db,
    answers,
    blobs,
    now: () => now ?? new Date(),
    callerId: (request) => String(request.headers[CALLER_HEADER] ?? DEFAULT_CALLER),
  };
  // Unknown fields are refused, not silently dropped.
  const app = Fastify({ logger: false });
  installValidators(app);
  installErrorHandling(app);
  await registerFleetRoutes(app, ctx);
  await listenFastify(app);
  return {
    app,
    db,
    ctx,
    blobRoot,
    async blobFiles() {
      const entries = await readdir(blobRoot, { recursive: true, withFileTypes: true });
      return entries.filter((d) => d.isFile()).map((d) => path.relative(blobRoot, path.join(d.parentPath, d.name)));
    },
    setNow(date) {
      now = date;
    },
    async close() {
      await app.close();
      await stopHearingChanges();
      await opened.close();
      await rm(blobRoot, { recursive: true, force: true });
    },
  };
}
