/**
 * Reads a track file (CSV, streamed; or JSON) into a sample table. Every row is checked; any
 * problem refuses the whole file with the rows and fields named, so a track is stored whole or
 * not at all. Formats are documented in docs/survey-formats.md.
 */
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { MAX_REPORTED_ISSUES, TrackImportError, type ImportIssue } from './import-error.js';
import { fieldOf, normaliseRow, parseRow, type ParsedRow } from './sample-row.js';
import { SampleTableBuilder, type SampleTable } from './sample-table.js';
import { WalkedPath, type Waypoint } from './walked-path.js';

export type TrackFormat = 'csv' | 'json';

export interface ImportOptions {
  /** Pixel size of the floor plan the track was walked on: positions must lie inside it. */
  imageSize: { width: number; height: number };
  /** Refuse files with more samples than this. */
  maxSamples?: number;
}

export interface ImportedTrack {
  samples: SampleTable;
  /** Walked path points in time order (empty when every sample carried its own position). */
  path: Waypoint[];
  /** Earliest and latest sample time, seconds. */
  startTime: number;
  endTime: number;
}

export const DEFAULT_MAX_SAMPLES = 2_000_000;

/** Decides by the file name or media type first, then by the first character of the content. */
export function detectFormat(fileName: string | undefined, mediaType: string | undefined, head: string): TrackFormat | undefined {
  const name = fileName?.toLowerCase() ?? '';
  const type = mediaType?.toLowerCase() ?? '';
  if (name.endsWith('.csv') || type.includes('csv')) return 'csv';
  if (name.endsWith('.json') || type.includes('json')) return 'json';
  const first = head.replace(/^\uFEFF/, '').trimStart()[0];
  if (first === '{' || first === '[') return 'json';
  if (first !== undefined && /[A-Za-z_"]/.test(first)) return 'csv';
  return undefined;
}

class Collector {
  readonly builder = new SampleTableBuilder(4096);
  readonly waypoints: Waypoint[] = [];
  readonly issues: ImportIssue[] = [];
  unplaced = 0;
  firstUnplaced: string | undefined;

  constructor(private readonly options: ImportOptions) {}

  get full(): boolean {
    return this.issues.length >= MAX_REPORTED_ISSUES;
  }

  add(raw: Record<string, unknown>, where: string): void {
    const parsed: ParsedRow | undefined = parseRow(normaliseRow(raw), where, this.options.imageSize, this.issues);
    if (!parsed) return;
    if (parsed.kind === 'waypoint') {
      this.waypoints.push({ time: parsed.time, x: parsed.x, y: parsed.y });
      return;
    }
    const max = this.options.maxSamples ?? DEFAULT_MAX_SAMPLES;
    if (this.builder.count >= max) {
      this.issues.push({ where, field: 'time', message: `the file has more than ${max} samples, the most one track takes` });
      return;
    }
    if (Number.isNaN(parsed.x)) {
      this.unplaced++;
      this.firstUnplaced ??= where;
    } else {
      // A sample with a position also marks the walked path.
      this.waypoints.push({ time: parsed.time, x: parsed.x, y: parsed.y });
    }
    const network = this.builder.networkFor(parsed.network);
    this.builder.append(parsed.time, parsed.x, parsed.y, network, parsed.signalDbm, parsed.noiseDbm, parsed.throughputMbps);
  }

  finish(): ImportedTrack {
    if (this.builder.count === 0 && this.issues.length === 0) {
      this.issues.push({ where: 'file', field: 'signal', message: 'the file holds no samples' });
    }
    if (this.unplaced > 0 && this.waypoints.length === 0 && this.issues.length < MAX_REPORTED_ISSUES) {
      this.issues.push({ where: this.firstUnplaced ?? 'file', field: 'x', message: 'this sample has no position and the file has no walked path points to place it on' });
    }
    if (this.issues.length > 0) throw new TrackImportError(this.issues);
    const samples = this.builder.finish();
    const explicitPath = this.unplaced > 0;
    if (explicitPath) {
      const path = new WalkedPath(this.waypoints);
      const at = { x: 0, y: 0 };
      for (let i = 0; i < samples.count; i++) {
        if (!Number.isNaN(samples.x[i]!)) continue;
        path.positionAt(samples.time[i]!, at);
        samples.x[i] = at.x;
        samples.y[i] = at.y;
      }
    }
    let start = Infinity;
    let end = -Infinity;
    for (let i = 0; i < samples.count; i++) {
      const t = samples.time[i]!;
      if (t < start) start = t;
      if (t > end) end = t;
    }
    return {
      samples,
      path: explicitPath ? [...this.waypoints].sort((a, b) => a.time - b.time) : [],
      startTime: start,
      endTime: end,
    };
  }
}

/** CSV: a header row naming the columns, then one sample (or path point) per row. Streamed. */
export async function importCsv(input: Readable, options: ImportOptions): Promise<ImportedTrack> {
  const collector = new Collector(options);
  const parser = parse({
    bom: true,
    columns: (header: string[]) => {
      const known = header.filter((h) => fieldOf(h));
      if (!known.some((h) => fieldOf(h) === 'time')) {
        throw new TrackImportError([{ where: 'line 1', field: 'time', message: `the header has no time column (columns: ${header.join(', ')})` }]);
      }
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
      collector.add(record, `line ${info.lines}`);
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
  const collector = new Collector(options);
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
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return importJson(Buffer.concat(chunks).toString('utf8'), options);
}

export function importCsvText(text: string, options: ImportOptions): Promise<ImportedTrack> {
  return importCsv(Readable.from([Buffer.from(text, 'utf8')]), options);
}
