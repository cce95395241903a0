/**
 * How a request wants its answer. Kratos distinguishes three clients: API clients (native apps,
 * `…/api` flows), browsers posting HTML forms (answered with redirects) and browser JavaScript
 * (single-page apps, answered with JSON). The rule for "JSON" is Kratos' own: Accept prefers
 * application/json over HTML, or the body is JSON.
 */
import type { FastifyRequest } from 'fastify';

export function isJsonRequest(request: FastifyRequest): boolean {
  const contentType = String(request.headers['content-type'] ?? '').toLowerCase();
  if (contentType.startsWith('application/json')) return true;
  return prefersJson(String(request.headers.accept ?? ''));
}

/** q-weighted comparison of application/json against text/html and wildcards. */
export function prefersJson(accept: string): boolean {
  if (!accept) return false;
  let json = -1;
  let html = -1;
  for (const part of accept.split(',')) {
    const [rawType, ...params] = part.trim().split(';');
    const type = rawType!.trim().toLowerCase();
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q)) continue;
    if (type === 'application/json') json = Math.max(json, q);
    else if (type === 'text/html' || type === 'text/*' || type === '*/*') html = Math.max(html, q);
  }
  return json > 0 && json >= html;
}
