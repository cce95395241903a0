import { describe, expect, it } from 'vitest';
import { dbmAxis, signalOverTime, timeTicks } from '../../web/survey/floor/signal-over-time.js';

describe('signalOverTime', () => {
  it('measures time from the first place and sums up the strongest signal against the requirement', () => {
    const s = signalOverTime({ time: [100, 101, 103, 106, 110], bestDbm: [-50, -70, -62, -80, -45] }, -67)!;
    expect(s.count).toBe(5);
    expect(s.durationS).toBe(10);
    expect(s.series.map((p) => p.t)).toEqual([0, 1, 3, 6, 10]);
    expect([s.minDbm, s.medianDbm, s.maxDbm]).toEqual([-80, -62, -45]);
    // -70 and -80 are below -67; a place exactly at the requirement meets it.
    expect(s.belowShare).toBeCloseTo(2 / 5);
    expect(signalOverTime({ time: [0, 1], bestDbm: [-67, -67] }, -67)!.belowShare).toBe(0);
  });

  it('takes the mean of the middle two as the median of an even count', () => {
    expect(signalOverTime({ time: [0, 1, 2, 3], bestDbm: [-40, -60, -50, -70] }, -67)!.medianDbm).toBe(-55);
  });

  it('answers nothing for a walk without places', () => {
    expect(signalOverTime({ time: [], bestDbm: [] }, -67)).toBeNull();
  });

  it('thins a long walk to at most two places per bucket and keeps every dip and peak', () => {
    const n = 5000;
    const time = Array.from({ length: n }, (_, i) => i);
    const bestDbm = time.map((i) => (i === 1234 ? -95 : i === 4321 ? -30 : -60 + (i % 7)));
    const s = signalOverTime({ time, bestDbm }, -67, 100)!;
    expect(s.series.length).toBeLessThanOrEqual(200);
    expect(s.series.some((p) => p.t === 1234 && p.dbm === -95)).toBe(true);
    expect(s.series.some((p) => p.t === 4321 && p.dbm === -30)).toBe(true);
    // Still in time order, so the line never doubles back.
    expect(s.series.every((p, i) => i === 0 || p.t >= s.series[i - 1]!.t)).toBe(true);
    // The figures come from every place, not from the thinned series.
    expect(s.minDbm).toBe(-95);
    expect(s.maxDbm).toBe(-30);
  });
});

describe('chart axes', () => {
  it('steps time in round units, about as many as asked', () => {
    expect(timeTicks(600, 5)).toEqual([0, 120, 240, 360, 480, 600]);
    expect(timeTicks(45, 4)).toEqual([0, 15, 30, 45]);
    expect(timeTicks(0, 4)).toEqual([0]);
  });

  it('frames the signal and the requirement in whole tens with room at both ends', () => {
    expect(dbmAxis({ minDbm: -80, maxDbm: -40, requirementDbm: -67 })).toEqual({ low: -90, high: -30, ticks: [-90, -80, -70, -60, -50, -40, -30] });
    // The requirement is framed even when every place is stronger.
    expect(dbmAxis({ minDbm: -55, maxDbm: -35, requirementDbm: -67 }).low).toBe(-70);
    expect(dbmAxis({ minDbm: -100, maxDbm: -20, requirementDbm: -67 }).ticks).toEqual([-100, -80, -60, -40, -20]);
  });
});
