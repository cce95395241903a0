import { describe, expect, it } from 'vitest';
import { processTrack } from '../../../../server/api/tracks/processing/process-track.js';
import { gridFor, MAX_CELLS, NO_DATA } from '../../../../server/api/tracks/processing/grid.js';
import { defaultThresholds } from '../../../../server/api/reporting/thresholds.js';
import { SampleTableBuilder } from '../../../../server/api/tracks/import/sample-table.js';
import { bestServerError, heldOutPoints, networkError, process, PX_PER_M, scenario } from './ground-truth.js';

describe('processing against a simulated walk with known ground truth', () => {
  const s = scenario(7);
  const result = process(s);
  const points = heldOutPoints(s, 400, 2, 99);

  // IDW (power 2, radius 5 m, 0.5 m cells) within 2 m of the walked route, where the true signal
  // is -85 dBm or more, with 3 dB Gaussian shadowing in the samples. Measured: about 1.5–2 dB.
  it('interpolates each network within 3 dB mean absolute error at held-out points', () => {
    const { mae, compared } = networkError(s, result, points);
    expect(compared).toBeGreaterThan(1000);
    expect(mae).toBeLessThan(3);
  });

  it('interpolates the best server within 3 dB mean absolute error', () => {
    const { mae, compared } = bestServerError(s, result, points);
    expect(compared).toBeGreaterThan(350);
    expect(mae).toBeLessThan(3);
  });

  it('would notice misplaced samples: the same walk mirrored left to right misses by far more', () => {
    const mirrored = { ...s.samples, x: s.samples.x.map((x) => s.image.width - x) };
    const wrong = processTrack(mirrored, { image: s.image, metresPerPixel: 1 / PX_PER_M, calibrated: true });
    expect(networkError(s, wrong, points).mae).toBeGreaterThan(6);
  });

  it('reports per-network statistics from the samples', () => {
    expect(result.networks).toHaveLength(8);
    for (const net of result.networks) {
      const signals: number[] = [];
      for (let i = 0; i < s.samples.count; i++) if (s.samples.network[i] === net.index) signals.push(s.samples.signalDbm[i]!);
      expect(net.samples).toBe(signals.length);
      expect(net.minSignalDbm).toBe(Math.min(...signals));
      expect(net.maxSignalDbm).toBe(Math.max(...signals));
      expect(net.meanSignalDbm).toBeCloseTo(signals.reduce((a, b) => a + b, 0) / signals.length, 1);
      expect(net.meanNoiseDbm).toBeCloseTo(-95, 0);
      expect(net.coveragePercent).toBeGreaterThanOrEqual(0);
      expect(net.coveragePercent).toBeLessThanOrEqual(100);
    }
    expect(result.method).toEqual({ interpolation: 'idw', power: 2, radiusM: 5, cellSizeM: 0.5 });
  });

  it('reports channel usage: three 2.4 GHz channels shared by four access points', () => {
    const ch24 = result.channels.filter((c) => c.band === '2.4GHz');
    expect(ch24.map((c) => c.channel)).toEqual([1, 6, 11]);
    expect(ch24.map((c) => c.networks)).toEqual([2, 1, 1]);
    expect(ch24[0]!.maxOverlap).toBe(2);
    expect(ch24[1]!.maxOverlap).toBe(1);
  });

  it('moves coverage with the thresholds, and applies the band filter', () => {
    const strict = processTrack(s.samples, {
      image: s.image,
      metresPerPixel: 1 / PX_PER_M,
      calibrated: true,
      settings: { wifi6: { ...defaultThresholds('wifi6'), minSignalDbm: -50, minSecondaryDbm: -55, minServing: 2 } },
    });
    const base = result.layers[0]!.coverage;
    const tight = strict.layers[0]!.coverage;
    expect(tight.surveyedCells).toBe(base.surveyedCells);
    expect(tight.signalPercent).toBeLessThan(base.signalPercent);
    expect(tight.secondaryPercent).toBeLessThan(base.secondaryPercent!);
    expect(tight.servingPercent).toBeLessThan(base.servingPercent);
    expect(tight.percent).toBeLessThanOrEqual(Math.min(tight.signalPercent, tight.secondaryPercent!, tight.servingPercent));

    const only5 = processTrack(s.samples, {
      image: s.image,
      metresPerPixel: 1 / PX_PER_M,
      calibrated: true,
      settings: { wifi6: { ...defaultThresholds('wifi6'), bands: ['5GHz'] } },
    });
    const layer = only5.layers[0]!;
    expect(layer.networks.every((n) => only5.networks[n]!.band === '5GHz')).toBe(true);
    for (let c = 0; c < layer.bestNetwork.length; c++) {
      const b = layer.bestNetwork[c]!;
      if (b !== 0xffff) expect(only5.networks[b]!.band).toBe('5GHz');
    }
    expect(only5.channels.every((c) => c.band === '5GHz')).toBe(true);
  });

  it('counts co-channel networks heard at the best server and fails cells over the limit', () => {
    // Two networks on one channel, heard equally everywhere they were sampled.
    const b = new SampleTableBuilder();
    const a = b.networkFor({ technology: 'wifi5', networkId: '02:00:00:00:00:01', name: 'A', channel: 36, frequencyMHz: 5180, band: '5GHz' });
    const c = b.networkFor({ technology: 'wifi5', networkId: '02:00:00:00:00:02', name: 'B', channel: 36, frequencyMHz: 5180, band: '5GHz' });
    for (let i = 0; i < 50; i++) {
      b.append(i, 20 + i, 20, a, -50, -95, Number.NaN);
      b.append(i, 20 + i, 20, c, -60, -95, Number.NaN);
    }
    const settings = { wifi5: { ...defaultThresholds('wifi5'), maxCoChannel: 0 } };
    const r = processTrack(b.finish(), { image: { width: 100, height: 40 }, metresPerPixel: 0.1, calibrated: true, settings });
    const layer = r.layers[0]!;
    expect(layer.coverage.surveyedCells).toBeGreaterThan(0);
    expect(layer.coverage.coChannelPercent).toBe(0);
    expect(layer.coverage.percent).toBe(0);
    expect(layer.coverage.signalPercent).toBe(100);
    const someCell = layer.bestNetwork.findIndex((n) => n !== 0xffff);
    expect(layer.bestNetwork[someCell]).toBe(a);
    expect(layer.coChannel[someCell]).toBe(1);
    expect(layer.serving[someCell]).toBe(2);
    expect(layer.snr[someCell]).toBe(45);
    expect(layer.noiseAssumed).toBe(false);
  });

  it('leaves cells out of reach of every sample without data', () => {
    const layer = result.layers[0]!;
    // The building's corners are more than 5 m from the walked route.
    expect(layer.best[0]).toBe(NO_DATA);
    expect(result.networks[0]!.grid![0]).toBe(NO_DATA);
  });

  it('coarsens the cells of a very large floor instead of growing without bound', () => {
    const g = gridFor({ width: 20_000, height: 20_000 }, 0.05);
    expect(g.cols * g.rows).toBeLessThanOrEqual(MAX_CELLS);
    expect(g.cellSizeM).toBeGreaterThan(0.5);
    expect(gridFor({ width: 800, height: 480 }, 0.05)).toEqual({ cellSizeM: 0.5, cols: 80, rows: 48, metresPerPixel: 0.05 });
  });
});

describe('processing at scale', () => {
  it('processes a 100 000-sample track in a few seconds', async () => {
    const { generateLayout, surveyRoute } = await import('../../../../server/api/demo/site-layout.js');
    const { placeAccessPoints, simulateWalk, toPixels } = await import('../../../../server/api/demo/walk-simulator.js');
    const layout = generateLayout(3, 80, 40);
    const aps = placeAccessPoints(layout, 4, 8);
    const walk = simulateWalk(layout, aps, { route: surveyRoute(layout), seed: 5, scanIntervalS: 0.25, minSamples: 100_000 });
    expect(walk.samples.count).toBeGreaterThanOrEqual(100_000);
    const samples = toPixels(walk.samples, 10);
    const t0 = performance.now();
    const r = processTrack(samples, { image: { width: 800, height: 400 }, metresPerPixel: 0.1, calibrated: true });
    const ms = performance.now() - t0;
    expect(r.sampleCount).toBe(samples.count);
    expect(r.networks.length).toBe(16);
    // Generous for a shared 2-core CI machine; typically a few hundred ms.
    expect(ms).toBeLessThan(10_000);
  });
});
