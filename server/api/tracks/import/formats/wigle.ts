/**
 * WiGLE CSV (`WigleWifi-1.4` to `WigleWifi-1.6`): a pre-header line naming the format version and
 * the app, then the column header `MAC,SSID,AuthMode,FirstSeen,Channel,[Frequency,]RSSI,
 * CurrentLatitude,CurrentLongitude,AltitudeMeters,AccuracyMeters,[RCOIs,MfgrId,]Type` and one
 * sighting per row. Columns are found by name, so the versions' additions need no case of their own.
 *
 * Each Wi-Fi sighting becomes a sample at its latitude/longitude, placed on the plan through the
 * plan's control points; sightings off the plan and other radios (Bluetooth, GSM, LTE, …) are
 * left out and counted. WiGLE does not say a network's Wi-Fi generation: its networks are
 * recorded as `wifi4` (`wifi6e` on 6 GHz), as nmcli's are.
 */
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { wifiBand } from '../../../survey/technologies.js';
import { TrackImportError, type ImportIssue } from '../import-error.js';
import { NOT_GEOREFERENCED, placeLatLon } from '../geo-position.js';
import { SampleCollector, type ImportedTrack, type ImportOptions } from '../sample-collector.js';

const VERSIONS = ['1.4', '1.5', '1.6'];
const REQUIRED = ['MAC', 'SSID', 'FirstSeen', 'Channel', 'RSSI', 'CurrentLatitude', 'CurrentLongitude', 'Type'];
const MAX_PRE_HEADER_BYTES = 64 * 1024;
const LATLON = { latitude: 'CurrentLatitude', longitude: 'CurrentLongitude' };

function refuse(where: string, field: string, message: string): never {
  throw new TrackImportError([{ where, field, message }]);
}

/** WiGLE writes `yyyy-MM-dd HH:mm:ss` in UTC; older builds wrote milliseconds since 1970. */
function firstSeen(value: string): string {
  const v = value.trim();
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2}(?:\.\d+)?)$/.exec(v);
  if (m) return `${m[1]}T${m[2]}Z`;
  if (/^\d{12,14}$/.test(v)) return String(Number(v) / 1000);
  return v;
}

function checkPreHeader(preHeader: string): void {
  const version = /^WigleWifi-([0-9.]+)(,|$)/.exec(preHeader)?.[1];
  if (version === undefined) refuse('line 1', 'file', 'expected the WiGLE pre-header "WigleWifi-1.4,…" (1.4 to 1.6)');
  if (!VERSIONS.includes(version)) refuse('line 1', 'file', `WiGLE format version ${version} is not read (1.4, 1.5 and 1.6 are)`);
}

function checkColumns(header: string[]): Map<string, number> {
  const columns = new Map(header.map((c, i) => [c.trim(), i]));
  const missing = REQUIRED.filter((c) => !columns.has(c));
  if (missing.length > 0) {
    refuse('line 2', missing[0]!, `the WiGLE column header lacks ${missing.join(', ')} (columns: ${header.join(', ') || 'none'})`);
  }
  return columns;
}

/** The first line, and a stream of what follows it. */
async function splitFirstLine(input: Readable): Promise<{ first: string; rest: Readable }> {
  const chunks = input[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  let head = Buffer.alloc(0);
  let rest = Buffer.alloc(0);
  for (;;) {
    const next = await chunks.next();
    if (next.done) break;
    head = Buffer.concat([head, Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value)]);
    const newline = head.indexOf(10);
    if (newline >= 0) {
      rest = head.subarray(newline + 1);
      head = head.subarray(0, newline);
      break;
    }
    // A first line this long is no WiGLE pre-header: stop here, the check says so.
    if (head.length > MAX_PRE_HEADER_BYTES) break;
  }
  const remaining = async function* () {
    if (rest.length > 0) yield rest;
    for (;;) {
      const next = await chunks.next();
      if (next.done) return;
      yield next.value;
    }
  };
  return {
    first: head
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .replace(/\r$/, ''),
    rest: Readable.from(remaining()),
  };
}

