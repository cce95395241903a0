/**
 * What the survey routes need from the API around them: the database, the blob store, a clock,
 * the processing worker and who is calling. Kept to an interface so the survey capability does
 * not depend on how the API application wires itself.
 */
import type { RolePermissions } from '../permissions/lists.js';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { UntilNextWrite } from '../../db/until-next-write.js';
import type { Database } from '../../db/database.js';
import type { ProcessingWorker } from '../tracks/processing/job.js';

export interface SurveyBlobs {
  /** Stores atomically: after a failure nothing is left under `key`. */
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Undefined when absent. */
  get(key: string): Promise<Readable | undefined>;
  /** Idempotent. */
  delete(key: string): Promise<void>;
}

export interface SurveyContext {
  db: Database;
  /** Answers kept until the next write through `db` (statistics); none kept without it. */
  answers?: UntilNextWrite;
  blobs: SurveyBlobs;
  now(): Date;
  processing: ProcessingWorker;
  /** The identity id the gateway's assertion names. */
  callerId(request: FastifyRequest): string;
  /** sitewave's roles in the permission engine: whose projects are whose. */
  roles: Pick<RolePermissions, 'projectsWithRole'>;
  /** Whether an identity belongs to an organisation (project users must). */
  isOrgMember(orgId: string, userId: string): Promise<boolean>;
  /**
   * The active device an upload token belongs to, with its organisation. Without it, devices
   * cannot upload tracks (the device upload route is not offered).
   */
  deviceForToken?(token: string): Promise<{ deviceId: string; orgId: string } | undefined>;
}
