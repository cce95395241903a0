/**
 * An independent simulated site survey, of the kind the predicted layer is judged on (issue 18),
 * deliberately unlike the demo's simulator: a 60 × 40 m office of walled rooms off two corridors,
 * six dual-band access points inside rooms, spatially correlated shadowing (σ 4 dB, correlation
 * length 3 m, one field per access point shared by its two radios plus a smaller per-radio part),
 * 2 dB fast fading per reading, and a surveyor who walks the corridors only.
 *
 * The walls handed to processing carry the material preset's loss, while each real wall's loss
 * differs from its preset by up to ±30 %: a user draws "brick", not "brick of 7.3 dB".
 * The output is what a user would upload: a CSV in the track import format.
 */
import { SeededRandom } from '../../server/api/demo/random.js';
import { WALL_MATERIAL_LOSS_DB, type Wall, type WallMaterial } from '../../shared/heatmap/walls.js';

export const OFFICE = { widthM: 60, heightM: 40, pxPerM: 20 } as const;
/** Corridors: horizontal bands, y from–to in metres, and the link between them at x 29–31. */
const CORRIDORS = [
  [12, 14.5],
  [25.5, 28],
] as const;
const LINK = [29, 31] as const;
const ROOM_WIDTH_M = 6;
const SENSITIVITY_DBM = -92;

interface TrueWall {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  material: WallMaterial;
  lossDb: number;
}

interface Radio {
  bssid: string;
  ssid: string;
  channel: number;
  frequencyMHz: number;
  band: '2.4GHz' | '5GHz';
  p0Dbm: number;
  exponent: number;
  ownField: ShadowField;
}

export interface OfficeAccessPoint {
  x: number;
  y: number;
  field: ShadowField;
  radios: Radio[];
}

/** A Gaussian random field with squared-exponential covariance, by random Fourier features (exact covariance in the limit, smooth and cheap). */
class ShadowField {
  private readonly wx: Float64Array;
  private readonly wy: Float64Array;
  private readonly phase: Float64Array;
  private readonly amp: number;

  constructor(rng: SeededRandom, sigmaDb: number, lengthM: number, features = 256) {
    this.wx = new Float64Array(features);
    this.wy = new Float64Array(features);
    this.phase = new Float64Array(features);
    for (let k = 0; k < features; k++) {
      this.wx[k] = rng.gaussian() / lengthM;
      this.wy[k] = rng.gaussian() / lengthM;
      this.phase[k] = rng.between(0, 2 * Math.PI);
    }
    this.amp = sigmaDb * Math.sqrt(2 / features);
  }

  at(x: number, y: number): number {
    let s = 0;
    for (let k = 0; k < this.wx.length; k++) s += Math.cos(this.wx[k]! * x + this.wy[k]! * y + this.phase[k]!);
    return this.amp * s;
  }
}

export interface OfficeSurvey {
  csv: string;
  image: { width: number; height: number };
  metresPerPixel: number;
  /** As drawn by a user, in image pixels. */
  walls: Wall[];
  aps: OfficeAccessPoint[];
  /** The walked route in metres. */
  route: { x: number; y: number }[];
  readings: number;
  /** The true local mean (path loss, walls, shadowing; no fast fading) of a radio at a point in metres. */
  truth(bssid: string, x: number, y: number): number;
  /** Distance in metres from a point to the walked route. */
  distanceToRoute(x: number, y: number): number;
}

