/**
 * Reads a track file (CSV, streamed; JSON; or one of the formats in formats/) into a sample
 * table. Every row is checked; any problem refuses the whole file with the rows and fields named,
 * so a track is stored whole or not at all. Formats are documented in docs/survey-formats.md.
 */
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type { TrackFormat } from '../track-schema.js';
import { TrackImportError } from './import-error.js';
import { fieldOf } from './sample-row.js';
import { importEsx } from './formats/esx.js';
import { importScanLog, scanCommand, timestampLine } from './formats/scan-log.js';
import { importWigle } from './formats/wigle.js';
import { NOT_GEOREFERENCED, placeLatLon } from './geo-position.js';
import { SampleCollector, type ImportedTrack, type ImportOptions } from './sample-collector.js';

export type { ImportedTrack, ImportOptions };

export type { TrackFormat };

/**
 * Decides by what the first bytes say when they are unmistakable (a zip archive, WiGLE's
 * pre-header, a scan log's commands or output), since WiGLE files are named .csv and scan logs
 * anything; otherwise by the file name or media type, then by the first character.
 */
export function detectFormat(fileName: string | undefined, mediaType: string | undefined, head: string): TrackFormat | undefined {
  const name = fileName?.toLowerCase() ?? '';
  const type = mediaType?.toLowerCase() ?? '';
  const text = head.replace(/^\uFEFF/, '');
  if (text.startsWith('PK\u0003\u0004') || text.startsWith('PK\u0005\u0006')) return 'esx';
  if (text.startsWith('WigleWifi-')) return 'wigle';
  if (isScanLog(text)) return 'scanlog';
  if (name.endsWith('.esx') || type.includes('zip')) return 'esx';
  if (name.endsWith('.csv') || type.includes('csv')) return 'csv';
  if (name.endsWith('.json') || type.includes('json')) return 'json';
  const first = text.trimStart()[0];
  if (first === '{' || first === '[') return 'json';
  if (first !== undefined && /[A-Za-z_"]/.test(first)) return 'csv';
  return undefined;
}

/**
 * A scan log is told by its content: after any blank, comment, prompt or time lines comes a
 * position line, a command running iw or nmcli, iw's "BSS", nmcli's table header or a terse
 * nmcli line (its BSSID's colons escaped).
 */
function isScanLog(head: string): boolean {
  for (const raw of head.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') continue;
    if (/^#\s*at\b/i.test(line) || /^BSS\s/.test(line) || scanCommand(line)) return true;
    if (/^(?:IN-USE\s+|\*\s+)?(?:BSSID|SSID)\s+.*\bSIGNAL\b/.test(line)) return true;
    if (/(?:^|:)[0-9A-Fa-f]{2}(?:\\:[0-9A-Fa-f]{2}){5}(?::|$)/.test(line)) return true;
    if (line.startsWith('#') || timestampLine(line) !== undefined) continue;
    return false;
  }
  return false;
}

const LATITUDE = /^lat(itude)?$/i;
const LONGITUDE = /^(lon|lng|long|longitude)$/i;

/** The latitude and longitude columns of a CSV header, when it has both. */
function latLonColumns(header: string[]): { latitude: string; longitude: string } | undefined {
  const latitude = header.find((h) => LATITUDE.test(h.trim()));
  const longitude = header.find((h) => LONGITUDE.test(h.trim()));
  return latitude && longitude ? { latitude, longitude } : undefined;
}

/**
 * A CSV row with latitude/longitude gets the pixel they fall on, or is left out when off the plan.
 * Returns the row to add, or undefined when there is none.
 */
function placeCsvRow(
  record: Record<string, string>,
  geo: { latitude: string; longitude: string },
  where: string,
  collector: SampleCollector,
  options: ImportOptions,
): Record<string, string> | undefined {
  const lat = record[geo.latitude] ?? '';
  const lon = record[geo.longitude] ?? '';
  // A sample without a position is placed on the walked path, as in any CSV.
  if (lat === '' && lon === '') return record;
  if (Object.entries(record).some(([k, v]) => (fieldOf(k) === 'x' || fieldOf(k) === 'y') && v !== '')) {
    collector.issue(where, geo.latitude, 'give a position as x/y or as latitude/longitude, not both');
    return undefined;
  }
  const at = placeLatLon(lat, lon, geo, where, options.georeference!, options.imageSize, collector.issues);
  if (at.kind === 'invalid') return undefined;
  if (at.kind === 'skipped') {
    collector.skip(where, at.message);
    return undefined;
  }
  return { ...record, x: String(at.x), y: String(at.y) };
}

/**
 * CSV: a header row naming the columns, then one sample (or path point) per row. Streamed.
 * Positions are x/y pixels or, with `latitude` and `longitude` columns, placed through the plan's
 * georeference.
 */
export async function importCsv(input: Readable, options: ImportOptions): Promise<ImportedTrack> {
  const collector = new SampleCollector(options);
  let geo: { latitude: string; longitude: string } | undefined;
  const parser = parse({
    bom: true,
    columns: (header: string[]) => {
      const known = header.filter((h) => fieldOf(h));
      if (!known.some((h) => fieldOf(h) === 'time')) {
        throw new TrackImportError([{ where: 'line 1', field: 'time', message: `the header has no time column (columns: ${header.join(', ')})` }]);
      }
      geo = latLonColumns(header);
      if (geo && !options.georeference) throw new TrackImportError([{ where: 'line 1', field: geo.latitude, message: NOT_GEOREFERENCED }]);
      return header;
    },
    skip_empty_lines: true,
    trim: true,
    info: true,
    relax_column_count: false,
  });
  input.on('error', (err) => parser.destroy(err));
  input.pipe(parser);
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number } }>) {
      const where = `line ${info.lines}`;
      const row = geo ? placeCsvRow(record, geo, where, collector, options) : record;
      if (row) collector.add(row, where);
      if (collector.full) break;
    }
  } catch (err) {
    if (err instanceof TrackImportError) throw err;
    const e = err as { code?: string; lines?: number; message?: string };
    if (typeof e.code === 'string' && e.code.startsWith('CSV_')) {
      throw new TrackImportError([{ where: `line ${e.lines ?? '?'}`, field: 'file', message: csvMessage(e.code, e.message) }]);
    }
    throw err;
  } finally {
    input.unpipe(parser);
    // Stop reading the rest once the file is known to be bad.
    if (collector.full) input.resume();
  }
  return collector.finish();
}

