/**
 * WiGLE CSV (`WigleWifi-1.4` and `WigleWifi-1.6`): a pre-header line naming the format version and
 * the app, then the column header `MAC,SSID,AuthMode,FirstSeen,Channel,[Frequency,]RSSI,
 * CurrentLatitude,CurrentLongitude,AltitudeMeters,AccuracyMeters,[RCOIs,MfgrId,]Type` and one
 * sighting per row. Positions are latitude/longitude, and a floor plan's calibration holds only a
 * pixel scale (two points and their distance), no geographic reference points: there is nothing to
 * place a sighting by. So a WiGLE file is recognised and checked as far as its headers, then
 * refused with that reason, rather than being misread as our own CSV.
 */
import type { Readable } from 'node:stream';
import { TrackImportError } from '../import-error.js';
import type { ImportedTrack } from '../sample-collector.js';

export const WIGLE_NOT_PLACEABLE = 'WiGLE files carry latitude/longitude; this floor plan has no geographic reference points, so the walk cannot be placed';

const VERSIONS = ['1.4', '1.6'];
const REQUIRED = ['MAC', 'SSID', 'FirstSeen', 'Channel', 'RSSI', 'CurrentLatitude', 'CurrentLongitude', 'Type'];
/** The two header lines are short; a first line longer than this is not WiGLE's. */
const MAX_HEAD_BYTES = 64 * 1024;

function refuse(where: string, field: string, message: string): never {
  throw new TrackImportError([{ where, field, message }]);
}

/** Reads the two header lines, then the rest of the upload without keeping it. */
async function headerLines(input: Readable): Promise<string[]> {
  let head = '';
  let done = false;
  for await (const chunk of input) {
    if (done) continue;
    head += Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk);
    if (head.split('\n').length > 2 || head.length > MAX_HEAD_BYTES) done = true;
  }
  return head
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .slice(0, 2);
}

export async function importWigle(input: Readable): Promise<ImportedTrack> {
  const [preHeader = '', header = ''] = await headerLines(input);
  const version = /^WigleWifi-([0-9.]+)(,|$)/.exec(preHeader)?.[1];
  if (version === undefined) refuse('line 1', 'file', 'expected the WiGLE pre-header "WigleWifi-1.4,…" or "WigleWifi-1.6,…"');
  if (!VERSIONS.includes(version)) refuse('line 1', 'file', `WiGLE format version ${version} is not read (1.4 and 1.6 are)`);
  const columns = header.split(',').map((c) => c.trim());
  const missing = REQUIRED.filter((c) => !columns.includes(c));
  if (missing.length > 0) {
    refuse('line 2', missing[0]!, `the WiGLE column header lacks ${missing.join(', ')} (columns: ${columns.join(', ') || 'none'})`);
  }
  refuse('file', 'CurrentLatitude', WIGLE_NOT_PLACEABLE);
}
