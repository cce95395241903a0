/**
 * The API's published contract against the gateway's route policy: every route the policy lets
 * through is in the OpenAPI document, and the document names no route the policy would refuse.
 * The document's own pages (the reference and its files) are the one exception: they describe
 * the contract, they are not part of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFile } from 'node:fs/promises';
import request from 'supertest';
import { CLIENT_TYPES_FILE, clientTypes } from '../../../server/api/contract/client-types.js';
import { ADMIN_API_ROUTE_POLICY, API_ROUTE_POLICY } from '../../../shared/api-route-policy.js';
import { startTestApi, type TestApi } from './support/api-instance.js';

const NOT_IN_DOCUMENT = new Set(['GET /api/openapi.json', 'GET /api/docs', 'GET /api/docs/swagger-ui.css', 'GET /api/docs/swagger-ui-bundle.js', 'GET /api/docs/start.js']);

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi('pglite');
});
afterAll(async () => api?.close());

const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z]+)/g, '{$1}');

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and lists exactly the routes of the policy table', async () => {
    const res = await request(api.app.server).get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    const documented = new Set<string>();
    for (const [path, operations] of Object.entries(res.body.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(operations)) documented.add(`${method.toUpperCase()} ${path}`);
    }
    const policy = API_ROUTE_POLICY.filter((row) => !NOT_IN_DOCUMENT.has(`${row.method} ${row.path}`)).map((row) => `${row.method} ${toOpenApiPath(row.path)}`);
    // The permission service's own extension of Keto's API is documented here too (Keto's own operations are in Ory's documents).
    policy.push(...ADMIN_API_ROUTE_POLICY.filter((row) => row.path.startsWith('/.ory/extensions/')).map((row) => `${row.method} ${row.path}`));
    expect(policy.filter((route) => !documented.has(route))).toEqual([]);
    expect([...documented].filter((route) => !policy.includes(route))).toEqual([]);
  });

  it('tags each operation as its route declares, so every group is named in one place', async () => {
    const res = await request(api.app.server).get('/api/openapi.json');
    const untagged: string[] = [];
    const tags = new Set<string>();
    for (const [path, operations] of Object.entries(res.body.paths as Record<string, Record<string, { tags?: string[] }>>)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (!operation.tags?.length) untagged.push(`${method.toUpperCase()} ${path}`);
        for (const tag of operation.tags ?? []) tags.add(tag);
      }
    }
    expect(untagged).toEqual([]);
    // The routes name their groups in lower case; no second naming scheme guessed from the path.
    expect([...tags].filter((tag) => tag !== tag.toLowerCase())).toEqual([]);
  });

  it('documents the device upload with its token', async () => {
    const res = await request(api.app.server).get('/api/openapi.json');
    expect(res.body.components.securitySchemes.deviceToken).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Device-Token' });
    expect(res.body.paths['/api/device/floors/{floorId}/tracks'].post.security).toEqual([{ deviceToken: [] }]);
    // What a route needs is the route policy's row, as the gateway enforces it.
    expect(res.body.paths['/api/orgs/{orgId}/invoices'].get.description).toContain('org:billing:read');
    expect(res.body.paths['/api/validate'].get.security).toEqual([]);
  });

  it('serves a readable reference that loads only its own files', async () => {
    const page = await request(api.app.server).get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    for (const src of page.text.matchAll(/(?:src|href)="([^"]+)"/g)) {
      expect((await request(api.app.server).get(src[1]!)).status, src[1]).toBe(200);
    }
    expect((await request(api.app.server).get('/api/docs/package.json')).status).toBe(404);
  });

  it('is what the committed client types were generated from (npm run api:types)', async () => {
    expect(await readFile(CLIENT_TYPES_FILE, 'utf8')).toBe(await clientTypes());
  });
});
