/**
 * Generated office floors for demo data and tests: an outer shell, a corridor along the middle
 * and rooms either side with a door each, all in metres. The same layout draws the floor plan
 * and attenuates the simulated radio signal, so the heatmaps agree with the walls one sees.
 */
import { SeededRandom } from './random.js';

export interface Wall {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  /** Loss of a signal crossing it at 2.4 GHz, dB (more at higher bands, see the simulator). */
  lossDb: number;
  kind: 'exterior' | 'interior' | 'glass';
}

export interface Room {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Door centre, on the corridor side. */
  door: { x: number; y: number };
}

export interface SiteLayout {
  widthM: number;
  heightM: number;
  corridor: { y0: number; y1: number };
  rooms: Room[];
  walls: Wall[];
}

const DOOR_M = 1.0;
const LOSS = { exterior: 12, interior: 4, glass: 2 } as const;

export function generateLayout(seed: number, widthM = 40, heightM = 24): SiteLayout {
  const rng = new SeededRandom(seed);
  const corridorHeight = 3;
  const y0 = (heightM - corridorHeight) / 2;
  const y1 = y0 + corridorHeight;
  const walls: Wall[] = [];
  const wall = (x1: number, yA: number, x2: number, yB: number, kind: Wall['kind']) => walls.push({ x1, y1: yA, x2, y2: yB, lossDb: LOSS[kind], kind });

  wall(0, 0, widthM, 0, 'exterior');
  wall(widthM, 0, widthM, heightM, 'exterior');
  wall(widthM, heightM, 0, heightM, 'exterior');
  wall(0, heightM, 0, 0, 'exterior');

  const rooms: Room[] = [];
  for (const side of ['north', 'south'] as const) {
    let x = 0;
    let k = 1;
    while (x < widthM - 0.01) {
      const width = Math.min(widthM - x, widthM - x < 9 ? widthM - x : rng.between(5, 8));
      const top = side === 'north' ? 0 : y1;
      const height = side === 'north' ? y0 : heightM - y1;
      const doorX = x + width / 2;
      const doorY = side === 'north' ? y0 : y1;
      rooms.push({ name: `${side === 'north' ? 'N' : 'S'}${k}`, x, y: top, width, height, door: { x: doorX, y: doorY } });
      // Corridor wall of this room, with a door gap; meeting rooms get glass.
      const kind: Wall['kind'] = rng.next() < 0.25 ? 'glass' : 'interior';
      wall(x, doorY, doorX - DOOR_M / 2, doorY, kind);
      wall(doorX + DOOR_M / 2, doorY, x + width, doorY, kind);
      if (x + width < widthM - 0.01) wall(x + width, top, x + width, top + height, 'interior');
      x += width;
      k++;
    }
  }
  return { widthM, heightM, corridor: { y0, y1 }, rooms, walls };
}

/** Loss along the straight line between two points: the sum over the walls it crosses. */
export function wallLossDb(layout: SiteLayout, ax: number, ay: number, bx: number, by: number): number {
  let loss = 0;
  for (const w of layout.walls) if (segmentsCross(ax, ay, bx, by, w.x1, w.y1, w.x2, w.y2)) loss += w.lossDb;
  return loss;
}

function segmentsCross(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, dx: number, dy: number): boolean {
  const d1 = cross(cx, cy, dx, dy, ax, ay);
  const d2 = cross(cx, cy, dx, dy, bx, by);
  const d3 = cross(ax, ay, bx, by, cx, cy);
  const d4 = cross(ax, ay, bx, by, dx, dy);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

function cross(ax: number, ay: number, bx: number, by: number, px: number, py: number): number {
  return (bx - ax) * (py - ay) - (by - ay) * (px - ax);
}

/** A walk through every room: along the corridor, in through each door to the room's centre and out again. */
export function surveyRoute(layout: SiteLayout): { x: number; y: number }[] {
  const mid = (layout.corridor.y0 + layout.corridor.y1) / 2;
  const points: { x: number; y: number }[] = [{ x: 1, y: mid }];
  const doors = [...layout.rooms].sort((a, b) => a.door.x - b.door.x || a.door.y - b.door.y);
  for (const room of doors) {
    points.push({ x: room.door.x, y: mid });
    points.push({ x: room.door.x, y: room.door.y });
    points.push({ x: room.x + room.width / 2, y: room.y + room.height / 2 });
    points.push({ x: room.door.x, y: room.door.y });
    points.push({ x: room.door.x, y: mid });
  }
  points.push({ x: layout.widthM - 1, y: mid });
  return points;
}