function csvMessage(code: string, fallback: string | undefined): string {
  if (code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH' || code === 'CSV_RECORD_INCONSISTENT_COLUMNS') return 'this row has a different number of columns than the header';
  if (code === 'CSV_QUOTE_NOT_CLOSED') return 'a quoted value is never closed';
  return `not valid CSV (${code}${fallback ? `: ${fallback}` : ''})`;
}

/**
 * JSON: either an array of samples, or `{ "path": [points], "samples": [samples] }`.
 * Buffered: the route's body limit bounds its size.
 */
export function importJson(text: string, options: ImportOptions): ImportedTrack {
  let doc: unknown;
  try {
    doc = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    throw new TrackImportError([{ where: 'file', field: 'file', message: `not valid JSON: ${(err as Error).message}` }]);
  }
  const collector = new SampleCollector(options);
  const samples = Array.isArray(doc) ? doc : isObject(doc) ? doc.samples : undefined;
  const path = isObject(doc) ? doc.path : undefined;
  if (!Array.isArray(samples)) {
    throw new TrackImportError([{ where: 'file', field: 'samples', message: 'expected an array of samples, or an object with a "samples" array' }]);
  }
  if (path !== undefined && !Array.isArray(path)) {
    throw new TrackImportError([{ where: 'file', field: 'path', message: 'expected an array of points {time, x, y}' }]);
  }
  for (const [i, point] of (path ?? []).entries()) {
    if (!isObject(point) || point.technology !== undefined) {
      collector.issues.push({ where: `path[${i}]`, field: 'x', message: 'a path point is an object {time, x, y}' });
    } else collector.add(point, `path[${i}]`);
    if (collector.full) break;
  }
  for (const [i, sample] of samples.entries()) {
    if (collector.full) break;
    if (!isObject(sample)) collector.issues.push({ where: `samples[${i}]`, field: 'signal', message: 'a sample is an object' });
    else if (sample.technology === undefined && sample.tech === undefined) collector.issues.push({ where: `samples[${i}]`, field: 'technology', message: 'is required' });
    else collector.add(sample, `samples[${i}]`);
  }
  return collector.finish();
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export async function importTrack(input: Readable, format: TrackFormat, options: ImportOptions): Promise<ImportedTrack> {
  if (format === 'csv') return importCsv(input, options);
  if (format === 'wigle') return importWigle(input, options);
  // The others are read whole: the route's upload limit bounds their size.
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  const bytes = Buffer.concat(chunks);
  if (format === 'esx') return importEsx(bytes, options);
  // A capture without positions is kept unplaced: the floor page places it.
  if (format === 'scanlog') return importScanLog(bytes.toString('utf8'), { ...options, allowUnplaced: true });
  return importJson(bytes.toString('utf8'), options);
}

export function importCsvText(text: string, options: ImportOptions): Promise<ImportedTrack> {
  return importCsv(Readable.from([Buffer.from(text, 'utf8')]), options);
}
