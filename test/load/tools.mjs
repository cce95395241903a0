/**
 * The outside programs the bench uses: wrk (load generator), nginx (the reference proxy),
 * Caddy and HAProxy (the proxies a security team might deploy instead) and Chromium (the /login
 * download), all from Debian, installed when missing (scripts/debian-packages.mjs); without them
 * the bench falls back to autocannon and skips those proxies' rows.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { aptInstall, which } from '../../scripts/debian-packages.mjs';
import { runAutocannon } from './autocannon.mjs';
import { runToEnd } from './processes.mjs';
import { runWrk } from './wrk.mjs';

export async function ensureTools(say) {
  let wrk = which('wrk');
  let nginx = which('nginx');
  let caddy = which('caddy');
  let haproxy = which('haproxy');
  // Chromium measures what the first visit to /login downloads.
  const chromium = process.env.CHROMIUM_PATH ?? which('chromium');
  const missing = [!wrk && 'wrk', !nginx && 'nginx', !caddy && 'caddy', !haproxy && 'haproxy', !chromium && 'chromium'].filter(Boolean);
  if (missing.length > 0) {
    aptInstall(missing, say);
    wrk = which('wrk');
    nginx = which('nginx');
    caddy = which('caddy');
    haproxy = which('haproxy');
    // Debian's package starts a system nginx unless policy-rc.d forbids it; it is not ours to stop.
    if (missing.includes('nginx') && nginx && existsSync('/run/nginx.pid'))
      say('note: the nginx package started a system nginx (/run/nginx.pid); the bench does not use or stop it');
  }
  const autocannon = wrk ? null : autocannonBin();
  return { wrk, nginx, caddy, haproxy, autocannon };
}

/** The load generator the rows call: wrk with one thread, or autocannon where wrk is missing. */
export function loadFor(tools) {
  return tools.wrk ? (options) => runWrk(tools.wrk, { ...options, threads: 1 }) : (options) => runAutocannon(tools.autocannon, options);
}

/** autocannon's CLI when it is installed as a devDependency, else null. */
function autocannonBin() {
  try {
    const require = createRequire(import.meta.url);
    const pkg = require.resolve('autocannon/package.json');
    return join(pkg, '..', 'autocannon.js');
  } catch {
    return null;
  }
}

export async function versions({ wrk, nginx, caddy, haproxy }) {
  const lines = [`node ${process.version}`];
  const nproc = await runToEnd('nproc', [], { timeoutMs: 5_000 }).catch(() => null);
  lines.push(`nproc ${nproc?.stdout.trim() ?? '?'}`);
  if (wrk) {
    // `wrk -v` prints its banner and exits 1.
    const out = await runToEnd(wrk, ['-v'], { timeoutMs: 5_000 }).catch(() => null);
    lines.push(
      (out ? `${out.stdout}${out.stderr}` : 'wrk ?')
        .split('\n')[0]
        .replace(/ Copyright.*/, '')
        .trim(),
    );
  }
  if (nginx) {
    const out = await runToEnd(nginx, ['-v'], { timeoutMs: 5_000 }).catch(() => null);
    lines.push((out ? `${out.stdout}${out.stderr}` : 'nginx ?').trim().split('\n')[0]);
  }
  if (caddy) {
    const out = await runToEnd(caddy, ['version'], { timeoutMs: 5_000 }).catch(() => null);
    lines.push(`caddy ${(out?.stdout ?? '?').trim().split(' ')[0]}`);
  }
  if (haproxy) {
    const out = await runToEnd(haproxy, ['-v'], { timeoutMs: 5_000 }).catch(() => null);
    lines.push(
      (out?.stdout ?? 'HAProxy ?')
        .trim()
        .split('\n')[0]
        .replace(/ - https.*/, ''),
    );
  }
  return lines;
}
