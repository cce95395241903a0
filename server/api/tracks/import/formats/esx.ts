/**
 * Ekahau survey projects (`.esx`): a zip archive of JSON documents, binary measurement files and
 * images. What is read:
 * - `floorPlans.json` — `floorPlans[]` with `id`, `name`, `width`, `height` (image pixels);
 * - `accessPointMeasurements.json` — `accessPointMeasurements[]`, one per radio heard: `id`, `mac`
 *   (BSSID), `ssid`, `channelByCenterFrequencyDefinedNarrowChannels`, `technologies`;
 * - `survey-<id>.json` — `surveys[]`, one per walk: `floorPlanId`, `startTime` (ISO 8601),
 *   `routePoints` (segments of `{time: ns since startTime, location: {x, y}}` in floor plan pixels)
 *   and `wifiTracks[]` (`binaryFileId`, `accessPointMeasurementIds`);
 * - `track-<binaryFileId>.bin` — the RSSI of each radio at each scan (esx-track.ts).
 * Route points become the walked path (scaled from the Ekahau floor plan's pixels to ours) and
 * every measurement a sample placed on it by time. Images and everything else are not unpacked.
 */
import { TrackImportError } from '../import-error.js';
import { SampleCollector, type ImportedTrack, type ImportOptions } from '../sample-collector.js';
import { readZipEntries, ZipRefusal, type ZipLimits } from '../zip-entries.js';
import { decodeEsxTrack } from './esx-track.js';
import { wifiTechnology, type WifiGeneration } from './wifi-generation.js';

export const DEFAULT_ESX_LIMITS: ZipLimits = { maxEntries: 50_000, maxUnpackedBytes: 512 * 1024 * 1024 };

/** Two plans whose width/height ratios differ by more than this are not the same image. */
const ASPECT_TOLERANCE = 0.02;

const FLOOR_PLANS = 'floorPlans.json';
const MEASUREMENTS = 'accessPointMeasurements.json';
const SURVEY = /^surveys?-[^/]+\.json$/;
const TRACK = /^track-[^/]+\.bin$/;

type Json = Record<string, unknown>;

function refuse(where: string, field: string, message: string): never {
  throw new TrackImportError([{ where, field, message }]);
}

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function document(entries: Map<string, Buffer>, name: string, key: string): unknown[] {
  const bytes = entries.get(name);
  if (!bytes) refuse(name, 'file', `is missing: the archive is not an Ekahau project`);
  let doc: unknown;
  try {
    doc = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  } catch (err) {
    refuse(name, 'file', `not valid JSON: ${(err as Error).message}`);
  }
  const list = isObject(doc) ? doc[key] : undefined;
  if (!Array.isArray(list)) refuse(name, key, `expected an object with a "${key}" array`);
  return list;
}

function generation(technologies: unknown): WifiGeneration | undefined {
  const list = Array.isArray(technologies) ? technologies.map((t) => String(t).toUpperCase()) : [];
  if (list.includes('BE')) return 7;
  if (list.includes('AX')) return 6;
  if (list.includes('AC')) return 5;
  if (list.includes('N')) return 4;
  return undefined;
}

interface RadioInfo {
  mac: unknown;
  ssid: unknown;
  generation: WifiGeneration | undefined;
  /** From the measurement list, when a record carries no frequency: MHz, or a channel number. */
  channelOrFrequency: number | undefined;
}

/** An Ekahau project unpacked as far as every floor's import needs: read once, imported floor by floor. */
export interface EsxProject {
  entries: Map<string, Buffer>;
  surveys: { file: string; index: number; survey: Json }[];
  planById: Map<string, Json>;
  radios: Map<string, RadioInfo>;
}

/** An Ekahau floor plan that has surveys, in the order its first survey comes in the file. */
export interface EsxFloor {
  id: string;
  name: string;
}

/** Single-floor import: a project surveyed on several floors goes through `importEsxFloor` per floor. */
export async function importEsx(bytes: Buffer, options: ImportOptions & { archive?: ZipLimits }): Promise<ImportedTrack> {
  const project = await readEsxProject(bytes, options.archive);
  const floors = surveyedFloors(project);
  if (floors.length > 1) {
    refuse(
      'file',
      'floorPlanId',
      `the project has surveys on ${floors.length} floor plans (${floors.map((f) => `"${f.name}"`).join(', ')}); each is imported onto the project floor of the same name`,
    );
  }
  return importEsxFloor(project, floors[0]!.id, options);
}

