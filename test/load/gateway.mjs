/**
 * The gateway as production runs it: the built `dist/server/main.js` in a node process of its
 * own, configured only through environment variables, with a clean environment so a
 * developer's own REDIS_URL or SESSION_CACHE_TTL cannot change what is measured.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, httpGet, makeTempDir, startProcess, stopProcess, waitForHttp } from './processes.mjs';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MAIN = join(REPO_ROOT, 'dist', 'server', 'main.js');

/** `env`: more variables for this gateway (another upstream's URL and token). */
export async function startGateway({ name, apiUrl, identityUrl, logLevel, assertionSecret, internalToken, metricsToken, cpuProfDir, workers = 1, env: more = {} }) {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first (npm run bench does)`);
  const port = await freePort();
  const dir = makeTempDir(`gateway-${logLevel}-${workers}`);
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    IDENTITY_PUBLIC_URL: identityUrl,
    API_URL: apiUrl,
    ASSERTION_SECRET: assertionSecret,
    INTERNAL_TOKEN: internalToken,
    // Only enables GET /bff/metrics, read after a row to tell which answers were not 2xx.
    METRICS_TOKEN: metricsToken,
    LOG_LEVEL: logLevel,
    GATEWAY_WORKERS: String(workers),
    DATA_DIR: join(dir, 'data'),
    WEB_ROOT: join(dir, 'web'),
    NODE_ENV: 'production',
    ...more,
  };
  const nodeArgs = cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`, `--cpu-prof-name=gateway-${logLevel}-${Date.now()}.cpuprofile`] : [];
  // Logs go to a file, as to a container runtime's log driver; at info that is one line per request.
  const handle = startProcess(name, process.execPath, [...nodeArgs, MAIN], { env, cwd: REPO_ROOT, logFile: join(dir, 'gateway.log') });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/bff/health`, { handle, timeoutMs: 20_000 });
  return {
    url,
    pid: handle.child.pid,
    handle,
    logFile: handle.logFile,
    // SIGTERM lets main.ts drain and exit normally, which is also when --cpu-prof writes.
    stop: () => stopProcess(handle, { graceMs: 12_000 }),
    /** Answers so far by status class ("2xx", "5xx"), from the gateway's own metrics. */
    statusClasses: async () => {
      const text = (await httpGet(`${url}/bff/metrics`, { authorization: `Bearer ${metricsToken}` })).body;
      const counts = {};
      for (const match of text.matchAll(/^sitewave_gateway_request_duration_seconds_count\{[^}]*status="(\w+)"[^}]*\} (\d+)/gm)) {
        counts[match[1]] = (counts[match[1]] ?? 0) + Number(match[2]);
      }
      return counts;
    },
  };
}
