/**
 * The proxies a security team might deploy instead of the gateway, from Debian, run from configs
 * of their own in a temp dir (never the system's): Caddy proxying straight to the API, Caddy
 * with `forward_auth` asking the gateway's `GET /bff/authz` first (the deployment bff/authz.ts is
 * for, as nginx's `auth_request` in nginx.mjs), and HAProxy proxying straight to the API. Each on
 * one core, like the one-threaded gateway: Caddy with GOMAXPROCS=1, HAProxy with `nbthread 1`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir, startProcess, stopProcess, tail, waitForHttp } from './processes.mjs';

export function caddyConfig({ apiPort, plainPort, authPort, gatewayPort, internalToken }) {
  const authSite = authPort
    ? `
http://127.0.0.1:${authPort} {
	route /api/* {
		forward_auth 127.0.0.1:${gatewayPort} {
			uri /bff/authz
			header_up Authorization "Bearer ${internalToken}"
			header_up X-Original-Method {method}
			header_up X-Original-URI {uri}
			copy_headers X-Sitewave-Identity
		}
		# The API learns who calls only from the gateway's assertion, never from the client.
		request_header -Cookie
		request_header -Authorization
		reverse_proxy 127.0.0.1:${apiPort}
	}
}
`
    : '';
  return `# Written by test/load/peers.mjs for one bench run.
{
	admin off
	auto_https off
	log {
		level ERROR
	}
}

http://127.0.0.1:${plainPort} {
	reverse_proxy 127.0.0.1:${apiPort}
}
${authSite}`;
}

export function haproxyConfig({ apiPort, plainPort }) {
  return `# Written by test/load/peers.mjs for one bench run.
global
  nbthread 1
  maxconn 4096

defaults
  mode http
  timeout connect 5s
  timeout client 60s
  timeout server 60s
  # Keep client and upstream connections open, as the gateway's undici pool and nginx's keepalive do.
  option http-keep-alive
  http-reuse always

frontend plain
  bind 127.0.0.1:${plainPort}
  default_backend api

backend api
  server api 127.0.0.1:${apiPort}
`;
}

async function startPeer(name, bin, args, { dir, probeUrl, env }) {
  const handle = startProcess(name, bin, args, { logFile: join(dir, 'stdout.log'), env });
  try {
    // Any path proves the listener is up; the API answers its probe.
    await waitForHttp(probeUrl, { handle, timeoutMs: 10_000 });
  } catch (error) {
    await stopProcess(handle);
    throw new Error(`${error.message}\n${tail(join(dir, 'stdout.log'))}`, { cause: error });
  }
  return { handle, pid: handle.child.pid, stop: () => stopProcess(handle, { graceMs: 3_000 }) };
}

/** Caddy on the config above, on one core; `stop()` ends it. */
export async function startCaddy(caddyBin, options) {
  const dir = makeTempDir('caddy');
  const config = join(dir, 'Caddyfile');
  writeFileSync(config, caddyConfig(options));
  return startPeer('caddy (GOMAXPROCS=1)', caddyBin, ['run', '--config', config, '--adapter', 'caddyfile'], {
    dir,
    probeUrl: `http://127.0.0.1:${options.plainPort}/health/ready`,
    // Its own home, so nothing of the system's Caddy (storage, autosave) is read or written.
    env: { ...process.env, GOMAXPROCS: '1', HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
  });
}

/** HAProxy on the config above, one thread, in the foreground; `stop()` ends it. */
export async function startHaproxy(haproxyBin, options) {
  const dir = makeTempDir('haproxy');
  const config = join(dir, 'haproxy.cfg');
  writeFileSync(config, haproxyConfig(options));
  return startPeer('haproxy (nbthread 1)', haproxyBin, ['-db', '-f', config], { dir, probeUrl: `http://127.0.0.1:${options.plainPort}/health/ready`, env: process.env });
}
