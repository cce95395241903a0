/**
 * The API's part of preparing a new database outside the running API (server/prepare-database.ts):
 * its schema migrated and, as the API itself does on a first start, the demo organisation created.
 * A demo that cannot be made is logged, as in the API, and is no reason to refuse to start.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import { migrate } from '../../db/migrate.js';
import type { BlobStore } from '../../storage/blob-store.js';
import type { SurveyContext } from '../survey/context.js';
import { apiMigrations } from '../migrations.js';
import { RolePermissions } from '../permissions/lists.js';
import { linkRoleRelationships, roleRelationshipsSchema } from '../permissions/role-relationships.js';
import { surveyBlobs } from '../survey-blobs.js';
import { ProcessingWorker } from '../tracks/processing/job.js';
import { seedDemoOrgOnFirstStart } from './demo-org.js';

/** The survey context of seeding done outside the API: no request, so no caller. */
export function seedingContext(db: Database, blobs: BlobStore, processing: ProcessingWorker): SurveyContext {
  return {
    db,
    blobs: surveyBlobs(blobs),
    now: () => new Date(),
    processing,
    callerId: () => {
      throw new Error('no caller while seeding');
    },
    isOrgMember: async () => false,
    roles: new RolePermissions(db, db, roleRelationshipsSchema(db.schema)),
  };
}

export async function prepareApiSchema(db: Database, blobs: BlobStore, log: FastifyBaseLogger): Promise<void> {
  await migrate(db, { schema: db.schema, migrations: apiMigrations });
  await linkRoleRelationships(db, roleRelationshipsSchema(db.schema));
  const processing = new ProcessingWorker(db, { onError: (err) => log.error({ err }, 'track processing failed') });
  try {
    await seedDemoOrgOnFirstStart(seedingContext(db, blobs, processing));
  } catch (err) {
    log.error({ err }, 'the demo organisation could not be created');
  } finally {
    await processing.stop();
  }
}
