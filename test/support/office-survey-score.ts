/** Scores a processed office survey at held-out points against the true local mean, per distance from the walked route. */
import { NO_DATA } from '../../server/api/tracks/processing/grid.js';
import type { ProcessingResult } from '../../server/api/tracks/processing/result-types.js';
import { SIGMA_SCALE } from '../../server/api/tracks/processing/prediction/predict-network.js';
import type { OfficeSurvey } from './office-survey.js';

export const BANDS = [
  { name: 'within 2 m of the route', from: 0, to: 2 },
  { name: '2–5 m (rooms beside the corridor)', from: 2, to: 5 },
  { name: 'beyond 5 m (rooms nobody entered)', from: 5, to: Infinity },
] as const;

export interface LayerScore {
  /** Share of compared points the layer draws, %. */
  drawn: number;
  mae: number;
  rmse: number;
  /** Share of errors within the stated σ, % (predicted layer only). */
  withinSigma: number;
}

export interface BandScore {
  band: string;
  points: number;
  measured: LayerScore;
  predicted: LayerScore;
}

/** As the demo's ground truth (test/server/api/survey/ground-truth.ts): below this nothing is designed for, and near the
 * receiver's sensitivity (−92 dBm here) only the readings fading lifted are recorded, so both layers read high there. */
const FLOOR_DBM = -85;

export function scoreOffice(survey: OfficeSurvey, result: ProcessingResult, points: readonly { x: number; y: number }[]): BandScore[] {
  const { cols, cellSizeM } = result.grid;
  return BANDS.map((band) => {
    const acc = { m: [0, 0, 0, 0] as [number, number, number, number], p: [0, 0, 0, 0] as [number, number, number, number], total: 0 };
    for (const pt of points) {
      const dist = survey.distanceToRoute(pt.x, pt.y);
      if (dist < band.from || dist >= band.to) continue;
      const cell = Math.floor(pt.y / cellSizeM) * cols + Math.floor(pt.x / cellSizeM);
      for (const net of result.networks) {
        const truth = survey.truth(net.networkId, pt.x, pt.y);
        if (truth < FLOOR_DBM) continue;
        acc.total++;
        const m = net.grid?.[cell];
        if (m !== undefined && m !== NO_DATA) {
          const e = m - truth;
          acc.m[0]++;
          acc.m[1] += Math.abs(e);
          acc.m[2] += e * e;
        }
        const p = net.predicted?.[cell];
        if (p !== undefined && p !== NO_DATA) {
          const e = p - truth;
          acc.p[0]++;
          acc.p[1] += Math.abs(e);
          acc.p[2] += e * e;
          if (Math.abs(e) <= net.predictedSigma![cell]! / SIGMA_SCALE) acc.p[3]++;
        }
      }
    }
    const layer = (a: [number, number, number, number], sigma: boolean): LayerScore => ({
      drawn: acc.total ? (100 * a[0]) / acc.total : 0,
      mae: a[0] ? a[1] / a[0] : NaN,
      rmse: a[0] ? Math.sqrt(a[2] / a[0]) : NaN,
      withinSigma: a[0] && sigma ? (100 * a[3]) / a[0] : NaN,
    });
    return { band: band.name, points: acc.total, measured: layer(acc.m, false), predicted: layer(acc.p, true) };
  });
}

export function scoreTable(scores: readonly BandScore[]): string {
  const f = (v: number) => (Number.isNaN(v) ? '—' : v.toFixed(1));
  const rows = scores.map(
    (s) =>
      `| ${s.band} | ${s.points} | ${f(s.measured.drawn)} % | ${s.measured.drawn ? `${f(s.measured.mae)} / ${f(s.measured.rmse)} dB` : '—'} | ${f(s.predicted.drawn)} % | ${f(s.predicted.mae)} / ${f(s.predicted.rmse)} dB | ${f(s.predicted.withinSigma)} % |`,
  );
  return [
    '| where | comparisons | measured: drawn | measured (IDW): MAE / RMSE | predicted: drawn | predicted: MAE / RMSE | errors within stated σ |',
    '|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}
