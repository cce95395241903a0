/** Samples are 32-bit floats: the figures read from them are answered to two decimals, without float noise. */
import { describe, expect, it } from 'vitest';
import { importScanLog } from '../../../../server/api/tracks/import/formats/scan-log.js';
import { processTrack } from '../../../../server/api/tracks/processing/process-track.js';
import { trackPoints } from '../../../../server/api/tracks/points.js';
import { iwEntry, positionLine } from './fixtures/scan-logs.js';

describe('figures from 32-bit samples', () => {
  it('are -43.01, not -43.0099983215332', () => {
    const office = { bssid: '0a:1b:2c:3d:4e:01', ssid: 'Office', freq: 5180, caps: ['HT', 'VHT'] };
    const text = [
      positionLine(100, 100, '0'),
      iwEntry({ ...office, signalDbm: -43.01 }),
      positionLine(140, 100, '5'),
      iwEntry({ ...office, signalDbm: -57.37 }),
      positionLine(180, 100, '10'),
      iwEntry({ ...office, signalDbm: -61.13 }),
    ].join('\n');
    const { samples } = importScanLog(text, { imageSize: { width: 400, height: 200 } });
    // What the table holds really is noisy.
    expect(samples.signalDbm[0]).not.toBe(-43.01);
    const result = processTrack(samples, { image: { width: 400, height: 200 }, metresPerPixel: 0.05, calibrated: true });
    expect(result.networks[0]).toMatchObject({ minSignalDbm: -61.13, meanSignalDbm: -53.84, maxSignalDbm: -43.01 });
    expect(result.channels[0]).toMatchObject({ maxSignalDbm: -43.01, meanSignalDbm: -53.84 });
    expect(trackPoints(samples).bestDbm).toEqual([-43.01, -57.37, -61.13]);
  });
});
