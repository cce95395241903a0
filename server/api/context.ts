/**
 * What the administration routes need from the API around them: the database, a clock, the
 * identity service's admin API, the blob store, the origin links in e-mails point to, and the
 * outbox delivery to wake.
 */
import type { Database } from '../db/database.js';
import type { IdentityAdmin } from './identity/identity-admin.js';
import type { BlobStore } from '../storage/blob-store.js';
import type { RolePermissions } from './permissions/lists.js';
import type { KnownUsers } from './users/known-users.js';

export interface ApiContext {
  db: Database;
  now(): Date;
  identities: IdentityAdmin;
  users: KnownUsers;
  /** The caller's permission lists, from sitewave's roles in the permission engine. */
  roles: RolePermissions;
  /** Blobs of rows an organisation's deletion takes with it are removed after it commits. */
  blobs: Pick<BlobStore, 'delete'>;
  /** The origin the browser uses (the gateway's), without a trailing slash. */
  publicUrl: string;
  /** Called after a transaction that queued outbox mail commits, so delivery need not wait for its poll. */
  mailQueued?(): void;
}
