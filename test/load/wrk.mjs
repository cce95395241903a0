/**
 * One wrk run and what the table needs from it: requests per second, the 50th and 99th
 * percentile latencies (from `--latency`), and every sign the run was not clean (non-2xx
 * answers, socket errors), since a fast stream of 401s would look like a fast proxy.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir, runToEnd } from './processes.mjs';

const UNIT_MS = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

function toMs(text) {
  const match = /^([\d.]+)(us|ms|s|m|h)$/.exec(text.trim());
  return match ? Number(match[1]) * UNIT_MS[match[2]] : NaN;
}

export function parseWrk(output) {
  const number = (pattern) => {
    const match = pattern.exec(output);
    return match ? Number(match[1]) : NaN;
  };
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  return {
    rps: number(/Requests\/sec:\s+([\d.]+)/),
    p50: toMs(/^\s+50%\s+(\S+)/m.exec(output)?.[1] ?? ''),
    p99: toMs(/^\s+99%\s+(\S+)/m.exec(output)?.[1] ?? ''),
    requests: number(/(\d+) requests in/),
    non2xx: number(/Non-2xx or 3xx responses: (\d+)/) || 0,
    socketErrors: socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
  };
}

/**
 * wrk sends another method, a body or more than one path only from a Lua script; JSON string
 * escapes are Lua's too. `paths` are sent in turn, each connection going on where the last left.
 */
function requestScript(method, body, paths) {
  const file = join(makeTempDir('wrk-request'), 'request.lua');
  let script = `wrk.method = ${JSON.stringify(method)}\n${body === undefined ? '' : `wrk.body = ${JSON.stringify(body)}\n`}`;
  if (paths) {
    script += `local paths = {${paths.map((path) => JSON.stringify(path)).join(', ')}}\nlocal at = 0\n`;
    script += 'request = function()\n  at = at % #paths + 1\n  return wrk.format(nil, paths[at])\nend\n';
  }
  writeFileSync(file, script);
  return file;
}

/** `paths`: send these paths (on `url`'s origin) in turn rather than `url`'s own. */
export async function runWrk(wrkBin, { url, headers = {}, seconds, connections = 50, threads = 1, method = 'GET', body, paths }) {
  const args = [`-t${threads}`, `-c${connections}`, `-d${seconds}s`, '--latency'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  if (method !== 'GET' || body !== undefined || paths) args.push('-s', requestScript(method, body, paths));
  args.push(url);
  const out = await runToEnd(wrkBin, args, { timeoutMs: (seconds + 15) * 1000 });
  if (out.code !== 0) throw new Error(`wrk exited ${out.code}: ${out.stderr.trim() || out.stdout.trim()}`);
  const result = parseWrk(out.stdout);
  if (!Number.isFinite(result.rps)) throw new Error(`could not read wrk's output:\n${out.stdout}`);
  return { ...result, raw: out.stdout };
}