function buildWalls(rng: SeededRandom): TrueWall[] {
  const walls: TrueWall[] = [];
  const add = (x1: number, y1: number, x2: number, y2: number, material: WallMaterial) => {
    const preset = WALL_MATERIAL_LOSS_DB[material];
    walls.push({ x1, y1, x2, y2, material, lossDb: preset * rng.between(0.7, 1.3) });
  };
  const { widthM, heightM } = OFFICE;
  // Outer walls: concrete.
  add(0, 0, widthM, 0, 'concrete');
  add(0, heightM, widthM, heightM, 'concrete');
  add(0, 0, 0, heightM, 'concrete');
  add(widthM, 0, widthM, heightM, 'concrete');
  // Corridor walls with a 1 m door per room, doors at a random place along the room.
  for (const [y0, y1] of CORRIDORS) {
    for (const y of [y0, y1]) {
      for (let x = 0; x < widthM; x += ROOM_WIDTH_M) {
        const isLink = (y === CORRIDORS[0][1] || y === CORRIDORS[1][0]) && x < LINK[1] && x + ROOM_WIDTH_M > LINK[0];
        const material: WallMaterial = rng.next() < 0.3 ? 'glass' : 'drywall';
        if (isLink) {
          add(x, y, LINK[0], y, material);
          add(LINK[1], y, x + ROOM_WIDTH_M, y, material);
          continue;
        }
        const door = x + rng.between(0.5, ROOM_WIDTH_M - 1.5);
        add(x, y, door, y, material);
        add(door + 1, y, x + ROOM_WIDTH_M, y, material);
      }
    }
  }
  // Walls between rooms: brick or drywall; the link corridor's sides in the middle band.
  const bands = [
    [0, CORRIDORS[0][0]],
    [CORRIDORS[0][1], CORRIDORS[1][0]],
    [CORRIDORS[1][1], heightM],
  ] as const;
  for (const [b, [y0, y1]] of bands.entries()) {
    for (let x = ROOM_WIDTH_M; x < widthM; x += ROOM_WIDTH_M) {
      if (b === 1 && x === 30) {
        add(LINK[0], y0, LINK[0], y1, 'drywall');
        add(LINK[1], y0, LINK[1], y1, 'drywall');
        continue;
      }
      add(x, y0, x, y1, rng.next() < 0.35 ? 'brick' : 'drywall');
    }
  }
  return walls;
}

function crossedLoss(walls: readonly TrueWall[], ax: number, ay: number, bx: number, by: number): number {
  let loss = 0;
  for (const w of walls) {
    const d = (bx - ax) * (w.y2 - w.y1) - (by - ay) * (w.x2 - w.x1);
    if (d === 0) continue;
    const t = ((w.x1 - ax) * (w.y2 - w.y1) - (w.y1 - ay) * (w.x2 - w.x1)) / d;
    const u = ((w.x1 - ax) * (by - ay) - (w.y1 - ay) * (bx - ax)) / d;
    if (t > 0 && t < 1 && u >= 0 && u <= 1) loss += w.lossDb;
  }
  return loss;
}

function corridorRoute(): { x: number; y: number }[] {
  const [c1, c2] = CORRIDORS;
  const y1 = (c1[0] + c1[1]) / 2;
  const y2 = (c2[0] + c2[1]) / 2;
  const xl = (LINK[0] + LINK[1]) / 2;
  // Along the first corridor, down the link, along the second both ways, back up, and out to the far end of the first.
  return [
    { x: 1, y: y1 },
    { x: xl, y: y1 },
    { x: xl, y: y2 },
    { x: 1, y: y2 },
    { x: 59, y: y2 },
    { x: xl, y: y2 },
    { x: xl, y: y1 },
    { x: 59, y: y1 },
  ];
}

