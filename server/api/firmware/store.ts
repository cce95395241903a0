/** Firmware releases per device model, in the API schema; the file itself is in the blob store. */
import type { Queryable } from '../../db/database.js';
import { limitOffset, type Page, type PageArgs } from '../http/list-query.js';
import type { FirmwareRelease } from './release-schema.js';

export type { FirmwareRelease };

export interface FirmwareReleaseRow {
  id: string;
  device_model: string;
  version: string;
  change_notes: string;
  sha256: string;
  size: number;
  file_name: string;
  blob_key: string;
  created_by: string | null;
  created_at: Date;
}

export function toRelease(r: FirmwareReleaseRow): FirmwareRelease {
  return {
    id: r.id,
    deviceModel: r.device_model,
    version: r.version,
    changeNotes: r.change_notes,
    sha256: r.sha256,
    size: Number(r.size),
    fileName: r.file_name,
    createdBy: r.created_by,
    createdAt: r.created_at.toISOString(),
  };
}

export async function releaseExists(db: Queryable, deviceModel: string, version: string): Promise<boolean> {
  const r = await db.query('SELECT 1 FROM firmware_releases WHERE device_model = $1 AND version = $2', [deviceModel, version]);
  return r.rowCount > 0;
}

export async function insertRelease(tx: Queryable, row: FirmwareReleaseRow): Promise<FirmwareRelease> {
  const r = await tx.query<FirmwareReleaseRow>(
    `INSERT INTO firmware_releases (id, device_model, version, change_notes, sha256, size, file_name, blob_key, created_by, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *`,
    [row.id, row.device_model, row.version, row.change_notes, row.sha256, row.size, row.file_name, row.blob_key, row.created_by, row.created_at],
  );
  return toRelease(r.rows[0]!);
}

/** The deleted release's blob key, for removal after the transaction commits. */
export async function deleteRelease(tx: Queryable, id: string): Promise<string | undefined> {
  const r = await tx.query<{ blob_key: string }>('DELETE FROM firmware_releases WHERE id = $1 RETURNING blob_key', [id]);
  return r.rows[0]?.blob_key;
}

export interface ReleaseFilter {
  deviceModel?: string;
  version?: string;
}

export async function listReleases(db: Queryable, filter: ReleaseFilter, args: PageArgs): Promise<Page<FirmwareRelease>> {
  const params: unknown[] = [];
  const where = ['true'];
  if (filter.deviceModel) where.push(`device_model = $${params.push(filter.deviceModel)}`);
  if (filter.version) where.push(`version = $${params.push(filter.version)}`);
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM firmware_releases WHERE ${where.join(' AND ')}`, params);
  const rows = await db.query<FirmwareReleaseRow>(`SELECT * FROM firmware_releases WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id ${limitOffset(args, params)}`, params);
  return { items: rows.rows.map(toRelease), ...args, total: total.rows[0]!.n };
}

/** Organisations owning at least one device of the model: who hears of a new release. */
export async function orgsWithModel(db: Queryable, deviceModel: string): Promise<string[]> {
  const r = await db.query<{ org_id: string }>('SELECT DISTINCT org_id FROM devices WHERE model = $1', [deviceModel]);
  return r.rows.map((row) => row.org_id);
}
