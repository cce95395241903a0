/**
 * One row of a track file — a CSV record of strings or a JSON object — checked field by field and
 * turned into numbers. Field names are matched loosely (case, `_` and `-` ignored, common
 * aliases such as `bssid`, `ssid`, `rssi`), so files from different survey tools import as they are.
 */
import { technology, wifiBand, wifiChannel, wifiFrequency } from '../../survey/technologies.js';
import type { ImportIssue } from './import-error.js';
import type { TrackNetwork } from './sample-table.js';

export type Field = 'time' | 'x' | 'y' | 'technology' | 'networkId' | 'name' | 'channel' | 'frequency' | 'band' | 'signal' | 'noise' | 'throughput';

const ALIASES: Record<string, Field> = {
  time: 'time',
  timestamp: 'time',
  t: 'time',
  x: 'x',
  y: 'y',
  technology: 'technology',
  tech: 'technology',
  networkid: 'networkId',
  bssid: 'networkId',
  cellid: 'networkId',
  name: 'name',
  ssid: 'name',
  operator: 'name',
  channel: 'channel',
  frequency: 'frequency',
  frequencymhz: 'frequency',
  freq: 'frequency',
  band: 'band',
  signal: 'signal',
  signaldbm: 'signal',
  rssi: 'signal',
  rsrp: 'signal',
  noise: 'noise',
  noisedbm: 'noise',
  throughput: 'throughput',
  throughputmbps: 'throughput',
};

export function fieldOf(column: string): Field | undefined {
  return ALIASES[column.toLowerCase().replace(/[\s_-]/g, '')];
}

export type NormalisedRow = Partial<Record<Field, unknown>>;

export function normaliseRow(raw: Record<string, unknown>): NormalisedRow {
  const row: NormalisedRow = {};
  for (const [column, value] of Object.entries(raw)) {
    const field = fieldOf(column);
    if (field && !(value === '' || value === null || value === undefined)) row[field] = value;
  }
  return row;
}

export type ParsedRow =
  | { kind: 'waypoint'; time: number; x: number; y: number }
  | { kind: 'sample'; time: number; x: number; y: number; network: TrackNetwork; signalDbm: number; noiseDbm: number; throughputMbps: number };

const MAC = /^[0-9a-f]{2}([:-][0-9a-f]{2}){5}$/i;
const BAND = /^[A-Za-z0-9.]{1,16}$/;

/** Accepts numbers, numeric strings, and for `time` ISO 8601 timestamps (as epoch seconds). */
function number(row: NormalisedRow, field: Field, where: string, issues: ImportIssue[], opts: { min?: number; max?: number; integer?: boolean } = {}): number | undefined {
  const value = row[field];
  if (value === undefined) return undefined;
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value))) n = Number(value);
  else if (field === 'time' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value))) n = Date.parse(value) / 1000;
  else {
    issues.push({ where, field, message: field === 'time' ? `expected seconds or an ISO 8601 timestamp, got "${String(value)}"` : `expected a number, got "${String(value)}"` });
    return undefined;
  }
  if (!Number.isFinite(n)) {
    issues.push({ where, field, message: 'expected a finite number' });
    return undefined;
  }
  if (opts.integer && !Number.isInteger(n)) {
    issues.push({ where, field, message: `expected a whole number, got ${n}` });
    return undefined;
  }
  if ((opts.min !== undefined && n < opts.min) || (opts.max !== undefined && n > opts.max)) {
    issues.push({ where, field, message: `${n} is outside ${opts.min} to ${opts.max}` });
    return undefined;
  }
  return n;
}

function text(row: NormalisedRow, field: Field, where: string, issues: ImportIssue[], maxLength: number): string | undefined {
  const value = row[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' && typeof value !== 'number') {
    issues.push({ where, field, message: 'expected text' });
    return undefined;
  }
  const s = String(value).trim();
  if (s.length > maxLength) {
    issues.push({ where, field, message: `longer than ${maxLength} characters` });
    return undefined;
  }
  return s;
}

/** A time on its own: seconds or an ISO 8601 timestamp, as a row's `time`. */
export function parseTime(value: string, where: string, issues: ImportIssue[]): number | undefined {
  return number({ time: value }, 'time', where, issues);
}

/**
 * `imageSize` bounds x/y (pixels of the floor plan). Returns undefined when the row has issues,
 * which are appended to `issues`.
 */