function segmentDistance(px: number, py: number, a: { x: number; y: number }, b: { x: number; y: number }): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const t = Math.max(0, Math.min(1, ((px - a.x) * dx + (py - a.y) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - a.x - t * dx, py - a.y - t * dy);
}

/** Rooms the access points stand in: random rooms of the three bands, at least 8 m apart. */
function placeAccessPoints(rng: SeededRandom): OfficeAccessPoint[] {
  const aps: OfficeAccessPoint[] = [];
  const bands = [
    [1, CORRIDORS[0][0] - 1],
    [CORRIDORS[0][1] + 1, CORRIDORS[1][0] - 1],
    [CORRIDORS[1][1] + 1, OFFICE.heightM - 1],
  ] as const;
  const channels24 = [1, 6, 11];
  const channels5 = [36, 52, 100, 116, 132, 149];
  while (aps.length < 6) {
    const [y0, y1] = bands[aps.length % 3]!;
    const room = rng.int(0, 9);
    if (room === 5 && aps.length % 3 === 1) continue; // the link corridor
    const x = room * ROOM_WIDTH_M + rng.between(1, ROOM_WIDTH_M - 1);
    const y = rng.between(y0, y1);
    if (aps.some((a) => Math.hypot(a.x - x, a.y - y) < 8)) continue;
    const k = aps.length;
    const field = new ShadowField(rng, 4 * Math.sqrt(0.8), 3);
    const mac = (b: number) => `02:5a:00:00:${String(k).padStart(2, '0')}:${String(b).padStart(2, '0')}`;
    const c24 = channels24[k % 3]!;
    const c5 = channels5[k]!;
    aps.push({
      x,
      y,
      field,
      radios: [
        {
          bssid: mac(10),
          ssid: 'office',
          channel: c24,
          frequencyMHz: 2407 + 5 * c24,
          band: '2.4GHz',
          p0Dbm: rng.between(-38, -32),
          exponent: rng.between(2.2, 3.0),
          ownField: new ShadowField(rng, 4 * Math.sqrt(0.2), 3),
        },
        {
          bssid: mac(50),
          ssid: 'office',
          channel: c5,
          frequencyMHz: 5000 + 5 * c5,
          band: '5GHz',
          p0Dbm: rng.between(-46, -40),
          exponent: rng.between(2.6, 3.4),
          ownField: new ShadowField(rng, 4 * Math.sqrt(0.2), 3),
        },
      ],
    });
  }
  return aps;
}

export interface OfficeOptions {
  seed: number;
  /** Metres walked between two scans. */
  stepM?: number;
  /** Repeat the walk this many times (for large tracks). */
  laps?: number;
}

export function officeSurvey({ seed, stepM = 0.5, laps = 1 }: OfficeOptions): OfficeSurvey {
  const rng = new SeededRandom(seed);
  const trueWalls = buildWalls(rng);
  const aps = placeAccessPoints(rng);
  const route = corridorRoute();
  const px = OFFICE.pxPerM;
  const radios = new Map(aps.flatMap((ap) => ap.radios.map((r) => [r.bssid, { ap, r }] as const)));
  const truth = (bssid: string, x: number, y: number): number => {
    const { ap, r } = radios.get(bssid)!;
    const d = Math.max(1, Math.hypot(x - ap.x, y - ap.y));
    return r.p0Dbm - 10 * r.exponent * Math.log10(d) - crossedLoss(trueWalls, ap.x, ap.y, x, y) + ap.field.at(x, y) + r.ownField.at(x, y);
  };
  const lines = ['time,x,y,technology,bssid,ssid,channel,frequency,band,rssi'];
  let time = 1_700_000_000;
  let readings = 0;
  for (let lap = 0; lap < laps; lap++) {
    for (let s = 0; s + 1 < route.length; s++) {
      const a = route[s]!;
      const b = route[s + 1]!;
      const len = Math.hypot(b.x - a.x, b.y - a.y);
      for (let walked = 0; walked < len; walked += stepM) {
        // The surveyor wanders a little across the corridor.
        const x = a.x + ((b.x - a.x) * walked) / len + rng.gaussian() * 0.2;
        const y = a.y + ((b.y - a.y) * walked) / len + rng.gaussian() * 0.2;
        time += 0.5;
        for (const ap of aps) {
          for (const r of ap.radios) {
            const rssi = truth(r.bssid, x, y) + 2 * rng.gaussian();
            if (rssi < SENSITIVITY_DBM) continue;
            readings++;
            lines.push(`${time.toFixed(1)},${(x * px).toFixed(1)},${(y * px).toFixed(1)},wifi6,${r.bssid},${r.ssid},${r.channel},${r.frequencyMHz},${r.band},${Math.round(rssi)}`);
          }
        }
      }
    }
  }
  const walls: Wall[] = trueWalls.map((w, i) => ({
    id: `w${i}`,
    x1: w.x1 * px,
    y1: w.y1 * px,
    x2: w.x2 * px,
    y2: w.y2 * px,
    material: w.material,
    lossDb: WALL_MATERIAL_LOSS_DB[w.material],
  }));
  return {
    csv: lines.join('\n') + '\n',
    image: { width: OFFICE.widthM * px, height: OFFICE.heightM * px },
    metresPerPixel: 1 / px,
    walls,
    aps,
    route,
    readings,
    truth,
    distanceToRoute: (x, y) => {
      let best = Infinity;
      for (let s = 0; s + 1 < route.length; s++) best = Math.min(best, segmentDistance(x, y, route[s]!, route[s + 1]!));
      return best;
    },
  };
}

/** Held-out points spread over the floor, away from the outer walls. */
export function heldOutPoints(seed: number, count: number): { x: number; y: number }[] {
  const rng = new SeededRandom(seed);
  return Array.from({ length: count }, () => ({ x: rng.between(0.5, OFFICE.widthM - 0.5), y: rng.between(0.5, OFFICE.heightM - 0.5) }));
}
