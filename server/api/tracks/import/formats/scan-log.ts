/**
 * Scan logs: Linux Wi-Fi scans as people save them — the output of `iw dev <if> scan`, of
 * `nmcli -t -f …` / `nmcli -g …` or of nmcli's default table, with or without the shell prompt
 * and command lines, with or without the times and positions of the scans. Each line is read for
 * what it is (docs/survey-formats.md, "Scan logs"):
 *
 * - `# at x=120 y=340 t=…` gives the position and time of the scans after it (`# at t=…` the
 *   time only); a line holding only a timestamp (`date`, `date -Iseconds`) gives the time;
 * - a command line (`pi@host:~ $ sudo iw wlan0 scan`, `$ nmcli -t -f BSSID,… dev wifi list`,
 *   `# nmcli -g …`) says what the output after it is, nmcli's field list included;
 * - iw's `BSS …` entries, nmcli's terse lines and nmcli's table (told by its header row) are the
 *   networks heard.
 *
 * Scans with no position at all make an unplaced track: its samples keep NaN positions until the
 * user places the walk on the floor page. Without any time either, scans are numbered 0, 1, 2…
 * (a new scan starts at a command line or where a network heard already is heard again).
 */
import { MAX_REPORTED_ISSUES, type SkippedLines } from '../import-error.js';
import { SampleCollector, type ImportedTrack, type ImportOptions } from '../sample-collector.js';
import { wifiTechnology, type WifiGeneration } from './wifi-generation.js';

export const DEFAULT_NMCLI_FIELDS = ['BSSID', 'SSID', 'CHAN', 'FREQ', 'SIGNAL'];
/** What `nmcli -t dev wifi list` prints without -f (NetworkManager 1.16 and later). */
const NMCLI_COMMON_FIELDS = ['IN-USE', 'BSSID', 'SSID', 'MODE', 'CHAN', 'RATE', 'SIGNAL', 'BARS', 'SECURITY'];
/** The command to suggest when nmcli output cannot be read. */
export const NMCLI_ADVICE = 'nmcli -t -f BSSID,SSID,CHAN,FREQ,SIGNAL dev wifi list';

/**
 * NetworkManager turns dBm into its percentage linearly between −100 dBm (0 %) and −40 dBm
 * (100 %) (nm_wifi_utils_level_to_quality), so the percentage is read back as −100 + 0.6 · q,
 * to a tenth of a dB. It is coarser than iw's dBm: one percent is 0.6 dB, and everything at or
 * above −40 dBm is 100 %, at or below −100 dBm 0 %.
 */
export function nmcliPercentToDbm(percent: number): number {
  return Math.round((-100 + 0.6 * percent) * 10) / 10;
}

/** The samples' position and time, from the last `# at` or time line; absent before any. */
interface Context {
  time: string;
  x?: string;
  y?: string;
  valid: boolean;
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
  at?: Where;
}

/** Where and when a sample was taken: x and y absent for an unplaced scan. */
type Where = { time: string; x?: string; y?: string };

