/** The owner of a device, for `GET /api/scopes/device/{id}` and the route policy's device scope. */
import type { Queryable } from '../../db/database.js';
import { UUID } from '../../../shared/uuid.js';

/** Undefined for an unknown id, including one that is not a UUID. */
export async function resolveDeviceScope(db: Queryable, id: string): Promise<{ orgId: string } | undefined> {
  if (!UUID.test(id)) return undefined;
  const r = await db.query<{ org_id: string }>('SELECT org_id FROM devices WHERE id = $1', [id.toLowerCase()]);
  const row = r.rows[0];
  return row && { orgId: row.org_id };
}
