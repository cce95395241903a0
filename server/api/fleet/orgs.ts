/** The organisation a route names must exist: 404 otherwise, like any unknown id. */
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/database.js';
import { checkId, notFound } from '../http/api-error.js';

/**
 * The organisation's id once it is known to exist (404 otherwise). A request the access check
 * has passed already names it (`checkedOrgId`), which spares the statement on every org-scoped read.
 */
export async function existingOrg(db: Queryable, orgId: string, request?: Pick<FastifyRequest, 'checkedOrgId'>): Promise<string> {
  const id = checkId('organisation', orgId);
  if (request?.checkedOrgId === id) return id;
  const r = await db.query('SELECT 1 FROM orgs WHERE id = $1', [id]);
  if (r.rowCount === 0) throw notFound('organisation', orgId);
  return id;
}
