/** The organisation a route names must exist: 404 otherwise, like any unknown id. */
import type { Queryable } from '../../db/database.js';
import { checkId, notFound } from '../http/api-error.js';

export async function existingOrg(db: Queryable, orgId: string): Promise<string> {
  const id = checkId('organisation', orgId);
  const r = await db.query('SELECT 1 FROM orgs WHERE id = $1', [id]);
  if (r.rowCount === 0) throw notFound('organisation', orgId);
  return id;
}
