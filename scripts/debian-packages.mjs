/**
 * Outside programs from Debian that the tests and the bench drive (Chromium, poppler-utils, wrk,
 * nginx): where they are, and installing the missing ones once with apt-get when we are root, so
 * `npm test` and `npm run bench` work as written on a fresh machine. Where installing is
 * impossible the caller is told why and goes on: the test or row that needs the program says so.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

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

/** Installs the Debian `packages` (none when empty); `say` hears what happened. */
export function aptInstall(packages, say) {
  if (packages.length === 0) return;
  const names = packages.join(' and ');
  if (process.getuid?.() !== 0) return say(`${names} missing and not root: cannot apt-get install them`);
  if (!which('apt-get')) return say(`${names} missing and no apt-get on this machine`);
  say(`installing ${names} from Debian (apt-get update + install, once) ...`);
  const options = { encoding: 'utf8', timeout: APT_TIMEOUT_MS, env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', ...packages]]) {
    const run = spawnSync('apt-get', args, options);
    if (run.status !== 0) say(`apt-get ${args[0]} failed (${run.error?.message ?? run.status}):\n${(run.stderr ?? '').trim().split('\n').slice(-5).join('\n')}`);
  }
}
