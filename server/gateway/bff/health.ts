/**
 * `GET /bff/health`: the gateway process is alive. `GET /bff/ready`: both upstreams answer
 * their readiness probes, so a load balancer only sends traffic to an instance that can serve.
 */
import type { FastifyInstance } from 'fastify';
import type { Upstream } from '../upstream.js';

const PROBE_TIMEOUT_MS = 2_000;

export async function healthRoutes(app: FastifyInstance, options: { upstreams: Upstream[] }): Promise<void> {
  app.get('/bff/health', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/bff/ready', async (_request, reply) => {
    const checks = await Promise.all(options.upstreams.map(probe));
    const ready = checks.every((check) => check.ok);
    reply.header('cache-control', 'no-store').code(ready ? 200 : 503);
    return { status: ready ? 'ok' : 'unavailable', upstreams: Object.fromEntries(checks.map((c) => [c.name, c])) };
  });
}

async function probe(upstream: Upstream): Promise<{ name: string; ok: boolean; reason?: string }> {
  if (!upstream.url) return { name: upstream.name, ok: false, reason: upstream.missing().reason };
  // A probe never waits longer than a request would: UPSTREAM_TIMEOUT is the operator's promise.
  const timeoutMs = Math.min(PROBE_TIMEOUT_MS, upstream.timeoutMs);
  try {
    const response = await upstream.request({
      method: 'GET',
      path: '/health/ready',
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    await response.body.dump();
    return response.statusCode === 200 ? { name: upstream.name, ok: true } : { name: upstream.name, ok: false, reason: `readiness probe answered ${response.statusCode}` };
  } catch (error) {
    return { name: upstream.name, ok: false, reason: upstream.translate(error).reason };
  }
}
