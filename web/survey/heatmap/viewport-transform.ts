/**
 * Zoom and pan as one affine transform of the plan: screen = plan × scale + offset. Zooming keeps
 * the point under the pointer (or the pinch centre) where it is, as every map does.
 */
export interface Transform {
  scale: number;
  x: number;
  y: number;
}

export const MIN_ZOOM_OF_FIT = 0.5;
export const MAX_SCALE = 16;

export function fit(view: { width: number; height: number }, stage: { width: number; height: number }): Transform {
  const scale = Math.min(view.width / stage.width, view.height / stage.height) || 1;
  return { scale, x: (view.width - stage.width * scale) / 2, y: (view.height - stage.height * scale) / 2 };
}

export function zoomAt(t: Transform, factor: number, at: { x: number; y: number }, minScale: number): Transform {
  const scale = Math.min(MAX_SCALE, Math.max(minScale, t.scale * factor));
  const k = scale / t.scale;
  return { scale, x: at.x - (at.x - t.x) * k, y: at.y - (at.y - t.y) * k };
}

/** The stage point under a point of the viewport. */
export function toStage(t: Transform, at: { x: number; y: number }): { x: number; y: number } {
  return { x: (at.x - t.x) / t.scale, y: (at.y - t.y) / t.scale };
}
