/**
 * Scan logs: the output of Linux `iw dev <if> scan` or `nmcli -t -f … dev wifi list`, taken at
 * points of a walk. The file is a sequence of blocks, each opened by a position line
 *
 *     # at x=120 y=340 t=2026-05-01T10:00:00Z
 *
 * (floor plan pixels; t in seconds or ISO 8601) and followed by one scan's raw output. Whether a
 * block is iw or nmcli is told by its first line (`BSS …` is iw). nmcli's terse output has no
 * header, so its fields are named by a line `# nmcli -t -f BSSID,SSID,CHAN,FREQ,SIGNAL …` (that
 * list is assumed until one is given). Other lines starting with `#` are comments.
 */
import { SampleCollector, type ImportedTrack, type ImportOptions } from '../sample-collector.js';
import { wifiTechnology, type WifiGeneration } from './wifi-generation.js';

export const DEFAULT_NMCLI_FIELDS = ['BSSID', 'SSID', 'CHAN', 'FREQ', 'SIGNAL'];

/** NetworkManager's signal percentage is 120 + dBm between −90 dBm (30 %) and −20 dBm (100 %). */
function nmcliPercentToDbm(percent: number): number {
  return Math.max(percent, 30) - 120;
}

interface Block {
  time: string;
  x: string;
  y: string;
  valid: boolean;
  kind?: 'iw' | 'nmcli';
}

interface IwEntry {
  where: string;
  mac: string;
  ssid: string;
  frequency?: number;
  channel?: number;
  signal?: number;
  /** A signal line not in dBm (some drivers report their own scale). */
  otherSignal?: string;
  generation?: WifiGeneration;
}

/** iw writes SSID bytes that are not printable (and edge spaces, and `\`) as \xNN. */
function iwSsid(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const escaped = /^\\x([0-9a-fA-F]{2})/.exec(text.slice(i, i + 4));
    if (escaped) {
      bytes.push(parseInt(escaped[1]!, 16));
      i += 3;
    } else bytes.push(...Buffer.from(text[i]!, 'utf8'));
  }
  // A hidden network sends a zero-filled SSID.
  if (bytes.every((b) => b === 0)) return '';
  return Buffer.from(bytes).toString('utf8');
}

/** nmcli -t separates fields with `:` and escapes `:` and `\` inside values with `\`. */
function terseFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === '\\' && i + 1 < line.length) field += line[++i];
    else if (c === ':') {
      fields.push(field);
      field = '';
    } else field += c;
  }
  fields.push(field);
  return fields;
}

function positionLine(rest: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const token of rest.trim().split(/\s+/)) {
    const eq = token.indexOf('=');
    if (eq > 0) values[token.slice(0, eq).toLowerCase()] = token.slice(eq + 1);
  }
  return values;
}

export function importScanLog(text: string, options: ImportOptions): ImportedTrack {
  const collector = new SampleCollector(options);
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  let block: Block | undefined;
  let entry: IwEntry | undefined;
  let nmcliFields = DEFAULT_NMCLI_FIELDS;
  let orphanReported = false;
  let strayIw = false;

  const flush = (): void => {
    if (!entry || !block) return;
    const e = entry;
    entry = undefined;
    if (e.signal === undefined) {
      collector.issue(e.where, 'signal', e.otherSignal ? `"signal: ${e.otherSignal}" is not in dBm (this driver reports its own scale)` : 'the entry has no "signal: … dBm" line');
      return;
    }
    collector.add(
      {
        time: block.time,
        x: block.x,
        y: block.y,
        technology: wifiTechnology(e.generation, e.frequency),
        networkId: e.mac,
        name: e.ssid,
        frequency: e.frequency,
        channel: e.frequency === undefined ? e.channel : undefined,
        signal: e.signal,
      },
      e.where,
    );
  };

  for (const [i, raw] of lines.entries()) {
    if (collector.full) break;
    const where = `line ${i + 1}`;
    const line = raw.trimEnd();
    if (line.trim() === '') continue;
    const directive = /^#\s*(at|nmcli)\b(.*)$/i.exec(line);
    if (directive) {
      flush();
      strayIw = false;
      if (directive[1]!.toLowerCase() === 'at') {
        const v = positionLine(directive[2]!);
        const missing = ['x', 'y', 't'].filter((k) => v[k] === undefined || v[k] === '');
        if (missing.length > 0) {
          collector.issue(where, missing[0]!, `a position line gives x=, y= and t= (missing ${missing.join(', ')})`);
          block = { time: '', x: '', y: '', valid: false };
          continue;
        }
        const before = collector.issues.length;
        // The position is checked once, here, as a point of the walked path.
        collector.add({ time: v.t, x: v.x, y: v.y }, where);
        block = { time: v.t!, x: v.x!, y: v.y!, valid: collector.issues.length === before };
      } else {
        const listed = /(?:^|\s)(?:-f|--fields)\s+(\S+)/.exec(directive[2]!)?.[1];
        const fields = listed?.split(',').map((f) => f.trim().toUpperCase());
        if (!fields || !fields.includes('BSSID') || !fields.includes('SIGNAL') || !(fields.includes('FREQ') || fields.includes('CHAN'))) {
          collector.issue(
            where,
            'file',
            'an nmcli line names its fields with -f, among them BSSID, SIGNAL and FREQ or CHAN (e.g. # nmcli -t -f BSSID,SSID,CHAN,FREQ,SIGNAL dev wifi list)',
          );
        } else nmcliFields = fields;
      }
      continue;
    }
    if (line.startsWith('#')) continue;
    if (!block) {
      if (!orphanReported) collector.issue(where, 'x', 'scan output before the first position line "# at x=… y=… t=…"');
      orphanReported = true;
      continue;
    }
    if (!block.valid) continue;
    const bss = /^BSS\s+([0-9a-fA-F]{2}(?::[0-9a-fA-F]{2}){5})\b/.exec(line);
    block.kind ??= /^BSS\s/.test(line) ? 'iw' : 'nmcli';
    if (block.kind === 'iw') {
      if (bss) {
        flush();
        entry = { where, mac: bss[1]!, ssid: '' };
      } else if (/^\s/.test(line) && entry) {
        readIwLine(line.trim(), entry);
      } else {
        flush();
        collector.issue(
          where,
          'networkId',
          line.startsWith('BSS') ? 'a "BSS" line starts with the BSSID, like BSS 0a:1b:2c:3d:4e:5f(on wlan0)' : 'not a line of iw scan output (this block began with a "BSS" line)',
        );
      }
      continue;
    }
    if (/^BSS\s/.test(line)) {
      collector.issue(where, 'file', 'iw output in a block that began with nmcli lines: start a new block with "# at …"');
      strayIw = true;
      continue;
    }
    // The indented lines of that iw entry say nothing more.
    if (strayIw && /^\s/.test(line)) continue;
    strayIw = false;
    readNmcliLine(line, where, nmcliFields, block, collector);
  }
  flush();
  return collector.finish();
}

