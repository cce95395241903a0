/** A simulated walk on a generated floor, processed, with the model's noiseless signal to compare against. */
import { generateLayout, surveyRoute, type SiteLayout } from '../../../../server/api/demo/site-layout.js';
import { placeAccessPoints, simulateWalk, toPixels, trueSignal, type AccessPoint } from '../../../../server/api/demo/walk-simulator.js';
import { SeededRandom } from '../../../../server/api/demo/random.js';
import { processTrack } from '../../../../server/api/tracks/processing/process-track.js';
import type { ProcessingResult } from '../../../../server/api/tracks/processing/result-types.js';
import { NO_DATA } from '../../../../server/api/tracks/processing/grid.js';
import type { SampleTable } from '../../../../server/api/tracks/import/sample-table.js';

export const PX_PER_M = 20;

export interface Scenario {
  layout: SiteLayout;
  aps: AccessPoint[];
  samples: SampleTable;
  image: { width: number; height: number };
}

export function scenario(seed: number, scanIntervalS = 0.5): Scenario {
  const layout = generateLayout(seed);
  const aps = placeAccessPoints(layout, seed + 1);
  const walk = simulateWalk(layout, aps, { route: surveyRoute(layout), seed: seed + 2, scanIntervalS });
  return {
    layout,
    aps,
    samples: toPixels(walk.samples, PX_PER_M),
    image: { width: Math.round(layout.widthM * PX_PER_M), height: Math.round(layout.heightM * PX_PER_M) },
  };
}

export function process(s: Scenario): ProcessingResult {
  return processTrack(s.samples, { image: s.image, metresPerPixel: 1 / PX_PER_M, calibrated: true });
}

/** Points within `maxDistanceM` of the walked route (the area a survey claims to describe), none on a sample. */
export function heldOutPoints(s: Scenario, count: number, maxDistanceM: number, seed: number): { x: number; y: number }[] {
  const rng = new SeededRandom(seed);
  const route = surveyRoute(s.layout);
  const points: { x: number; y: number }[] = [];
  while (points.length < count) {
    const k = rng.int(0, route.length - 2);
    const a = route[k]!;
    const b = route[k + 1]!;
    const f = rng.next();
    const angle = rng.between(0, 2 * Math.PI);
    const r = rng.between(0.3, maxDistanceM);
    const x = a.x + f * (b.x - a.x) + r * Math.cos(angle);
    const y = a.y + f * (b.y - a.y) + r * Math.sin(angle);
    if (x > 0.2 && y > 0.2 && x < s.layout.widthM - 0.2 && y < s.layout.heightM - 0.2) points.push({ x, y });
  }
  return points;
}

/** Mean absolute error of per-network grids at held-out points where the true signal is at least `floorDbm`. */
export function networkError(s: Scenario, result: ProcessingResult, points: { x: number; y: number }[], floorDbm = -85): { mae: number; compared: number } {
  const { cols, cellSizeM } = result.grid;
  let sum = 0;
  let n = 0;
  for (const net of result.networks) {
    const ap = s.aps.find((a) => a.radios.some((r) => r.bssid === net.networkId))!;
    const radio = ap.radios.find((r) => r.bssid === net.networkId)!;
    for (const p of points) {
      const truth = trueSignal(s.layout, ap, radio, p.x, p.y);
      if (truth < floorDbm) continue;
      const v = net.grid![Math.floor(p.y / cellSizeM) * cols + Math.floor(p.x / cellSizeM)]!;
      if (v === NO_DATA) continue;
      sum += Math.abs(v - truth);
      n++;
    }
  }
  return { mae: sum / n, compared: n };
}

/** The same for the best server of a layer against the strongest true signal. */
export function bestServerError(s: Scenario, result: ProcessingResult, points: { x: number; y: number }[]): { mae: number; compared: number } {
  const layer = result.layers[0]!;
  const { cols, cellSizeM } = result.grid;
  let sum = 0;
  let n = 0;
  for (const p of points) {
    let truth = -Infinity;
    for (const ap of s.aps) for (const radio of ap.radios) truth = Math.max(truth, trueSignal(s.layout, ap, radio, p.x, p.y));
    const v = layer.best[Math.floor(p.y / cellSizeM) * cols + Math.floor(p.x / cellSizeM)]!;
    if (v === NO_DATA) continue;
    sum += Math.abs(v - truth);
    n++;
  }
  return { mae: sum / n, compared: n };
}
