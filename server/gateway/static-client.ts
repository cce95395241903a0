/**
 * Serves the built React client: hashed assets cached forever, `index.html` never cached,
 * and `index.html` as the answer for client routes (shared/client-routes.ts). Any other unknown
 * path is a 404: with the app's not-found page for a browser navigating there, in the JSON
 * envelope for API clients, scripts and probes.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isClientRoute, wantsNotFoundPage } from '../../shared/client-routes.js';
import { errorEnvelope } from '../../shared/error-envelope.js';
import { ensureXsrfCookie } from './csrf.js';

export interface StaticClientOptions {
  webRoot: string;
  secureCookies: boolean;
}

export async function staticClient(app: FastifyInstance, options: StaticClientOptions): Promise<void> {
  const indexFile = path.join(options.webRoot, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: options.webRoot,
      index: false,
      wildcard: false,
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders: (reply, filePath) => {
        // index.html (sent for client routes) names the current hashed assets: never cached.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        if (filePath === indexFile) reply.header('cache-control', 'no-cache');
        else reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      },
    });
  } else {
    app.log.warn({ webRoot: options.webRoot }, 'the web client is not built: client routes answer 404');
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathOnly = request.url.split('?')[0]!;
    const clientRoute = (request.method === 'GET' || request.method === 'HEAD') && isClientRoute(pathOnly);
    // The client renders its not-found card for an address it does not know.
    const notFoundPage = !clientRoute && built && wantsNotFoundPage(request.method, pathOnly, request.headers.accept);
    if (clientRoute || notFoundPage) {
      if (!built) return reply.code(404).send(errorEnvelope(404, 'The web client is not built'));
      ensureXsrfCookie(request, reply, options.secureCookies);
      if (notFoundPage) reply.code(404);
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.code(404).send(errorEnvelope(404, `No route ${request.method} ${pathOnly}`));
  });
}