export async function readEsxProject(bytes: Buffer, limits: ZipLimits = DEFAULT_ESX_LIMITS): Promise<EsxProject> {
  let entries: Map<string, Buffer>;
  try {
    entries = await readZipEntries(bytes, (name) => name === FLOOR_PLANS || name === MEASUREMENTS || SURVEY.test(name) || TRACK.test(name), limits);
  } catch (err) {
    if (err instanceof ZipRefusal) refuse(err.entry ?? 'file', 'file', err.message);
    throw err;
  }
  const floorPlans = document(entries, FLOOR_PLANS, 'floorPlans');
  const surveyFiles = [...entries.keys()].filter((name) => SURVEY.test(name)).sort();
  if (surveyFiles.length === 0) refuse('file', 'file', 'the archive holds no survey data (no survey-*.json): save the Ekahau project after surveying');

  const surveys: { file: string; index: number; survey: Json }[] = [];
  for (const file of surveyFiles) {
    for (const [index, survey] of document(entries, file, 'surveys').entries()) {
      if (!isObject(survey)) refuse(`${file} surveys[${index}]`, 'survey', 'a survey is an object');
      surveys.push({ file, index, survey });
    }
  }
  if (surveys.length === 0) refuse('file', 'file', 'the archive holds no survey data (its survey files are empty)');
  const planById = new Map(floorPlans.filter(isObject).map((p) => [String(p.id), p]));
  for (const id of new Set(surveys.map((s) => String(s.survey.floorPlanId)))) {
    if (!planById.has(id)) refuse(FLOOR_PLANS, 'floorPlans', `has no floor plan ${id}, the one the surveys were walked on`);
  }
  const radios = new Map<string, RadioInfo>();
  for (const m of document(entries, MEASUREMENTS, 'accessPointMeasurements')) {
    if (!isObject(m)) continue;
    const channels = m.channelByCenterFrequencyDefinedNarrowChannels;
    const first = Array.isArray(channels) && typeof channels[0] === 'number' ? channels[0] : undefined;
    radios.set(String(m.id), { mac: m.mac, ssid: m.ssid, generation: generation(m.technologies), channelOrFrequency: first });
  }
  return { entries, surveys, planById, radios };
}

export function surveyedFloors(project: EsxProject): EsxFloor[] {
  const ids = [...new Set(project.surveys.map((s) => String(s.survey.floorPlanId)))];
  return ids.map((id) => ({ id, name: String(project.planById.get(id)?.name ?? id) }));
}

/** The walks of one Ekahau floor plan, onto a floor plan of `options.imageSize`. */
export function importEsxFloor(project: EsxProject, floorPlanId: string, options: ImportOptions): ImportedTrack {
  const { entries, radios } = project;
  const surveys = project.surveys.filter((s) => String(s.survey.floorPlanId) === floorPlanId);
  const plan = project.planById.get(floorPlanId)!;
  const esxWidth = Number(plan.width);
  const esxHeight = Number(plan.height);
  if (!(esxWidth > 0 && esxHeight > 0)) refuse(FLOOR_PLANS, 'width', `the floor plan "${String(plan.name)}" has no pixel size`);
  const { width, height } = options.imageSize;
  if (Math.abs(width / height / (esxWidth / esxHeight) - 1) > ASPECT_TOLERANCE) {
    refuse(
      FLOOR_PLANS,
      'width',
      `the Ekahau floor plan is ${esxWidth}×${esxHeight} pixels and this floor plan ${width}×${height}: their shapes differ, so positions cannot be carried over (upload the image the survey was walked on)`,
    );
  }
  const sx = width / esxWidth;
  const sy = height / esxHeight;

  const collector = new SampleCollector(options);
  for (const { file, index, survey } of surveys) {
    if (collector.full) break;
    const at = `${file} surveys[${index}]`;
    const start = typeof survey.startTime === 'string' ? Date.parse(survey.startTime) / 1000 : Number.NaN;
    if (Number.isNaN(start)) {
      collector.issue(at, 'startTime', 'expected an ISO 8601 timestamp');
      continue;
    }
    addRoute(collector, survey.routePoints, at, start, { esxWidth, esxHeight, sx, sy, width, height });
    const tracks = Array.isArray(survey.wifiTracks) ? survey.wifiTracks : [];
    for (const [t, track] of tracks.entries()) {
      if (collector.full) break;
      addWifiTrack(collector, entries, track, `${at}.wifiTracks[${t}]`, start, radios);
    }
  }
  return collector.finish();
}

