/** The decoder hands each network its predicted layer and sigma, listed after its measured grid. */
import { describe, expect, it } from 'vitest';
import { trackLayers } from '../../shared/heatmap/track-layers.js';
import type { DatasetPage } from '../../shared/heatmap/wire-types.js';

const b64 = (a: Int8Array | Uint8Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64');

describe('trackLayers with predicted layers', () => {
  it('attaches predicted and predictedSigma to their network, and leaves older walks without them', () => {
    const network = {
      index: 3,
      networkId: '02:5a:00:00:00:10',
      name: 'office',
      band: '2.4GHz',
      channel: 1,
      frequencyMHz: 2412,
      samples: 10,
      minSignalDbm: -80,
      meanSignalDbm: -60,
      maxSignalDbm: -40,
      meanNoiseDbm: null,
      meanThroughputMbps: null,
      cells: 1,
      coveredCells: 1,
      coveragePercent: 50,
    };
    const other = { ...network, index: 4, networkId: '02:5a:00:00:01:10' };
    const page = {
      grid: { cellSizeM: 0.5, cols: 2, rows: 1, metresPerPixel: 0.05 },
      method: { interpolation: 'idw', power: 2, radiusM: 5, cellSizeM: 0.5 },
      calibrated: true,
      page: 1,
      perPage: 100,
      total: 4,
      items: [
        { id: 'signal:3', kind: 'signal', technology: 'wifi6', unit: 'dBm', encoding: 'int8', noData: -128, network, values: b64(Int8Array.of(-50, -128)) },
        { id: 'predicted:3', kind: 'predicted', technology: 'wifi6', unit: 'dBm', encoding: 'int8', noData: -128, network, values: b64(Int8Array.of(-51, -70)) },
        { id: 'predictedSigma:3', kind: 'predictedSigma', technology: 'wifi6', unit: '0.1dB', encoding: 'uint8', noData: null, network, values: b64(Uint8Array.of(15, 52)) },
        { id: 'signal:4', kind: 'signal', technology: 'wifi6', unit: 'dBm', encoding: 'int8', noData: -128, network: other, values: b64(Int8Array.of(-60, -61)) },
      ],
    } as DatasetPage;
    const track = trackLayers([page]);
    expect(track.networks).toHaveLength(2);
    const [first, second] = track.networks;
    expect([...first!.layer.values]).toEqual([-50, -128]);
    expect([...first!.predicted!.values]).toEqual([-51, -70]);
    expect([...first!.predictedSigma!.values]).toEqual([15, 52]);
    expect(first!.predictedSigma!.noData).toBeNull();
    expect(second!.predicted).toBeUndefined();
    // Predicted datasets are per network, never a technology layer.
    expect(track.technologies.get('wifi6')).toBeUndefined();
  });
});
