import { describe, expect, it } from 'vitest';
import { processTrackOnThread } from '../../../../server/api/tracks/processing/process-on-thread.js';
import { process, PX_PER_M, scenario } from './ground-truth.js';

describe('processing on a thread of its own', () => {
  it('answers exactly what processing in place answers, grids included', async () => {
    const s = scenario(7);
    const onThread = await processTrackOnThread(s.samples, { image: s.image, metresPerPixel: 1 / PX_PER_M, calibrated: true });
    expect(onThread).toEqual(process(s));
    expect(onThread.networks.some((n) => ArrayBuffer.isView(n.predicted))).toBe(true);
  });

  it('leaves the calling thread free while it computes: requests go on being answered', async () => {
    const s = scenario(7);
    let turns = 0;
    const ticking = setInterval(() => turns++, 1);
    try {
      const turnsWhenDone = await processTrackOnThread(s.samples, { image: s.image, metresPerPixel: 1 / PX_PER_M, calibrated: true }).then(() => turns);
      expect(turnsWhenDone).toBeGreaterThan(0);
    } finally {
      clearInterval(ticking);
    }
  });

  it('fails with the computation’s own reason', async () => {
    const s = scenario(7);
    const broken = { ...s.samples, x: undefined as unknown as Float32Array };
    await expect(processTrackOnThread(broken, { image: s.image, metresPerPixel: 1 / PX_PER_M, calibrated: true })).rejects.toThrow(/Cannot read properties of undefined/);
  });
});
