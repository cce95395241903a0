/**
 * Gathers the rows of a track file, whatever its format, into a sample table: every row goes
 * through the same checks (sample-row.ts), issues are collected with where they were found, and
 * `finish` either refuses the whole file or places unplaced samples on the walked path.
 */
import type { Georeference } from '../../../../shared/geo/georeference.js';
import { MAX_REPORTED_ISSUES, TrackImportError, type ImportIssue, type SkippedLines } from './import-error.js';
import { normaliseRow, parseRow, parseTime, type NormalisedRow, type ParsedRow } from './sample-row.js';
import { SampleTableBuilder, type SampleTable } from './sample-table.js';
import { WalkedPath, type Waypoint } from './walked-path.js';

export interface ImportOptions {
  /** Pixel size of the floor plan the track was walked on: positions must lie inside it. */
  imageSize: { width: number; height: number };
  /** Refuse files with more samples than this. */
  maxSamples?: number;
  /**
   * Keep a file whose samples have no position and no walked path as an unplaced track (a scan
   * log without positions) instead of refusing it: the user places the walk on the floor page.
   */
  allowUnplaced?: boolean;
  /** The floor plan's georeference, when it has control points: latitude/longitude files are placed through it. */
  georeference?: Georeference;
}

export interface ImportedTrack {
  samples: SampleTable;
  /** Walked path points in time order (empty when every sample carried its own position). */
  path: Waypoint[];
  /** Earliest and latest sample time, seconds. */
  startTime: number;
  endTime: number;
  /** False for an unplaced track: every sample's x and y are NaN until the walk is placed. */
  placed: boolean;
  /** Lines a reader left out on purpose (a scan log's prompts and comments), when it says. */
  skipped?: SkippedLines;
}

export const DEFAULT_MAX_SAMPLES = 2_000_000;

export class SampleCollector {
  readonly builder = new SampleTableBuilder(4096);
  readonly waypoints: Waypoint[] = [];
  readonly issues: ImportIssue[] = [];
  unplaced = 0;
  firstUnplaced: string | undefined;
  readonly skipped: SkippedLines = { count: 0, lines: [] };

  constructor(private readonly options: ImportOptions) {}

  get full(): boolean {
    return this.issues.length >= MAX_REPORTED_ISSUES;
  }

  /** Records a problem found by the format's own reader (not a row check); ignored once full. */
  issue(where: string, field: string, message: string): void {
    if (!this.full) this.issues.push({ where, field, message });
  }

  /** A row the format's reader leaves out on purpose (off the plan, another radio): counted, the first ones named. */
  skip(where: string, message: string): void {
    this.skipped.count++;
    if (this.skipped.lines.length < MAX_REPORTED_ISSUES) this.skipped.lines.push({ where, field: 'file', message });
  }

  /** Checks a time given on its own (a scan log's time line), as a row's time is checked. */
  checkTime(value: string, where: string): void {
    if (!this.full) parseTime(value, where, this.issues);
  }

  /** `raw` uses the field names of sample-row.ts; a row without a network is a path point. */
  add(raw: Record<string, unknown>, where: string): void {
    this.addFields(normaliseRow(raw), where);
  }

  /** A row a format's reader built with the fields' own names (no aliases to resolve), an absent field undefined. */
  addFields(row: NormalisedRow, where: string): void {
    const parsed: ParsedRow | undefined = parseRow(row, where, this.options.imageSize, this.issues);
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
    const unplaced = this.unplaced > 0 && this.waypoints.length === 0;
    if (unplaced && !this.options.allowUnplaced && this.issues.length < MAX_REPORTED_ISSUES) {
      this.issues.push({ where: this.firstUnplaced ?? 'file', field: 'x', message: 'this sample has no position and the file has no walked path points to place it on' });
    }
    if (this.issues.length > 0) throw new TrackImportError(this.issues);
    const samples = this.builder.finish();
    const explicitPath = this.unplaced > 0 && !unplaced;
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
      placed: !unplaced,
      ...(this.skipped.count > 0 ? { skipped: this.skipped } : {}),
    };
  }
}
