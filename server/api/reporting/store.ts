/** A project's reporting settings: thresholds per technology, defaults where the project set none. */
import type { Queryable } from '../../db/database.js';
import { withDefaults, type ReportingSettings, type StoredSettings } from './thresholds.js';

export interface StoredReportingSettings {
  projectId: string;
  settings: ReportingSettings;
  updatedAt: string | null;
  updatedBy: string | null;
}

export async function getReportingSettings(db: Queryable, projectId: string): Promise<StoredReportingSettings> {
  const r = await db.query<{ settings: StoredSettings; updated_at: Date; updated_by: string | null }>(
    'SELECT settings, updated_at, updated_by FROM reporting_settings WHERE project_id = $1',
    [projectId],
  );
  const row = r.rows[0];
  return {
    projectId,
    settings: withDefaults(row?.settings),
    updatedAt: row ? row.updated_at.toISOString() : null,
    updatedBy: row?.updated_by ?? null,
  };
}

/** Replaces the thresholds of the technologies given; the others keep theirs. */
export async function putReportingSettings(db: Queryable, projectId: string, settings: StoredSettings, by: string | null, now: Date): Promise<StoredReportingSettings> {
  await db.query(
    `INSERT INTO reporting_settings (project_id, settings, updated_by, updated_at) VALUES ($1, $2::jsonb, $3, $4)
     ON CONFLICT (project_id) DO UPDATE SET settings = reporting_settings.settings || EXCLUDED.settings, updated_by = $3, updated_at = $4`,
    [projectId, JSON.stringify(settings), by, now],
  );
  return getReportingSettings(db, projectId);
}
