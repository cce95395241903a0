/**
 * Who owns a survey resource named only by its id: the answer to `GET /api/scopes/{kind}/{id}`
 * for floors, floor plans, tracks, photos and contacts (and projects), which the gateway and the
 * API's own permission check use to pick the organisation and project lists.
 */
import type { Queryable } from '../../db/database.js';
import { UUID } from '../../../shared/uuid.js';

export type SurveyResourceKind = 'project' | 'floor' | 'floorplan' | 'track' | 'photo' | 'contact';

export interface SurveyScope {
  orgId: string;
  projectId: string;
}

const QUERIES: Record<SurveyResourceKind, string> = {
  project: 'SELECT p.org_id, p.id AS project_id FROM projects p WHERE p.id = $1',
  floor: 'SELECT p.org_id, p.id AS project_id FROM floors f JOIN projects p ON p.id = f.project_id WHERE f.id = $1',
  floorplan: `SELECT p.org_id, p.id AS project_id FROM floorplans fp JOIN floors f ON f.id = fp.floor_id JOIN projects p ON p.id = f.project_id WHERE fp.id = $1`,
  track: `SELECT p.org_id, p.id AS project_id FROM tracks t JOIN floors f ON f.id = t.floor_id JOIN projects p ON p.id = f.project_id WHERE t.id = $1`,
  photo: `SELECT p.org_id, p.id AS project_id FROM photos ph JOIN floors f ON f.id = ph.floor_id JOIN projects p ON p.id = f.project_id WHERE ph.id = $1`,
  contact: 'SELECT p.org_id, p.id AS project_id FROM contacts c JOIN projects p ON p.id = c.project_id WHERE c.id = $1',
};

export function isSurveyResourceKind(kind: string): kind is SurveyResourceKind {
  return Object.hasOwn(QUERIES, kind);
}

/** Undefined for an unknown id (including one that is not a UUID at all). */
export async function resolveSurveyScope(db: Queryable, kind: SurveyResourceKind, id: string): Promise<SurveyScope | undefined> {
  if (!UUID.test(id)) return undefined;
  const r = await db.query<{ org_id: string; project_id: string }>(QUERIES[kind], [id]);
  const row = r.rows[0];
  return row && { orgId: row.org_id, projectId: row.project_id };
}