export async function importWigle(input: Readable, options: ImportOptions): Promise<ImportedTrack> {
  const collector = new SampleCollector(options);
  const otherRadios = new Map<string, number>();
  let wifiRows = 0;
  // The pre-header is read on its own: its number of fields differs from the rows', and a parser
  // told to let that pass would still build an error for every row that differs from the first.
  const { first: preHeader, rest } = await splitFirstLine(input);
  try {
    checkPreHeader(preHeader);
  } catch (err) {
    // Read the rest of the upload without keeping it, so the refusal is not held up behind it.
    rest.resume();
    throw err;
  }
  const parser = parse({ relax_column_count: true, skip_empty_lines: true, info: true, relax_quotes: true });
  rest.on('error', (err) => parser.destroy(err));
  rest.pipe(parser);
  let columns: Map<string, number> | undefined;
  let lastRequired = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      // Lines count from the pre-header, line 1.
      const where = `line ${info.lines + 1}`;
      if (!columns) {
        columns = checkColumns(record);
        lastRequired = Math.max(...REQUIRED.map((c) => columns!.get(c)!));
        if (!options.georeference) refuse('file', 'CurrentLatitude', NOT_GEOREFERENCED);
        continue;
      }
      const cell = (name: string): string => record[columns!.get(name) ?? -1]?.trim() ?? '';
      if (record.length <= lastRequired) {
        collector.issue(where, 'file', `this row has ${record.length} fields, the header ${columns.size}`);
      } else {
        const type = cell('Type').toUpperCase();
        if (type !== 'WIFI') {
          otherRadios.set(type || '(none)', (otherRadios.get(type || '(none)') ?? 0) + 1);
        } else {
          wifiRows++;
          addSighting(collector, cell, where, options);
        }
      }
      if (collector.full) break;
    }
  } catch (err) {
    if (err instanceof TrackImportError) throw err;
    const e = err as { code?: string; lines?: number; message?: string };
    if (typeof e.code === 'string' && e.code.startsWith('CSV_')) {
      throw new TrackImportError([{ where: `line ${e.lines ?? '?'}`, field: 'file', message: `not valid CSV (${e.message ?? e.code})` }]);
    }
    throw err;
  } finally {
    rest.unpipe(parser);
    rest.resume();
    input.resume();
  }
  if (!columns) checkColumns([]);
  const others = [...otherRadios.entries()].sort((a, b) => b[1] - a[1]);
  const otherCount = others.reduce((s, [, n]) => s + n, 0);
  if (collector.builder.count === 0 && collector.issues.length === 0) {
    const message =
      wifiRows === 0
        ? `the file holds no Wi-Fi sighting${otherCount > 0 ? ` (only ${others.map(([k, n]) => `${n} ${k}`).join(', ')})` : ''}`
        : `none of the ${wifiRows} Wi-Fi sightings lies on this floor plan: check the plan's control points`;
    collector.issue('file', 'CurrentLatitude', message);
  }
  if (otherCount > 0) {
    collector.skip(
      'file',
      `${otherCount} sighting${otherCount === 1 ? '' : 's'} of other radios left out (${others.map(([k, n]) => `${k} ${n}`).join(', ')}): only Wi-Fi is imported`,
    );
  }
  return collector.finish();
}

function addSighting(collector: SampleCollector, cell: (name: string) => string, where: string, options: ImportOptions): void {
  const issues: ImportIssue[] = [];
  const at = placeLatLon(cell('CurrentLatitude'), cell('CurrentLongitude'), LATLON, where, options.georeference!, options.imageSize, issues);
  for (const i of issues) collector.issue(i.where, i.field, i.message);
  if (at.kind === 'invalid') return;
  if (at.kind === 'skipped') {
    collector.skip(where, at.message);
    return;
  }
  const frequency = Number(cell('Frequency'));
  const known = Number.isFinite(frequency) && frequency > 0;
  collector.addFields(
    {
      time: firstSeen(cell('FirstSeen')),
      x: at.x,
      y: at.y,
      technology: known && wifiBand(frequency) === '6GHz' ? 'wifi6e' : 'wifi4',
      networkId: cell('MAC'),
      name: cell('SSID'),
      // WiGLE writes the channel always and the frequency from 1.6 on; the frequency tells 6 GHz from 5 GHz.
      ...(known ? { frequency } : { channel: cell('Channel') }),
      signal: cell('RSSI'),
    },
    where,
  );
}
