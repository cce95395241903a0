/**
 * The whole API for route tests: a real embedded identity service (its admin API is how the API
 * reaches identities), the API over PGlite or a fresh PostgreSQL schema, a directory blob store,
 * listening on loopback. Callers are named by real identity assertions, signed as the gateway does.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { Configuration, IdentityApi } from '@ory/client';
import type { FastifyInstance } from 'fastify';
import request from 'supertest';
import { ASSERTION_HEADER, assertionKey, signIdentityAssertion } from '../../../../shared/identity-assertion.js';
import { buildApi, type ApiOptions } from '../../../../server/api/app.js';
import type { Database } from '../../../../server/db/database.js';
import { openDatabase } from '../../../../server/db/open.js';
import { roleRelationshipsSchema } from '../../../../server/api/permissions/role-relationships.js';
import { TEST_DATABASE_URL, tempDataDir } from '../../db/support.js';
import { startTestIdentity, TEST_ADMIN_TOKEN, type TestIdentity } from '../../identity/support/identity-instance.js';
import { openBlobStore } from '../../../../server/storage/open.js';
import { listenFastify } from '../../../support/listen.js';

export type Backend = 'pglite' | 'postgres';
export const BACKENDS: Backend[] = ['pglite', 'postgres'];
export const PUBLIC_URL = 'http://app.test';

export interface TestUser {
  id: string;
  email: string;
}

export interface TestApi {
  app: FastifyInstance;
  db: Database;
  /** The API's database: on PGlite the directory other services open it by, on PostgreSQL unused. */
  dataDir: string;
  identity: TestIdentity;
  identities: IdentityApi;
  secret: string;
  /** Stored blob files (the staging area left out). */
  blobFiles(): Promise<string[]>;
  /** Everything the API logged. */
  logs: string[];
  http: ReturnType<typeof request>;
  /** Headers carrying a freshly signed assertion for this identity. */
  as(user: TestUser | string): Promise<Record<string, string>>;
  /** A new identity in the identity service (not yet seen by the API). */
  newIdentity(name?: string): Promise<TestUser>;
  /** A new identity the API has seen (made its profile). */
  newUser(name?: string): Promise<TestUser>;
  close(): Promise<void>;
}

/** `databaseUrl` replaces the test server's address for the postgres backend (a relay in front of it). */
export async function startTestApi(
  backend: Backend,
  configure?: (app: FastifyInstance) => void,
  extra: Pick<ApiOptions, 'mail' | 'mailPollMs'> = {},
  databaseUrl = TEST_DATABASE_URL,
): Promise<TestApi> {
  const identity = await startTestIdentity({ backend });
  const dir = await tempDataDir();
  const schema = backend === 'postgres' ? `api_t${randomBytes(6).toString('hex')}` : 'api';
  const db = await openDatabase({ dataDir: dir.dataDir, databaseUrl: backend === 'postgres' ? databaseUrl : undefined, name: schema });
  const blobRoot = await mkdtemp(path.join(os.tmpdir(), 'sitewave-api-blobs-'));
  const blobs = await openBlobStore({ dataDir: blobRoot });
  const secret = randomBytes(32).toString('base64url');
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const app = await buildApi({
    db,
    blobs,
    assertionSecret: secret,
    identityAdminUrl: identity.adminUrl,
    identityAdminToken: TEST_ADMIN_TOKEN,
    publicUrl: PUBLIC_URL,
    logLevel: 'info',
    logStream,
    ...extra,
  });
  configure?.(app);
  await listenFastify(app);
  const identities = new IdentityApi(new Configuration({ basePath: identity.adminUrl, accessToken: TEST_ADMIN_TOKEN }));
  const key = assertionKey(secret);
  const now = () => Math.floor(Date.now() / 1000);

  const sign = (id: string) => signIdentityAssertion(key, { sub: id, sid: randomUUID(), aal: 'aal1' }, now());
  let n = 0;
  const api: TestApi = {
    app,
    // The API's own handle: a row a test writes ends what the API keeps at once, as the API's own writes do.
    db: app.database!,
    dataDir: dir.dataDir,
    identity,
    identities,
    secret,
    async blobFiles() {
      const entries = await readdir(path.join(blobRoot, 'blobs'), { recursive: true, withFileTypes: true });
      return entries.filter((e) => e.isFile() && !path.relative(blobRoot, e.parentPath).split(path.sep).includes('.staging')).map((e) => e.name);
    },
    logs,
    http: request(app.server),
    async as(user) {
      return { [ASSERTION_HEADER]: await sign(typeof user === 'string' ? user : user.id) };
    },
    async newIdentity(name = 'user') {
      const email = `${name}${++n}-${randomBytes(3).toString('hex')}@example.com`;
      const { data } = await identities.createIdentity({ createIdentityBody: { schema_id: 'default', traits: { email, name: { first: name, last: 'Tester' } } } });
      return { id: data.id, email };
    },
    async newUser(name) {
      const user = await api.newIdentity(name);
      const res = await api.http.get('/api/permissions').set(await api.as(user));
      if (res.status !== 200) throw new Error(`the API did not see ${user.email}: ${res.status}`);
      return user;
    },
    async close() {
      await app.close();
      if (backend === 'postgres') await db.exec(`DROP SCHEMA IF EXISTS "${schema}", "${roleRelationshipsSchema(schema)}" CASCADE`).catch(() => undefined);
      await db.close();
      await identity.stop();
      await dir.remove();
      await rm(blobRoot, { recursive: true, force: true });
    },
  };
  return api;
}

/** Signs an assertion with any key and claims, for the refusal tests. */
export async function assertionFor(secret: string, sub: string, nowSeconds = Math.floor(Date.now() / 1000), lifetime = 60): Promise<Record<string, string>> {
  return { [ASSERTION_HEADER]: await signIdentityAssertion(assertionKey(secret), { sub, sid: randomUUID(), aal: 'aal1' }, nowSeconds, lifetime) };
}
