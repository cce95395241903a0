import { describe, expect, it } from 'vitest';
import { canSave, pathOf, placeStop, placeTurn, positionAt, replaySpeed, scansOf, undo } from '../../web/survey/floor/walk-placement.js';

const scans = scansOf({ time: [100, 105, 111], networks: [2, 1, 2], bestDbm: [-43, -52, -68.8] });

describe('placing a walk by clicking', () => {
  it('stop and go: each click is the next scan, none beyond the last; undo takes the last back', () => {
    let clicks = placeStop([], scans, { x: 10, y: 20 });
    clicks = placeStop(clicks, scans, { x: 30, y: 20 });
    expect(clicks).toEqual([
      { time: 100, x: 10, y: 20 },
      { time: 105, x: 30, y: 20 },
    ]);
    clicks = placeStop(placeStop(clicks, scans, { x: 30, y: 60 }), scans, { x: 99, y: 99 });
    expect(clicks).toHaveLength(3);
    expect(undo(clicks)).toEqual(clicks.slice(0, 2));
    expect(canSave([])).toBe(false);
    expect(canSave(clicks)).toBe(true);
  });

  it('continuous walk: turning points at the replayed time, saved in time order, a later click at the same time winning', () => {
    const clicks = placeTurn(placeTurn(placeTurn([], 100, { x: 0, y: 0 }), 111, { x: 100, y: 0 }), 100, { x: 0, y: 10 });
    expect(pathOf(clicks)).toEqual([
      { time: 100, x: 0, y: 10 },
      { time: 111, x: 100, y: 0 },
    ]);
    // Between clicks, in proportion to time; before and after, at the nearest click.
    expect(positionAt(pathOf(clicks), 105.5)).toEqual({ x: 50, y: 5 });
    expect(positionAt(pathOf(clicks), 90)).toEqual({ x: 0, y: 10 });
    expect(positionAt(pathOf(clicks), 200)).toEqual({ x: 100, y: 0 });
    expect(positionAt([], 100)).toBeNull();
  });

  it('replays any walk in about a minute, never slower than real time', () => {
    expect(replaySpeed(0, 30)).toBe(1);
    expect(replaySpeed(0, 1200)).toBe(20);
  });
});
