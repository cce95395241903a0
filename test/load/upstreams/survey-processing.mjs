/**
 * One processing run in a process of its own, so its peak memory is its own: simulates a walk
 * of at least N samples (argv[2]) on a generated floor (argv[3] × argv[4] m, default 80 × 40) with eight dual-band access
 * points (the route walked again until there are enough), encodes and decodes the samples as storage does, processes them, and prints one JSON
 * line: samples, networks, cells, simulate/process milliseconds (and the process's CPU milliseconds, and of the time the predicted layer's), resident set before and peak.
 */
import { performance } from 'node:perf_hooks';
import { generateLayout, surveyRoute } from '../../../dist/server/api/demo/site-layout.js';
import { placeAccessPoints, simulateWalk, toPixels } from '../../../dist/server/api/demo/walk-simulator.js';
import { decodeSampleTable, encodeSampleTable } from '../../../dist/server/api/tracks/import/sample-table.js';
import { processTrack } from '../../../dist/server/api/tracks/processing/process-track.js';
import { predictNetworks } from '../../../dist/server/api/tracks/processing/prediction/predict-networks.js';
import { sampleStats } from '../../../dist/server/api/tracks/processing/sample-stats.js';

const want = Number(process.argv[2] ?? 100_000);
const PX_PER_M = 10;
const widthM = Number(process.argv[3] ?? 80);
const heightM = Number(process.argv[4] ?? 40);
const layout = generateLayout(3, widthM, heightM);
const aps = placeAccessPoints(layout, 4, 8);
let started = performance.now();
const walk = simulateWalk(layout, aps, { route: surveyRoute(layout), seed: 5, scanIntervalS: 1, minSamples: want });
const simulateMs = performance.now() - started;
const stored = encodeSampleTable(toPixels(walk.samples, PX_PER_M));
walk.samples = undefined;
globalThis.gc?.();
const rssBefore = process.memoryUsage().rss;
const maxRssBefore = process.resourceUsage().maxRSS * 1024;
started = performance.now();
const cpuBefore = process.cpuUsage();
const samples = decodeSampleTable(stored);
const result = processTrack(samples, { image: { width: layout.widthM * PX_PER_M, height: layout.heightM * PX_PER_M }, metresPerPixel: 1 / PX_PER_M, calibrated: true });
const processMs = performance.now() - started;
// The process's own CPU time over the same span: on a busy machine the wall time also counts waiting for a core.
const cpu = process.cpuUsage(cpuBefore);
const processCpuMs = (cpu.user + cpu.system) / 1000;
// The predicted layer's share, timed on its own with the same inputs.
started = performance.now();
predictNetworks(samples, sampleStats(samples), result.grid, [], () => true);
const predictMs = performance.now() - started;
const peak = process.resourceUsage().maxRSS * 1024;
process.stdout.write(
  `${JSON.stringify({
    samples: samples.count,
    networks: result.networks.length,
    cells: result.grid.cols * result.grid.rows,
    cellSizeM: result.grid.cellSizeM,
    predictMs,
    storedBytes: stored.length,
    simulateMs,
    processMs,
    processCpuMs,
    rssBefore,
    peakRss: Math.max(peak, maxRssBefore),
    peakGrowth: Math.max(0, peak - Math.max(rssBefore, 0)),
  })}\n`,
);
