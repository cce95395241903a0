/**
 * Drawing walls on a plan, without a DOM: where a click lands once snapped, and the editor's
 * history (every change is one step that undo takes back). Points are plan image pixels.
 */
import { WALL_MATERIAL_LOSS_DB, type Wall, type WallMaterial } from '../../../shared/heatmap/walls.js';
import type { PlanPoint } from '../heatmap/PlanViewport.js';

/**
 * The point a click means. Near an existing wall end it is that end, so walls meet exactly; with
 * Shift held it lies straight across or straight down from the wall's first end, whichever is
 * nearer to the click.
 */
export function snapPoint(point: PlanPoint, walls: readonly Wall[], options: { from?: PlanPoint; straight?: boolean; radius: number }): PlanPoint {
  let best: PlanPoint | null = null;
  let bestDistance = options.radius;
  for (const w of walls) {
    for (const end of [
      { x: w.x1, y: w.y1 },
      { x: w.x2, y: w.y2 },
    ]) {
      const d = Math.hypot(end.x - point.x, end.y - point.y);
      if (d <= bestDistance) {
        best = end;
        bestDistance = d;
      }
    }
  }
  if (best) return best;
  const { from } = options;
  if (options.straight && from) {
    return Math.abs(point.x - from.x) >= Math.abs(point.y - from.y) ? { x: point.x, y: from.y } : { x: from.x, y: point.y };
  }
  return point;
}

export function newWall(id: string, a: PlanPoint, b: PlanPoint, material: WallMaterial): Wall {
  return { id, x1: a.x, y1: a.y, x2: b.x, y2: b.y, material, lossDb: WALL_MATERIAL_LOSS_DB[material] };
}

/** A wall shorter than this (plan pixels) is a double click, not a wall; the API refuses it too. */
export const MIN_WALL_PX = 1;

export interface WallHistory {
  /** The walls as they are now. */
  walls: Wall[];
  /** Earlier sets, newest last. */
  past: Wall[][];
}

export const historyOf = (walls: Wall[]): WallHistory => ({ walls, past: [] });

/** Past sets kept for undo: enough for an afternoon of drawing, bounded so memory is too. */
const MAX_UNDO = 200;

export function change(history: WallHistory, walls: Wall[]): WallHistory {
  return { walls, past: [...history.past.slice(-(MAX_UNDO - 1)), history.walls] };
}

export function undo(history: WallHistory): WallHistory {
  const previous = history.past.at(-1);
  return previous ? { walls: previous, past: history.past.slice(0, -1) } : history;
}

export function updateWall(history: WallHistory, id: string, patch: Partial<Pick<Wall, 'material' | 'lossDb'>>): WallHistory {
  return change(
    history,
    history.walls.map((w) => (w.id === id ? { ...w, ...patch } : w)),
  );
}

export function removeWall(history: WallHistory, id: string): WallHistory {
  return change(
    history,
    history.walls.filter((w) => w.id !== id),
  );
}

/** Whether two sets hold the same walls in the same order (unsaved changes, compared with what the server has). */
export function sameWalls(a: readonly Wall[], b: readonly Wall[]): boolean {
  return (
    a.length === b.length &&
    a.every((w, i) => {
      const o = b[i]!;
      return w.id === o.id && w.x1 === o.x1 && w.y1 === o.y1 && w.x2 === o.x2 && w.y2 === o.y2 && w.material === o.material && w.lossDb === o.lossDb;
    })
  );
}
