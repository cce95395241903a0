/**
 * Where log lines go and in which form. JSON lines (pino's own) for machines: the default when
 * the output is not a terminal, or with LOG_FORMAT=json. On a terminal, one readable line per
 * entry — time, level, service, message, then the entry's fields — so `npm start` reads like a
 * program talking to a person. The same entries either way; only the rendering differs.
 */
import { Writable } from 'node:stream';
import { isMainThread } from 'node:worker_threads';
import type { LogFormat } from '../config.js';

const LEVELS: Readonly<Record<number, string>> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO ', 40: 'WARN ', 50: 'ERROR', 60: 'FATAL' };
/** Fields every entry has, or that the line shows in its own place. */
const SHOWN_APART = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'service', 'v']);

function fieldText(value: unknown): string {
  if (typeof value === 'string') return /[\s"=]/.test(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value) ?? String(value);
}

/** One pino JSON line as a person reads it; a line that is not an entry is passed through. */
export function readableLine(json: string, colour = false): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`;
  }
  const level = typeof entry.level === 'number' ? entry.level : 30;
  const time = new Date(typeof entry.time === 'number' ? entry.time : Date.now()).toTimeString().slice(0, 8);
  let label = LEVELS[level] ?? String(level);
  if (colour && level >= 40) label = `\x1b[${level >= 50 ? 31 : 33}m${label}\x1b[0m`;
  const service = typeof entry.service === 'string' ? `[${entry.service}] ` : '';
  const parts = [`${time} ${label} ${service}${typeof entry.msg === 'string' ? entry.msg : ''}`];
  for (const [key, value] of Object.entries(entry)) {
    if (SHOWN_APART.has(key) || value === undefined) continue;
    if (key === 'err' && value && typeof value === 'object') {
      const err = value as { message?: string; stack?: string };
      parts.push(`err=${fieldText(err.message ?? '')}`);
      if (err.stack && level >= 50) parts.push(`\n${err.stack.split('\n').slice(1, 4).join('\n')}`);
      continue;
    }
    parts.push(`${key}=${fieldText(value)}`);
  }
  return `${parts.join('  ')}\n`;
}

/** LOG_FORMAT, else readable on a terminal and JSON elsewhere. */
export function defaultLogFormat(env: string | undefined, stdoutIsTerminal: boolean): LogFormat {
  if (env === 'json' || env === 'pretty') return env;
  return stdoutIsTerminal ? 'pretty' : 'json';
}

/** The stream a logger writes to: undefined (pino's own standard output) for JSON. */
export function logOutput(format: LogFormat): Writable | undefined {
  if (format === 'json') return undefined;
  // A worker thread's output is piped through the main thread's: the terminal is the main thread's.
  const colour = (Boolean(process.stdout.isTTY) || !isMainThread) && !process.env.NO_COLOR;
  return new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      process.stdout.write(readableLine(String(chunk).trimEnd(), colour), () => done());
    },
  });
}
