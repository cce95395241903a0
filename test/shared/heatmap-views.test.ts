import { describe, expect, it } from 'vitest';
import type { Dataset, DatasetNetwork } from '../../shared/heatmap/wire-types.js';
import { bandIndex, bandsOf } from '../../shared/heatmap/colour-bands.js';
import { decodeLayer, valueAt } from '../../shared/heatmap/grid-values.js';
import type { TrackLayers } from '../../shared/heatmap/track-layers.js';
import { paintCells, uncertaintyAlpha } from '../../shared/heatmap/paint-cells.js';
import { computeView, hasPredicted, shareMeeting } from '../../shared/heatmap/views.js';
import { int8, NO, thresholds, uint8 } from '../support/heatmap-fixtures.js';

const grid = { cellSizeM: 0.5, cols: 3, rows: 1, metresPerPixel: 0.05 };
const network = (index: number, band: string, channel: number): DatasetNetwork =>
  ({ index, networkId: `02:00:00:00:00:0${index}`, name: 'Office', band, channel }) as DatasetNetwork;

function track(): TrackLayers {
  return {
    grid,
    calibrated: true,
    radiusM: 5,
    technologies: new Map([['wifi6', { best: int8([-50, -70, NO]), snr: int8([40, 20, NO]), serving: uint8([3, 1, 0]), coChannel: uint8([0, 3, 0]) }]]),
    networks: [
      { technology: 'wifi6', network: network(0, '2.4GHz', 1), layer: int8([-50, -75, NO]) },
      { technology: 'wifi6', network: network(1, '5GHz', 36), layer: int8([-60, -70, NO]) },
    ],
  };
}

const filter = { technology: 'wifi6', band: '', channel: 0, network: null };

