/**
 * Not an upstream: the floor of any proxy written on Node, for the bench's "Node proxy floor"
 * row. node:http in, one undici pool out (as the gateway's, upstream.ts), the request's
 * headers and the answer passed through, and nothing else: no session, no route policy, no
 * hooks, no log. The gateway is built on the same two pieces, so the distance from its row to
 * this one is what the gateway's own work costs, and this row's distance to nginx is Node's.
 *
 * `node node-proxy.mjs <upstream origin>`
 */
import { Pool } from 'undici';
import { serve } from './serve.mjs';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade']);
const pool = new Pool(process.argv[2], { connections: 128, pipelining: 1, keepAliveTimeout: 30_000 });

function passThrough(headers) {
  const out = {};
  for (const name in headers) if (!HOP_BY_HOP.has(name)) out[name] = headers[name];
  return out;
}

serve('node proxy', (request, response) => {
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : request;
  pool
    .stream({ method: request.method, path: request.url, headers: passThrough(request.headers), body }, ({ statusCode, headers }) => {
      response.writeHead(statusCode, passThrough(headers));
      return response;
    })
    .catch(() => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
});