export function parseRow(row: NormalisedRow, where: string, imageSize: { width: number; height: number }, issues: ImportIssue[]): ParsedRow | undefined {
  const before = issues.length;
  const time = number(row, 'time', where, issues);
  if (row.time === undefined) issues.push({ where, field: 'time', message: 'is required' });
  const x = number(row, 'x', where, issues, { min: 0, max: imageSize.width });
  const y = number(row, 'y', where, issues, { min: 0, max: imageSize.height });
  if ((row.x === undefined) !== (row.y === undefined)) {
    issues.push({ where, field: row.x === undefined ? 'x' : 'y', message: 'x and y go together: give both or neither' });
  }
  const tech = text(row, 'technology', where, issues, 16);
  const networkFields: Field[] = ['networkId', 'name', 'channel', 'frequency', 'band', 'signal', 'noise', 'throughput'];
  if (tech === undefined) {
    // A row with a position and no network is a point of the walked path.
    const stray = networkFields.find((f) => row[f] !== undefined);
    if (stray) issues.push({ where, field: 'technology', message: `is required when "${stray}" is given` });
    else if (row.x === undefined) issues.push({ where, field: 'technology', message: 'is required (a row without it must be a path point with x and y)' });
    if (issues.length > before || time === undefined || x === undefined || y === undefined) return undefined;
    return { kind: 'waypoint', time, x, y };
  }
  const tech0 = technology(tech.toLowerCase());
  if (!tech0) issues.push({ where, field: 'technology', message: `unknown technology "${tech}"` });
  const wifi = tech0?.family === 'wifi';

  let networkId = text(row, 'networkId', where, issues, 64);
  if (networkId === undefined && row.networkId === undefined) issues.push({ where, field: 'networkId', message: 'is required' });
  if (networkId !== undefined && wifi) {
    if (!MAC.test(networkId)) issues.push({ where, field: 'networkId', message: `a Wi-Fi network id is a BSSID like 0a:1b:2c:3d:4e:5f, got "${networkId}"` });
    networkId = networkId.toLowerCase().replace(/-/g, ':');
  }
  const name = text(row, 'name', where, issues, 64) ?? '';
  let channel = number(row, 'channel', where, issues, { min: 0, max: 1_000_000, integer: true });
  let frequency = number(row, 'frequency', where, issues, { min: 1, max: 100_000 });
  let band = text(row, 'band', where, issues, 16);
  if (band !== undefined && !BAND.test(band)) issues.push({ where, field: 'band', message: `"${band}" is not a band name (like 5GHz or n78)` });
  if (band !== undefined && wifi) band = normaliseWifiBand(band) ?? band;
  if (wifi && issues.length === before) {
    if (frequency !== undefined) {
      band ??= wifiBand(frequency);
      channel ??= wifiChannel(frequency);
      if (band === undefined || channel === undefined) issues.push({ where, field: 'frequency', message: `${frequency} MHz is not a Wi-Fi channel's centre frequency` });
    } else if (channel !== undefined) {
      band ??= channel <= 14 ? '2.4GHz' : '5GHz';
      frequency = wifiFrequency(band, channel);
      if (frequency === undefined) issues.push({ where, field: 'channel', message: `channel ${channel} does not exist in the ${band} band` });
    } else {
      issues.push({ where, field: 'channel', message: 'give the channel or the frequency' });
    }
    if (band !== undefined && !['2.4GHz', '5GHz', '6GHz'].includes(band)) issues.push({ where, field: 'band', message: `"${band}" is not a Wi-Fi band (2.4GHz, 5GHz, 6GHz)` });
  } else if (!wifi && tech0 && channel === undefined) {
    issues.push({ where, field: 'channel', message: 'is required for cellular samples (the EARFCN or NR-ARFCN)' });
  }
  const signal = number(row, 'signal', where, issues, { min: -150, max: 30 });
  if (row.signal === undefined) issues.push({ where, field: 'signal', message: 'is required' });
  const noise = number(row, 'noise', where, issues, { min: -150, max: 30 });
  const throughput = number(row, 'throughput', where, issues, { min: 0, max: 100_000 });
  if (issues.length > before || time === undefined || signal === undefined || networkId === undefined || channel === undefined || !tech0) return undefined;
  return {
    kind: 'sample',
    time,
    x: x ?? Number.NaN,
    y: y ?? Number.NaN,
    network: { technology: tech0.id, networkId, name, channel, frequencyMHz: frequency ?? 0, band: band ?? '' },
    signalDbm: signal,
    noiseDbm: noise ?? Number.NaN,
    throughputMbps: throughput ?? Number.NaN,
  };
}

function normaliseWifiBand(band: string): string | undefined {
  const b = band.toLowerCase().replace(/\s/g, '');
  if (b === '2.4' || b === '2.4ghz' || b === '2g') return '2.4GHz';
  if (b === '5' || b === '5ghz' || b === '5g') return '5GHz';
  if (b === '6' || b === '6ghz' || b === '6g') return '6GHz';
  return undefined;
}
