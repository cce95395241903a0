/**
 * The outside programs the bench uses: wrk (load generator), nginx (the reference proxy) and
 * Chromium (the /login download), all from Debian. Missing ones are installed once with apt-get when we are
 * root; if that is impossible the bench falls back to autocannon and skips the nginx rows.
 */
import { accessSync, constants, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';
import { runToEnd } from './processes.mjs';

const APT_TIMEOUT_MS = 5 * 60_000;

/** Where `name` is on PATH (or in the sbin dirs a non-login shell may leave out), else null. */
export function which(name) {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin', '/sbin'];
  for (const dir of dirs) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not here.
    }
  }
  return null;
}

export async function ensureTools(say) {
  let wrk = which('wrk');
  let nginx = which('nginx');
  // Chromium measures what the first visit to /login downloads.
  const chromium = process.env.CHROMIUM_PATH ?? which('chromium');
  const missing = [!wrk && 'wrk', !nginx && 'nginx', !chromium && 'chromium'].filter(Boolean);
  if (missing.length > 0) {
    if (process.getuid?.() !== 0) {
      say(`${missing.join(' and ')} missing and not root: cannot apt-get install them`);
    } else if (!which('apt-get')) {
      say(`${missing.join(' and ')} missing and no apt-get on this machine`);
    } else {
      say(`installing ${missing.join(' and ')} from Debian (apt-get update + install, once) ...`);
      const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
      try {
        const update = await runToEnd('apt-get', ['update'], { timeoutMs: APT_TIMEOUT_MS, env });
        if (update.code !== 0) say(`apt-get update failed (${update.code}):\n${update.stderr.trim().split('\n').slice(-5).join('\n')}`);
        const install = await runToEnd('apt-get', ['install', '-y', '--no-install-recommends', ...missing], { timeoutMs: APT_TIMEOUT_MS, env });
        if (install.code !== 0) say(`apt-get install failed (${install.code}):\n${install.stderr.trim().split('\n').slice(-5).join('\n')}`);
      } catch (error) {
        say(`apt-get failed: ${error.message}`);
      }
      wrk = which('wrk');
      nginx = which('nginx');
      // Debian's package starts a system nginx unless policy-rc.d forbids it; it is not ours to stop.
      if (missing.includes('nginx') && nginx && existsSync('/run/nginx.pid'))
        say('note: the nginx package started a system nginx (/run/nginx.pid); the bench does not use or stop it');
    }
  }
  const autocannon = wrk ? null : autocannonBin();
  return { wrk, nginx, autocannon };
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

export async function versions({ wrk, nginx }) {
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
  return lines;
}
