/**
 * Walls drawn on a floor plan, used by the heatmap's predicted layer: a signal crossing a wall
 * loses that wall's `lossDb`. Ends are in the plan image's pixels (as track samples are), so a
 * wall stays where it was drawn when the plan's scale is calibrated again.
 */
export const WALL_MATERIALS = ['drywall', 'glass', 'brick', 'concrete'] as const;
export type WallMaterial = (typeof WALL_MATERIALS)[number];

/** Typical loss at 2.4–5 GHz of one wall of each material, in dB; a user may edit it per wall. */
export const WALL_MATERIAL_LOSS_DB: Readonly<Record<WallMaterial, number>> = {
  drywall: 3,
  glass: 4,
  brick: 8,
  concrete: 12,
};

export interface Wall {
  id: string;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  material: WallMaterial;
  lossDb: number;
}
