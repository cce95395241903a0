/**
 * nginx as the reference proxy, run from a config of its own in a temp dir (never the
 * system's /etc/nginx): one server proxying straight to the API, one putting the gateway's
 * `GET /bff/authz` in front of the API with `auth_request`, the deployment bff/authz.ts is for.
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir, startProcess, stopProcess, tail, waitForHttp } from './processes.mjs';

/**
 * `workers`: `1` compares one nginx worker with the one-threaded gateway, core for core;
 * `'auto'` (one per core) shows what nginx does with the whole machine.
 */
export function nginxConfig({ dir, workers, apiPort, plainPort, authPort, gatewayPort, internalToken }) {
  const upstreamPool = (name, port) => `
    upstream ${name} {
      server 127.0.0.1:${port};
      # Reuse upstream connections, as the gateway's undici pool does.
      keepalive 64;
      keepalive_requests 1000000;
      keepalive_timeout 60s;
    }`;
  const toUpstream = `
        proxy_http_version 1.1;
        proxy_set_header Connection "";`;
  const authServer = authPort
    ? `
    server {
      listen 127.0.0.1:${authPort};
      location /api/ {
        auth_request /__authz;
        auth_request_set $identity $upstream_http_x_sitewave_identity;
        proxy_pass http://api;${toUpstream}
        # The API learns who calls only from the gateway's assertion, never from the client.
        proxy_set_header X-Sitewave-Identity $identity;
        proxy_set_header Cookie "";
        proxy_set_header Authorization "";
      }
      location = /__authz {
        internal;
        proxy_pass http://gateway/bff/authz;${toUpstream}
        proxy_pass_request_body off;
        proxy_set_header Content-Length "";
        proxy_set_header Authorization "Bearer ${internalToken}";
        proxy_set_header X-Original-Method $request_method;
        proxy_set_header X-Original-URI $request_uri;
        proxy_set_header Cookie $http_cookie;
      }
    }`
    : '';
  return `# Written by test/load/nginx.mjs for one bench run.
worker_processes ${workers};
daemon off;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;

events {
  worker_connections 4096;
}

http {
  access_log off;
  # wrk keeps its 50 connections for the whole run, as the gateway lets it; nginx's default
  # of 1000 requests per connection would add reconnects only to the nginx rows.
  keepalive_requests 1000000;
  keepalive_timeout 65s;
  client_body_temp_path ${join(dir, 'client_body')};
  proxy_temp_path ${join(dir, 'proxy')};
  fastcgi_temp_path ${join(dir, 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'uwsgi')};
  scgi_temp_path ${join(dir, 'scgi')};
${upstreamPool('api', apiPort)}
${gatewayPort ? upstreamPool('gateway', gatewayPort) : ''}

    server {
      listen 127.0.0.1:${plainPort};
      location / {
        proxy_pass http://api;${toUpstream}
      }
    }
${authServer}
}
`;
}

/** Starts nginx on the config above and waits until it answers; `stop()` kills it by pid. */
export async function startNginx(nginxBin, options) {
  const dir = makeTempDir(`nginx-${options.workers}`);
  // Workers drop root for an unprivileged user; they must still reach the temp paths.
  chmodSync(dir, 0o755);
  for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, sub));
  const config = join(dir, 'nginx.conf');
  writeFileSync(config, nginxConfig({ ...options, dir }));
  const handle = startProcess(`nginx (worker_processes ${options.workers})`, nginxBin, ['-p', dir, '-c', config, '-e', join(dir, 'error.log')], {
    logFile: join(dir, 'stdout.log'),
  });
  try {
    // Any path proves the listener is up; the API answers 404 for it, so ask for its probe.
    await waitForHttp(`http://127.0.0.1:${options.plainPort}/health/ready`, { handle, timeoutMs: 10_000 });
  } catch (error) {
    await stopProcess(handle);
    throw new Error(`${error.message}\n${tail(join(dir, 'error.log'))}`, { cause: error });
  }
  return {
    handle,
    pid: handle.child.pid,
    // TERM is nginx's fast shutdown; the master takes its workers down with it.
    stop: () => stopProcess(handle, { graceMs: 3_000 }),
  };
}
