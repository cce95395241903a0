/**
 * A simulated survey walk with known ground truth. Access points sit on a generated floor; a
 * surveyor walks a route at constant speed and scans at a fixed interval; each scan hears every
 * radio above the receiver's sensitivity with
 *
 *   RSSI = P(1 m) − 10·n·log10(d / 1 m) − Σ wall losses × band factor + N(0, σ²)
 *
 * (log-distance path loss, walls crossed by the straight line, Gaussian shadowing). `trueSignal`
 * is the same without the noise term: what interpolation is checked against.
 */
import { wifiFrequency } from '../survey/technologies.js';
import type { TrackNetwork } from '../tracks/import/sample-table.js';
import { SampleTableBuilder, type SampleTable } from '../tracks/import/sample-table.js';
import { SeededRandom } from './random.js';
import { wallLossDb, type SiteLayout } from './site-layout.js';

export interface Radio {
  technology: string;
  bssid: string;
  ssid: string;
  band: '2.4GHz' | '5GHz' | '6GHz';
  channel: number;
  /** RSSI at 1 m, dBm. */
  powerAt1mDbm: number;
}

export interface AccessPoint {
  name: string;
  x: number;
  y: number;
  radios: Radio[];
}

export interface PathLossModel {
  exponent: number;
  shadowingSigmaDb: number;
  sensitivityDbm: number;
  noiseFloorDbm: number;
}

export const DEFAULT_MODEL: PathLossModel = { exponent: 3.0, shadowingSigmaDb: 3, sensitivityDbm: -92, noiseFloorDbm: -95 };

/** Walls stop more of the higher bands. */
const BAND_WALL_FACTOR: Record<Radio['band'], number> = { '2.4GHz': 1, '5GHz': 1.4, '6GHz': 1.6 };

export function trueSignal(layout: SiteLayout, ap: AccessPoint, radio: Radio, x: number, y: number, model: PathLossModel = DEFAULT_MODEL): number {
  const d = Math.max(1, Math.hypot(x - ap.x, y - ap.y));
  return radio.powerAt1mDbm - 10 * model.exponent * Math.log10(d) - wallLossDb(layout, ap.x, ap.y, x, y) * BAND_WALL_FACTOR[radio.band];
}

export function radioNetwork(radio: Radio): TrackNetwork {
  return {
    technology: radio.technology,
    networkId: radio.bssid,
    name: radio.ssid,
    channel: radio.channel,
    frequencyMHz: wifiFrequency(radio.band, radio.channel) ?? 0,
    band: radio.band,
  };
}

/** Dual-band access points spread along the corridor and into rooms, on a 1/6/11 and non-overlapping 5 GHz plan. */
export function placeAccessPoints(layout: SiteLayout, seed: number, count = 4, ssid = 'Sitewave-Demo'): AccessPoint[] {
  const rng = new SeededRandom(seed);
  const aps: AccessPoint[] = [];
  const ch24 = [1, 6, 11];
  const ch5 = [36, 52, 100, 116, 132, 149];
  for (let i = 0; i < count; i++) {
    const x = ((i + 0.5) * layout.widthM) / count + rng.between(-1.5, 1.5);
    const side = i % 2 === 0 ? layout.corridor.y0 / 2 : (layout.corridor.y1 + layout.heightM) / 2;
    const y = rng.next() < 0.5 ? side : (layout.corridor.y0 + layout.corridor.y1) / 2;
    const mac = (radio: number) => `02:5a:${(seed & 0xff).toString(16).padStart(2, '0')}:00:${i.toString(16).padStart(2, '0')}:${radio.toString(16).padStart(2, '0')}`;
    aps.push({
      name: `AP-${i + 1}`,
      x,
      y,
      radios: [
        { technology: 'wifi6', bssid: mac(0), ssid, band: '2.4GHz', channel: ch24[i % 3]!, powerAt1mDbm: -30 },
        { technology: 'wifi6', bssid: mac(1), ssid, band: '5GHz', channel: ch5[i % ch5.length]!, powerAt1mDbm: -35 },
      ],
    });
  }
  return aps;
}

export interface WalkOptions {
  /** Route in metres. */
  route: { x: number; y: number }[];
  speedMps?: number;
  scanIntervalS?: number;
  /** Repeat the route until this many samples exist (for load tests). */
  minSamples?: number;
  startTime?: number;
  seed: number;
  model?: PathLossModel;
}

export interface SimulatedWalk {
  /** Samples with positions in metres (the caller scales them to pixels). */
  samples: SampleTable;
  /** The route with the time each point was reached. */
  path: { time: number; x: number; y: number }[];
}

export function simulateWalk(layout: SiteLayout, aps: AccessPoint[], options: WalkOptions): SimulatedWalk {
  const model = options.model ?? DEFAULT_MODEL;
  const speed = options.speedMps ?? 1;
  const interval = options.scanIntervalS ?? 1;
  const rng = new SeededRandom(options.seed);
  const builder = new SampleTableBuilder(4096);
  const radios = aps.flatMap((ap) => ap.radios.map((radio) => ({ ap, radio, index: builder.networkFor(radioNetwork(radio)) })));
  const path: SimulatedWalk['path'] = [];
  let time = options.startTime ?? 0;
  let nextScan = time;
  do {
    const route = options.route;
    for (let k = 0; k < route.length; k++) {
      const a = route[k]!;
      path.push({ time, x: a.x, y: a.y });
      const b = route[k + 1];
      if (!b) break;
      const length = Math.hypot(b.x - a.x, b.y - a.y);
      const legTime = length / speed;
      while (nextScan <= time + legTime) {
        const f = legTime > 0 ? (nextScan - time) / legTime : 0;
        const x = a.x + f * (b.x - a.x);
        const y = a.y + f * (b.y - a.y);
        for (const { ap, radio, index } of radios) {
          const rssi = trueSignal(layout, ap, radio, x, y, model) + rng.gaussian() * model.shadowingSigmaDb;
          if (rssi < model.sensitivityDbm) continue;
          const noise = model.noiseFloorDbm + rng.gaussian();
          builder.append(nextScan, x, y, index, Math.round(rssi), Math.round(noise), Number.NaN);
        }
        nextScan += interval;
      }
      time += legTime;
    }
  } while (options.minSamples !== undefined && builder.count < options.minSamples);
  return { samples: builder.finish(), path };
}

/** Scales a walk's metre positions to floor-plan pixels in place. */
export function toPixels(samples: SampleTable, pixelsPerMetre: number): SampleTable {
  for (let i = 0; i < samples.count; i++) {
    samples.x[i] = samples.x[i]! * pixelsPerMetre;
    samples.y[i] = samples.y[i]! * pixelsPerMetre;
  }
  return samples;
}