/** nmcli's table: each column from where its header word starts. */
interface TableColumns {
  names: string[];
  starts: number[];
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

const AT_LINE = /^#\s*at\b(.*)$/i;
/** `user@host:~ $`, `root@host:/# `, `$`, `%`, `>`, or a `#` comment line, then a command. */
const PROMPT = /^(?:\([^)]*\)\s*)?(?:[\w.-]+@[\w.-]+(?::[^\s$#%>]*)?\s*[$#%>]|[$#%>])\s*(.*)$/;
const SCAN_COMMAND = /^(?:sudo\s+(?:-\S+\s+)*)?(?:\S*\/)?(iw|nmcli|iwlist)(?:\s+(.*))?$/;
const ISO_TIME = /^(\d{4}-\d\d-\d\d)[T ](\d\d:\d\d(?::\d\d(?:[.,]\d+)?)?)\s*(Z|[+-]\d\d(?::?\d\d)?)?$/;
const DATE_TIME = /^[A-Z][a-z]{2},? +[A-Z][a-z]{2} +\d{1,2} +\d\d:\d\d:\d\d(?: +[A-Z]{2,5})? +\d{4}$/;
const BSS_LINE = /^BSS\s+([0-9a-fA-F]{2}(?::[0-9a-fA-F]{2}){5})\b/;

/**
 * A line holding a command for one of the scanners: which, and its arguments. After a prompt the
 * command may be compound (`while true; do date; nmcli -t dev wifi list; sleep 5; done`): the
 * scanner's part is the one read.
 */
export function scanCommand(line: string): { tool: 'iw' | 'nmcli' | 'iwlist'; args: string } | undefined {
  const prompt = PROMPT.exec(line);
  if (!prompt) {
    // Without a prompt, only a line that plainly is such a command.
    const command = line.trim();
    if (!/^(?:sudo\s+)?(?:iw\s+(?:dev\s+)?\S+\s+scan\b|nmcli\s|iwlist\s)/.test(command)) return undefined;
    return commandOf(command);
  }
  for (const part of prompt[1]!.split(/;|&&|\|\||\||\bdo\b|\bthen\b/)) {
    const found = commandOf(part.trim());
    if (found) return found;
  }
  return undefined;
}

function commandOf(command: string): { tool: 'iw' | 'nmcli' | 'iwlist'; args: string } | undefined {
  const m = SCAN_COMMAND.exec(command);
  return m ? { tool: m[1] as 'iw' | 'nmcli' | 'iwlist', args: m[2] ?? '' } : undefined;
}

/** A shell prompt followed by some other command (`pi@host:~ $ date`, `$ sleep 2`). */
function otherCommand(line: string): boolean {
  const prompt = PROMPT.exec(line);
  return prompt !== null && !line.startsWith('#') && !/^[>]/.test(line);
}

/** Epoch seconds of a line that holds only a timestamp, as `date` and `date -Iseconds` print it. */
export function timestampLine(line: string): number | undefined {
  const text = line.trim();
  const iso = ISO_TIME.exec(text);
  if (iso) {
    const zone = iso[3] ?? 'Z';
    const ms = Date.parse(`${iso[1]}T${iso[2]!.replace(',', '.')}${zone.length === 3 ? `${zone}:00` : zone}`);
    return Number.isNaN(ms) ? undefined : ms / 1000;
  }
  if (DATE_TIME.test(text)) {
    const ms = Date.parse(text);
    return Number.isNaN(ms) ? Number.NaN : ms / 1000;
  }
  return undefined;
}

/** nmcli's table header: upper-case column names, among them SSID or BSSID, and SIGNAL. */
function tableHeader(line: string): TableColumns | undefined {
  if (!/^\s*(?:IN-USE\s+|\*\s+)?[A-Z][A-Z0-9-]*(?:\s+[A-Z][A-Z0-9-]*)+\s*$/.test(line)) return undefined;
  const names: string[] = [];
  const starts: number[] = [];
  for (const m of line.matchAll(/\S+/g)) {
    names.push(m[0] === '*' ? 'IN-USE' : m[0]);
    starts.push(m.index);
  }
  if (!names.includes('SSID') && !names.includes('BSSID')) return undefined;
  return { names, starts };
}

/** The field list of an nmcli command line; a string when the output cannot be read. */
function nmcliFieldsOf(args: string): { mode: 'terse'; fields: string[] } | { mode: 'table' } | { mode: 'refused'; reason: string } {
  const words = args.trim().split(/\s+/);
  let terse = false;
  let fields: string | undefined;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const value = (): string | undefined => {
      const eq = w.indexOf('=');
      return eq > 0 ? w.slice(eq + 1) : words[++i];
    };
    if (w === '-t' || w === '--terse') terse = true;
    else if (w === '-g' || w.startsWith('--get-values') || w === '--get') {
      terse = true;
      fields = value();
    } else if (w === '-f' || w.startsWith('--fields')) fields = value();
    else if (w === '-m' || w.startsWith('--mode')) {
      if (value() === 'multiline') return { mode: 'refused', reason: "nmcli's multiline mode (-m multiline) is not read" };
    } else if (w === '-p' || w === '--pretty') return { mode: 'refused', reason: "nmcli's pretty mode (-p) is not read" };
    else if (/^-[a-z]*[tg][a-z]*$/.test(w) && w.length > 2) terse = true;
  }
  const list = fields?.split(',').map((f) => f.trim().toUpperCase());
  if (list && (list.includes('ALL') || list.includes('COMMON'))) {
    return { mode: 'refused', reason: `-f ${fields} lists different fields in each nmcli version; name them` };
  }
  if (!terse) return { mode: 'table' };
  const named = list ?? NMCLI_COMMON_FIELDS;
  if (!named.includes('BSSID') || !named.includes('SIGNAL') || !(named.includes('FREQ') || named.includes('CHAN'))) {
    return {
      mode: 'refused',
      reason: `the fields ${named.join(',')} lack ${['BSSID', 'SIGNAL']
        .filter((f) => !named.includes(f))
        .concat(named.includes('FREQ') || named.includes('CHAN') ? [] : ['FREQ or CHAN'])
        .join(' and ')}`,
    };
  }
  return { mode: 'terse', fields: named };
}

export function importScanLog(text: string, options: ImportOptions): ImportedTrack & { skipped: SkippedLines } {
  const collector = new SampleCollector(options);
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const skipped: SkippedLines = { count: 0, lines: [] };
  const skip = (where: string, message: string): void => {
    skipped.count++;
    if (skipped.lines.length < MAX_REPORTED_ISSUES) skipped.lines.push({ where, field: 'file', message });
  };
  // Output before the first time or position is an error only when the file has them.
  const timed = lines.some((l) => AT_LINE.test(l) || timestampLine(l) !== undefined);
  let context: Context | undefined;
  let ordinal = -1;
  let seen = new Set<string>();
  let entry: IwEntry | undefined;
  let nmcliFields = DEFAULT_NMCLI_FIELDS;
  let table: TableColumns | undefined;
  /** iw's output expected, from a command line or a BSS line: other lines are then not nmcli. */
  let iw = false;
  let refusedBy: string | undefined;
  let orphanReported = false;

  const newScan = (): void => {
    seen = new Set();
    if (!context) ordinal++;
  };
  /** Where the next sample is: x/y absent for an unplaced scan, time an ordinal without a clock. */
  const where0 = (): Where => (context ? { time: context.time, x: context.x, y: context.y } : { time: String(Math.max(ordinal, 0)) });
  const ready = (where: string): boolean => {
    if (context) return context.valid;
    if (timed) {
      if (!orphanReported) collector.issue(where, 'time', 'scan output before the first time or position line ("# at x=… y=… t=…", or a timestamp as date -Iseconds prints it)');
      orphanReported = true;
      return false;
    }
    if (ordinal < 0) ordinal = 0;
    return true;
  };
  const heard = (id: string): void => {
    // Without a clock, a network heard again means the next scan has begun.
    const key = id.toLowerCase();
    if (!context && seen.has(key)) newScan();
    seen.add(key);
  };

  const flush = (): void => {
    if (!entry) return;
    const e = entry;
    entry = undefined;
    if (e.signal === undefined) {
      collector.issue(e.where, 'signal', e.otherSignal ? `"signal: ${e.otherSignal}" is not in dBm (this driver reports its own scale)` : 'the entry has no "signal: … dBm" line');
      return;
    }
    collector.addFields(
      {
        time: e.at!.time,
        x: e.at!.x,
        y: e.at!.y,
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

    const at = AT_LINE.exec(line);
    if (at) {
      flush();
      const v = positionLine(at[1]!);
      const missing = (v.x === undefined) === (v.y === undefined) ? (v.t ? [] : ['t']) : [v.x === undefined ? 'x' : 'y', ...(v.t ? [] : ['t'])];
      if (missing.length > 0) {
        collector.issue(where, missing[0]!, `a position line gives t= and, for a placed scan, x= and y= (missing ${missing.join(', ')})`);
        context = { time: '', valid: false };
        continue;
      }
      const before = collector.issues.length;
      // The position is checked once, here, as a point of the walked path.
      if (v.x !== undefined) collector.add({ time: v.t, x: v.x, y: v.y }, where);
      else collector.checkTime(v.t!, where);
      context = { time: v.t!, x: v.x, y: v.y, valid: collector.issues.length === before };
      newScan();
      iw = false;
      continue;
    }
    const stamp = timestampLine(line);
    if (stamp !== undefined) {
      flush();
      if (Number.isNaN(stamp)) {
        collector.issue(where, 'time', `"${line.trim()}" names a time zone this reader does not know: print times with date -Iseconds`);
        context = { time: '', valid: false };
      } else context = { time: String(stamp), valid: true };
      newScan();
      iw = false;
      continue;
    }
    const command = scanCommand(line);
    if (command) {
      flush();
      newScan();
      table = undefined;
      refusedBy = undefined;
      if (command.tool === 'iwlist') {
        collector.issue(where, 'file', "iwlist's output is not read: run sudo iw dev wlan0 scan instead");
        refusedBy = where;
      } else if (command.tool === 'iw') {
        iw = true;
      } else {
        iw = false;
        const read = nmcliFieldsOf(command.args);
        if (read.mode === 'refused') {
          collector.issue(where, 'file', `${read.reason}: run ${NMCLI_ADVICE} instead`);
          refusedBy = where;
        } else if (read.mode === 'terse') nmcliFields = read.fields;
      }
      continue;
    }
    if (line.startsWith('#')) {
      skip(where, 'a comment');
      continue;
    }
    if (otherCommand(line)) {
      flush();
      skip(where, PROMPT.exec(line)![1]!.trim() === '' ? 'a shell prompt' : 'a shell command that is not a scan');
      continue;
    }
    if (/^\^[A-Z\\]$/.test(line.trim())) {
      skip(where, 'a control key the terminal echoed');
      continue;
    }
    if (refusedBy) continue;

    const bss = BSS_LINE.exec(line);
    if (bss || /^BSS\s/.test(line)) {
      flush();
      iw = true;
      table = undefined;
      if (!bss) {
        collector.issue(where, 'networkId', 'a "BSS" line starts with the BSSID, like BSS 0a:1b:2c:3d:4e:5f(on wlan0)');
        continue;
      }
      if (!ready(where)) continue;
      heard(bss[1]!);
      entry = { where, mac: bss[1]!, ssid: '', at: where0() };
      continue;
    }
    if (/^\s/.test(line) && (entry || iw)) {
      if (entry) readIwLine(line.trim(), entry);
      continue;
    }
    flush();
    const header = tableHeader(line);
    if (header) {
      iw = false;
      table = header;
      const missing = ['BSSID', 'SIGNAL'].filter((f) => !header.names.includes(f));
      if (!header.names.includes('FREQ') && !header.names.includes('CHAN')) missing.push('FREQ or CHAN');
      if (missing.length > 0) {
        collector.issue(where, 'file', `this nmcli table has no ${missing.join(' and ')} column: run ${NMCLI_ADVICE} instead (LC_ALL=C if nmcli prints translated headers)`);
        refusedBy = where;
      }
      continue;
    }
    if (/^[=-]{3,}$/.test(line.trim())) {
      skip(where, "a rule of nmcli's pretty output");
      continue;
    }
    if (iw && !table) {
      collector.issue(where, 'networkId', 'not a line of iw scan output (expected a "BSS" line or an indented line of its entry)');
      continue;
    }
    if (!ready(where)) continue;
    if (table) readTableLine(raw, where, table, where0(), heard, collector);
    else readNmcliLine(line, where, nmcliFields, where0(), heard, collector);
  }
  flush();
  return { ...collector.finish(), skipped };
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

type Heard = (networkId: string) => void;

function addNmcli(field: (name: string) => string | undefined, where: string, at: Where, heard: Heard, collector: SampleCollector): void {
  const signal = field('SIGNAL') ?? '';
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
  const bssid = field('BSSID');
  if (bssid) heard(bssid);
  // Built field by field (a spread makes a slow object, and this runs once per network per scan).
  collector.addFields(
    {
      time: at.time,
      x: at.x,
      y: at.y,
      technology: wifiTechnology(undefined, frequency === undefined ? undefined : Number(frequency)),
      networkId: bssid,
      name: ssid === '--' ? '' : ssid,
      frequency,
      channel: frequency === undefined ? field('CHAN') : undefined,
      signal: nmcliPercentToDbm(Number(signal)),
    },
    where,
  );
}

function readNmcliLine(line: string, where: string, names: string[], at: Where, heard: Heard, collector: SampleCollector): void {
  const values = terseFields(line);
  if (values.length !== names.length) {
    collector.issue(
      where,
      'file',
      values.length === 1
        ? `not a line of nmcli's terse output (no ":"): run ${NMCLI_ADVICE}`
        : `has ${values.length} nmcli fields; ${names.length} are declared (${names.join(',')}): put the command line (${NMCLI_ADVICE}) above the output`,
    );
    return;
  }
  addNmcli(
    (name) => {
      const i = names.indexOf(name);
      return i < 0 ? undefined : values[i]!.trim();
    },
    where,
    at,
    heard,
    collector,
  );
}

/** A row of nmcli's table, cut at the header's column starts (the SSID may hold spaces). */
function readTableLine(line: string, where: string, columns: TableColumns, at: Where, heard: Heard, collector: SampleCollector): void {
  const { names, starts } = columns;
  addNmcli(
    (name) => {
      const i = names.indexOf(name);
      if (i < 0) return undefined;
      return line.slice(starts[i], i + 1 < starts.length ? starts[i + 1] : undefined).trim();
    },
    where,
    at,
    heard,
    collector,
  );
}