describe('heatmap views', () => {
  it('decode a base64 int8 grid and leave unmeasured cells empty', () => {
    const dataset = { id: 'best:wifi6', kind: 'best', encoding: 'int8', noData: NO, values: Buffer.from(Int8Array.from([-50, NO, -90]).buffer).toString('base64') } as Dataset;
    const layer = decodeLayer(dataset, grid);
    expect([valueAt(layer, 0, 0), valueAt(layer, 1, 0), valueAt(layer, 2, 0), valueAt(layer, 3, 0)]).toEqual([-50, null, -90, null]);
  });

  it('decode little-endian 16-bit network indexes', () => {
    const bytes = Buffer.from([0x01, 0x00, 0xff, 0xff, 0x02, 0x01]);
    const layer = decodeLayer({ id: 'bestNetwork:wifi6', kind: 'bestNetwork', encoding: 'uint16le', noData: 0xffff, values: bytes.toString('base64') } as Dataset, grid);
    expect([valueAt(layer, 0, 0), valueAt(layer, 1, 0), valueAt(layer, 2, 0)]).toEqual([1, null, 258]);
  });

  it('put a value in the band it reaches, the weakest band taking everything below', () => {
    const bands = bandsOf(thresholds.colourScale, 'project');
    expect([bandIndex(bands, -95), bandIndex(bands, -80), bandIndex(bands, -68), bandIndex(bands, -67), bandIndex(bands, -20)]).toEqual([0, 0, 0, 1, 2]);
  });

  it('show the processed best server, and the share of measured area meeting the requirement', () => {
    const view = computeView('primary', track(), filter, thresholds, 'project');
    expect([...view.values]).toEqual([-50, -70, Number.NaN]);
    expect(shareMeeting(view, 0.5)).toEqual({ cells: 2, areaM2: 0.5, percent: 50 });
  });

  it('recompute the best and second-best server for one band from the networks', () => {
    expect([...computeView('primary', track(), { ...filter, band: '5GHz' }, thresholds, 'project').values]).toEqual([-60, -70, Number.NaN]);
    expect([...computeView('secondary', track(), filter, thresholds, 'project').values]).toEqual([-60, -75, Number.NaN]);
  });

  it('name the first requirement a cell fails, and nothing where nobody measured', () => {
    const view = computeView('requirements', track(), filter, thresholds, 'project');
    // Cell 0 passes everything; cell 1 is below −67 dBm; cell 2 was not measured.
    expect([...view.values]).toEqual([0, 1, Number.NaN]);
  });

  it('fail a cell whose second-best server is too weak to roam to, counting only the bands the thresholds allow', () => {
    // Cell 0: best −50 dBm, second −60 dBm.
    expect(computeView('requirements', track(), filter, { ...thresholds, minSecondaryDbm: -55 }, 'project').values[0]).toBe(2);
    expect(computeView('requirements', track(), filter, { ...thresholds, bands: ['5GHz'] }, 'project').values[0]).toBe(2);
    const secondary = computeView('secondary', track(), filter, thresholds, 'project');
    expect([secondary.values[0], secondary.threshold]).toEqual([-60, -75]);
  });

  it('read the second-best server as processing stored it, which counts networks whose grids were not kept', () => {
    const stored = track();
    stored.technologies.get('wifi6')!.second = int8([-58, -80, NO]);
    expect([...computeView('secondary', stored, filter, thresholds, 'project').values]).toEqual([-58, -80, Number.NaN]);
    expect(computeView('requirements', stored, filter, { ...thresholds, minSignalDbm: -75 }, 'project').values[1]).toBe(2);
  });

  it('leave serving and co-channel counts empty where nobody measured, though the layer holds 0 there', () => {
    expect([...computeView('serving', track(), filter, thresholds, 'project').values]).toEqual([3, 1, Number.NaN]);
    const coChannel = computeView('coChannel', track(), filter, thresholds, 'project');
    expect(shareMeeting(coChannel, 0.5).percent).toBe(50);
  });

  it('keep the thresholds and swap only the colours for the colour-blind-safe palette', () => {
    const bands = bandsOf(thresholds.colourScale, 'viridis');
    expect(bands.map((b) => b.from)).toEqual([-80, -67, -55]);
    expect(bands.map((b) => b.colour)).toEqual(['#440154', '#21918c', '#fde725']);
  });

  it('draw the predicted layer over the whole floor, with the sigma of the network that gives each cell its value', () => {
    const t = track();
    expect(hasPredicted(t, 'wifi6')).toBe(false);
    expect(computeView('primary', t, filter, thresholds, 'project', 'predicted').layer).toBe('measured');
    t.networks[0]!.predicted = int8([-50, -75, -90]);
    t.networks[0]!.predictedSigma = uint8([15, 30, 80]);
    t.networks[1]!.predicted = int8([-60, -70, -85]);
    t.networks[1]!.predictedSigma = uint8([20, 25, 90]);
    expect(hasPredicted(t, 'wifi6')).toBe(true);
    const primary = computeView('primary', t, filter, thresholds, 'project', 'predicted');
    expect(primary.layer).toBe('predicted');
    expect([...primary.values]).toEqual([-50, -70, -85]);
    expect([...primary.sigma!].map((s) => Math.round(s * 10))).toEqual([15, 25, 90]);
    expect([...primary.sources!]).toEqual([0, 1, 1]);
    expect(shareMeeting(primary, 0.5)).toEqual({ cells: 3, areaM2: 0.75, percent: 100 / 3 });
    const secondary = computeView('secondary', t, filter, thresholds, 'project', 'predicted');
    expect([...secondary.values]).toEqual([-60, -75, -90]);
    expect([...secondary.sigma!].map((s) => Math.round(s * 10))).toEqual([20, 30, 80]);
    expect([...secondary.sources!]).toEqual([1, 0, 0]);
    const one = computeView('network', t, { ...filter, network: 1 }, thresholds, 'project', 'predicted');
    expect([...one.values]).toEqual([-60, -70, -85]);
    // SNR is processed from measurements only: the switch does not apply to it.
    const snr = computeView('snr', t, filter, thresholds, 'project', 'predicted');
    expect([snr.layer, snr.sigma]).toEqual(['measured', undefined]);
  });

  it('fade predicted cells as their sigma grows and hatch them above 6 dB, leaving measured cells solid', () => {
    expect([uncertaintyAlpha(1), uncertaintyAlpha(2), uncertaintyAlpha(6), uncertaintyAlpha(10), uncertaintyAlpha(20), uncertaintyAlpha(Number.NaN)]).toEqual([
      255, 255, 160, 64, 64, 64,
    ]);
    const bands = bandsOf(thresholds.colourScale, 'project');
    const values = Float32Array.from([-50, -50, -50, -50, -50, -50]);
    const measured = new Uint32Array(6);
    paintCells(values, bands, measured);
    expect(measured.every((w) => w >>> 24 === 255)).toBe(true);
    // Three columns, two rows: σ 1 dB on the first row, 8 dB on the second.
    const predicted = new Uint32Array(6);
    paintCells(values, bands, predicted, 255, { sigma: Float32Array.from([1, 1, 1, 8, 8, 8]), cols: 3 });
    const alphas = [...predicted].map((w) => w >>> 24);
    expect(alphas.slice(0, 3)).toEqual([255, 255, 255]);
    // (col + row) % 3 === 0 is left clear on the uncertain row: column 2 of row 1.
    expect(alphas.slice(3)).toEqual([uncertaintyAlpha(8), uncertaintyAlpha(8), 0]);
  });
});