function addRoute(
  collector: SampleCollector,
  routePoints: unknown,
  at: string,
  start: number,
  scale: { esxWidth: number; esxHeight: number; sx: number; sy: number; width: number; height: number },
): void {
  if (!Array.isArray(routePoints)) {
    collector.issue(at, 'routePoints', 'expected the walked route, an array of points');
    return;
  }
  // Segments (an array per stretch walked), or one flat array in older files.
  const segments: { points: unknown[]; prefix: string }[] = routePoints.every(Array.isArray)
    ? routePoints.map((points: unknown[], j) => ({ points, prefix: `${at}.routePoints[${j}]` }))
    : [{ points: routePoints, prefix: `${at}.routePoints` }];
  for (const { points, prefix } of segments) {
    for (const [k, point] of points.entries()) {
      if (collector.full) return;
      const where = `${prefix}[${k}]`;
      const location = isObject(point) ? point.location : undefined;
      const xy = isObject(location) && isObject(location.coord) ? location.coord : location;
      const x = isObject(xy) ? xy.x : undefined;
      const y = isObject(xy) ? xy.y : undefined;
      const time = isObject(point) ? point.time : undefined;
      if (typeof time !== 'number' || !Number.isFinite(time)) {
        collector.issue(where, 'time', 'expected nanoseconds since the survey started');
      } else if (typeof x !== 'number' || typeof y !== 'number' || !Number.isFinite(x) || !Number.isFinite(y)) {
        collector.issue(where, 'x', 'expected a location {x, y} in floor plan pixels');
      } else if (x < 0 || x > scale.esxWidth) {
        collector.issue(where, 'x', `${x} is outside the Ekahau floor plan (0 to ${scale.esxWidth})`);
      } else if (y < 0 || y > scale.esxHeight) {
        collector.issue(where, 'y', `${y} is outside the Ekahau floor plan (0 to ${scale.esxHeight})`);
      } else {
        // Clamped: scaling the far edge may land a rounding error past it.
        collector.add({ time: start + time / 1e9, x: Math.min(x * scale.sx, scale.width), y: Math.min(y * scale.sy, scale.height) }, where);
      }
    }
  }
}

function addWifiTrack(collector: SampleCollector, entries: Map<string, Buffer>, track: unknown, at: string, start: number, radios: Map<string, RadioInfo>): void {
  const id = isObject(track) ? track.binaryFileId : undefined;
  const apIds = isObject(track) ? track.accessPointMeasurementIds : undefined;
  if (typeof id !== 'string' || !Array.isArray(apIds)) {
    collector.issue(at, 'binaryFileId', 'expected a measurement track with binaryFileId and accessPointMeasurementIds');
    return;
  }
  const name = `track-${id}.bin`;
  const bytes = entries.get(name);
  if (!bytes) {
    collector.issue(at, 'binaryFileId', `the measurement file ${name} is not in the archive`);
    return;
  }
  const decoded = decodeEsxTrack(bytes);
  if ('problem' in decoded) {
    collector.issue(`${name} byte ${decoded.problem.offset}`, 'file', decoded.problem.message);
    return;
  }
  for (const m of decoded.measurements) {
    if (collector.full) return;
    const where = `${name} byte ${m.offset}`;
    const apId = apIds[m.apIndex];
    const radio = apId === undefined ? undefined : radios.get(String(apId));
    if (!radio) {
      collector.issue(
        where,
        'networkId',
        apId === undefined ? `refers to access point ${m.apIndex}; the track lists ${apIds.length}` : `access point measurement ${String(apId)} is not in ${MEASUREMENTS}`,
      );
      continue;
    }
    const fallback = radio.channelOrFrequency;
    const frequency = m.frequencyMHz > 0 ? m.frequencyMHz : fallback !== undefined && fallback >= 1000 ? fallback : undefined;
    const channel = frequency === undefined ? fallback : undefined;
    collector.add(
      {
        time: start + m.timeMs / 1000,
        technology: wifiTechnology(radio.generation, frequency),
        networkId: radio.mac,
        name: typeof radio.ssid === 'string' ? radio.ssid : '',
        frequency,
        channel,
        signal: m.rssiDbm,
      },
      where,
    );
  }
}
