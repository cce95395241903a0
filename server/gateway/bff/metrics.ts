/** `GET /bff/metrics`: Prometheus text, for the holder of METRICS_TOKEN only. */
import type { FastifyInstance } from 'fastify';
import type { GatewayMetrics } from '../metrics.js';
import { requireBearer } from './bearer.js';

export async function metricsRoute(app: FastifyInstance, options: { metrics: GatewayMetrics; token: string }): Promise<void> {
  app.get('/bff/metrics', async (request, reply) => {
    requireBearer(request.headers, options.token);
    reply.header('cache-control', 'no-store').type(options.metrics.registry.contentType);
    return options.metrics.registry.metrics();
  });
}
