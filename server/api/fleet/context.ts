/**
 * What the device, subscription, invoice, notification and firmware routes need from the API
 * around them. An interface, like the survey's, so this capability does not depend on how the
 * API application wires itself (assertion check, permission enforcement).
 */
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/database.js';
import type { UntilNextWrite } from '../../db/until-next-write.js';
import type { BlobStore } from '../../storage/blob-store.js';

export interface FleetContext {
  db: Database;
  /** Device and invoice lists, and when an organisation's next renewal falls due, kept until a change. */
  answers?: UntilNextWrite;
  blobs: BlobStore;
  now(): Date;
  /** The identity id the gateway's assertion names. */
  callerId(request: FastifyRequest): string;
}