function readIwLine(line: string, entry: IwEntry): void {
  let m: RegExpExecArray | null;
  if ((m = /^freq:\s*([0-9.]+)/.exec(line))) entry.frequency = Number(m[1]);
  else if ((m = /^signal:\s*(-?[0-9.]+)\s*dBm/.exec(line))) entry.signal = Number(m[1]);
  else if ((m = /^signal:\s*(.*)$/.exec(line))) entry.otherSignal = m[1];
  else if ((m = /^SSID:\s?(.*)$/.exec(line))) entry.ssid = iwSsid(m[1]!);
  else if ((m = /^DS Parameter set: channel (\d+)/.exec(line))) entry.channel = Number(m[1]);
  else if ((m = /^\* primary channel: (\d+)/.exec(line))) entry.channel ??= Number(m[1]);
  else if (line.startsWith('EHT capabilities')) entry.generation = 7;
  else if (line.startsWith('HE capabilities')) entry.generation = Math.max(entry.generation ?? 0, 6) as WifiGeneration;
  else if (line.startsWith('VHT capabilities')) entry.generation = Math.max(entry.generation ?? 0, 5) as WifiGeneration;
  else if (line.startsWith('HT capabilities')) entry.generation = Math.max(entry.generation ?? 0, 4) as WifiGeneration;
}

function readNmcliLine(line: string, where: string, names: string[], block: Block, collector: SampleCollector): void {
  const values = terseFields(line);
  if (values.length !== names.length) {
    collector.issue(where, 'file', `has ${values.length} nmcli fields; ${names.length} are declared (${names.join(',')})`);
    return;
  }
  const field = (name: string): string | undefined => {
    const i = names.indexOf(name);
    return i < 0 ? undefined : values[i]!.trim();
  };
  const signal = field('SIGNAL')!;
  if (!/^\d+$/.test(signal) || Number(signal) > 100) {
    collector.issue(where, 'signal', `nmcli's SIGNAL is a percentage from 0 to 100, got "${signal}"`);
    return;
  }
  const freq = field('FREQ');
  const frequency = freq === undefined || freq === '' ? undefined : /^(\d+)(\s*MHz)?$/i.exec(freq)?.[1];
  if (freq && frequency === undefined) {
    collector.issue(where, 'frequency', `expected a frequency like "2437 MHz", got "${freq}"`);
    return;
  }
  const ssid = field('SSID') ?? '';
  collector.add(
    {
      time: block.time,
      x: block.x,
      y: block.y,
      technology: wifiTechnology(undefined, frequency === undefined ? undefined : Number(frequency)),
      networkId: field('BSSID'),
      name: ssid === '--' ? '' : ssid,
      frequency,
      channel: frequency === undefined ? field('CHAN') : undefined,
      signal: nmcliPercentToDbm(Number(signal)),
    },
    where,
  );
}
