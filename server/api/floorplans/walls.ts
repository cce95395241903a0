/**
 * The walls of a floor plan on the wire and in the store. The schema refuses what JSON alone can
 * say is wrong (types, material, loss range, count); `checkWalls` what needs the plan (ends
 * within its image) or the whole set (unique ids, walls of some length).
 */
import { Type, type Static } from 'typebox';
import type { Queryable } from '../../db/database.js';
import { WALL_MATERIALS, type Wall } from '../../../shared/heatmap/walls.js';

export type { Wall };

/** Enough for a large building drawn wall by wall; beyond it a drawing is more likely a mistake or abuse. */
export const MAX_WALLS = 2000;
export const MAX_WALL_LOSS_DB = 40;

export const WallSchema = Type.Object(
  {
    id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', description: 'Chosen by the client; unique within the plan.' }),
    x1: Type.Number({ description: 'First end, image pixels.' }),
    y1: Type.Number(),
    x2: Type.Number({ description: 'Second end, image pixels.' }),
    y2: Type.Number(),
    material: Type.Enum(WALL_MATERIALS, { type: 'string', description: 'A preset; each has a typical loss (drywall 3, glass 4, brick 8, concrete 12 dB).' }),
    lossDb: Type.Number({ minimum: 0, maximum: MAX_WALL_LOSS_DB, description: 'What a signal loses crossing this wall, dB.' }),
  },
  { additionalProperties: false },
);

export const WallsSchema = Type.Object({ walls: Type.Array(WallSchema) });
export const WallsBody = Type.Object({ walls: Type.Array(WallSchema, { maxItems: MAX_WALLS }) }, { additionalProperties: false });
export type WallsBody = Static<typeof WallsBody>;

export class WallError extends Error {
  override name = 'WallError';
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** Checks walls against the image they are drawn on; throws naming the field at fault. */
export function checkWalls(walls: readonly Wall[], image: { width: number; height: number }): void {
  const ids = new Set<string>();
  for (const [i, w] of walls.entries()) {
    if (ids.has(w.id)) throw new WallError(`walls[${i}].id`, `"${w.id}" is the id of an earlier wall`);
    ids.add(w.id);
    for (const key of ['x1', 'y1', 'x2', 'y2'] as const) {
      const v = w[key];
      if (!Number.isFinite(v)) throw new WallError(`walls[${i}].${key}`, 'must be a finite number');
      const limit = key.startsWith('x') ? image.width : image.height;
      if (v < 0 || v > limit) throw new WallError(`walls[${i}].${key}`, `${v} lies outside the ${image.width}×${image.height} image`);
    }
    if (Math.hypot(w.x2 - w.x1, w.y2 - w.y1) < 1) throw new WallError(`walls[${i}]`, 'the two ends must be at least one pixel apart');
    if (!Number.isFinite(w.lossDb) || w.lossDb < 0 || w.lossDb > MAX_WALL_LOSS_DB) throw new WallError(`walls[${i}].lossDb`, `must be between 0 and ${MAX_WALL_LOSS_DB} dB`);
  }
}

/** Only the fields of a wall, in a fixed order: what is stored and what processing hashes. */
export function normaliseWalls(walls: readonly Wall[]): Wall[] {
  return walls.map(({ id, x1, y1, x2, y2, material, lossDb }) => ({ id, x1, y1, x2, y2, material, lossDb }));
}

export async function getWalls(db: Queryable, floorplanId: string): Promise<Wall[] | undefined> {
  return (await db.query<{ walls: Wall[] }>('SELECT walls FROM floorplans WHERE id = $1', [floorplanId])).rows[0]?.walls;
}

/**
 * Replaces the set (call inside a transaction: the row is locked while compared) and answers
 * whether it differs from what was stored, compared as jsonb so key order does not count.
 */
export async function replaceWalls(db: Queryable, floorplanId: string, walls: readonly Wall[], now: Date): Promise<{ walls: Wall[]; changed: boolean } | undefined> {
  const stored = normaliseWalls(walls);
  const json = JSON.stringify(stored);
  const before = (await db.query<{ same: boolean }>('SELECT walls = $2::jsonb AS same FROM floorplans WHERE id = $1 FOR UPDATE', [floorplanId, json])).rows[0];
  if (!before) return undefined;
  if (before.same) return { walls: stored, changed: false };
  await db.query('UPDATE floorplans SET walls = $2::jsonb, updated_at = $3 WHERE id = $1', [floorplanId, json, now]);
  return { walls: stored, changed: true };
}
