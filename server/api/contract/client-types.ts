/**
 * The web client's API types, generated from the OpenAPI document the API serves: an API built on
 * a throwaway database answers its own `app.swagger()`, and openapi-typescript turns that into
 * `shared/api-types.ts`. `npm run api:types` writes the file; a test fails while it is stale.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { openDatabase } from '../../db/open.js';
import { openBlobStore } from '../../storage/open.js';
import { buildApi } from '../app.js';

export const CLIENT_TYPES_FILE = 'shared/api-types.ts';

const HEADER = `/**
 * The API's paths, parameters and answers as TypeScript, generated from its OpenAPI document by
 * \`npm run api:types\` — do not edit by hand; change the route's schema and generate again.
 */
`;

export async function apiDocument(): Promise<Record<string, unknown>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sitewave-api-types-'));
  const db = await openDatabase({ dataDir: dir, name: 'api' });
  const blobs = await openBlobStore({ dataDir: dir });
  try {
    const app = await buildApi({
      db,
      blobs,
      assertionSecret: randomBytes(32).toString('base64url'),
      // Never called: building the routes reaches no identity service.
      identityAdminUrl: 'http://127.0.0.1:9',
      identityAdminToken: 'unused',
      publicUrl: 'http://localhost',
      logLevel: 'silent',
      version: '0.0.0',
    });
    await app.ready();
    const document = app.swagger() as unknown as Record<string, unknown>;
    await app.close();
    return document;
  } finally {
    await blobs.close();
    await db.close();
    await rm(dir, { recursive: true, force: true });
  }
}

export async function clientTypes(): Promise<string> {
  const ast = await openapiTS(JSON.parse(JSON.stringify(await apiDocument())));
  return `${HEADER}${astToString(ast)}`;
}
