import { describe, expect, it } from 'vitest';
import type { Wall } from '../../shared/heatmap/walls.js';
import { change, historyOf, newWall, removeWall, sameWalls, snapPoint, undo, updateWall } from '../../web/survey/floor/wall-drawing.js';

const wall: Wall = { id: 'a', x1: 100, y1: 100, x2: 300, y2: 100, material: 'brick', lossDb: 8 };

describe('drawing walls', () => {
  it('joins a click near an existing end exactly, the nearest end winning', () => {
    expect(snapPoint({ x: 296, y: 103 }, [wall], { radius: 10 })).toEqual({ x: 300, y: 100 });
    expect(snapPoint({ x: 285, y: 100 }, [wall], { radius: 10 })).toEqual({ x: 285, y: 100 });
    const near: Wall = { ...wall, id: 'b', x1: 305, y1: 100, x2: 305, y2: 400 };
    expect(snapPoint({ x: 304, y: 101 }, [wall, near], { radius: 10 })).toEqual({ x: 305, y: 100 });
  });

  it('keeps a wall straight across or straight down with Shift, whichever the click is nearer', () => {
    const from = { x: 50, y: 50 };
    expect(snapPoint({ x: 250, y: 70 }, [], { from, straight: true, radius: 10 })).toEqual({ x: 250, y: 50 });
    expect(snapPoint({ x: 60, y: 300 }, [], { from, straight: true, radius: 10 })).toEqual({ x: 50, y: 300 });
    expect(snapPoint({ x: 60, y: 300 }, [], { from, straight: false, radius: 10 })).toEqual({ x: 60, y: 300 });
    // An existing end beats straightening: walls meet.
    expect(snapPoint({ x: 297, y: 96 }, [wall], { from: { x: 300, y: 400 }, straight: true, radius: 10 })).toEqual({ x: 300, y: 100 });
  });

  it('gives a new wall its material’s typical loss', () => {
    expect(newWall('n', { x: 0, y: 0 }, { x: 5, y: 5 }, 'concrete')).toEqual({ id: 'n', x1: 0, y1: 0, x2: 5, y2: 5, material: 'concrete', lossDb: 12 });
  });

  it('undoes each change in turn, back to where it started and no further', () => {
    const start = historyOf([wall]);
    const added = change(start, [wall, newWall('b', { x: 0, y: 0 }, { x: 0, y: 50 }, 'glass')]);
    const edited = updateWall(added, 'b', { lossDb: 6 });
    const removed = removeWall(edited, 'a');
    expect(removed.walls.map((w) => w.id)).toEqual(['b']);
    expect(undo(removed).walls).toEqual(edited.walls);
    expect(undo(undo(removed)).walls.find((w) => w.id === 'b')?.lossDb).toBe(4);
    expect(undo(undo(undo(removed))).walls).toEqual([wall]);
    expect(undo(undo(undo(undo(removed))))).toEqual(undo(undo(undo(removed))));
  });

  it('tells unsaved changes from the saved set', () => {
    expect(sameWalls([wall], [{ ...wall }])).toBe(true);
    expect(sameWalls([wall], [{ ...wall, lossDb: 9 }])).toBe(false);
    expect(sameWalls([wall], [])).toBe(false);
  });
});
