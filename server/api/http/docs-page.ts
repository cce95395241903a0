/**
 * `GET /api/docs`: the OpenAPI document as a readable, searchable reference for integrators
 * (device makers, scripts), drawn by Swagger UI (Apache-2.0) from `/api/openapi.json`. The page
 * loads only its own three files — no inline script, so it keeps a strict CSP of its own.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

const DIST = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** The page's files: Swagger UI's bundle and styles, and the few lines that start it. */
const ASSETS: Record<string, { type: string; load: () => Promise<Buffer | string> }> = {
  'swagger-ui.css': { type: 'text/css; charset=utf-8', load: () => readFile(path.join(DIST, 'swagger-ui.css')) },
  'swagger-ui-bundle.js': { type: 'text/javascript; charset=utf-8', load: () => readFile(path.join(DIST, 'swagger-ui-bundle.js')) },
  'start.js': {
    type: 'text/javascript; charset=utf-8',
    load: async () => "window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#reference', deepLinking: true, docExpansion: 'list', tryItOutEnabled: false });\n",
  },
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>sitewave API reference</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<main id="reference"></main>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/start.js"></script>
</body>
</html>
`;

// Swagger UI sets element styles and shows images (logos, schema icons) from data: URLs.
const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export async function registerDocsPage(app: FastifyInstance): Promise<void> {
  app.get('/api/docs', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('content-type', 'text/html; charset=utf-8').header('content-security-policy', CSP).header('cache-control', 'no-cache').send(PAGE),
  );
  // One route per file, each a row of the route policy: nothing else under /api/docs is served.
  for (const [name, asset] of Object.entries(ASSETS)) {
    let body: Buffer | string | undefined;
    app.get(`/api/docs/${name}`, { schema: { hide: true } }, async (_request, reply) => {
      body ??= await asset.load();
      return reply.header('content-type', asset.type).header('cache-control', 'public, max-age=3600').send(body);
    });
  }
}
