/**
 * A self-hosted Keto behind the gateway, named by its two listeners (`PERMISSIONS_READ_URL`,
 * `PERMISSIONS_WRITE_URL`): every row of the permission table reaches the listener of its API
 * and no other, with no `Authorization` when no token is configured (a real Keto takes none);
 * the embedded permission service is not started. Then Ory's SDK writes and checks through a
 * gateway in front of two permission services sharing one store, as Keto's two ports share
 * its database: the write lands on the write listener, the check that sees it on the read one.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Configuration, PermissionApi, RelationshipApi } from '@ory/client-fetch';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { openDatabase } from '../../../server/db/open.js';
import { buildGateway } from '../../../server/gateway/app.js';
import { buildPermissionService } from '../../../server/permissions/app.js';
import { fixedSettings } from '../../../server/platform/project-settings.js';
import { ADMIN_API_ROUTE_POLICY } from '../../../shared/api-route-policy.js';
import { listenFastify } from '../../support/listen.js';
import { IN_PROCESS_TUNING, startStack, type Stack } from '../oauth2/support/stack.js';

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
}

/** A listener that answers everything with its own name and keeps what it was sent. */
async function recordingListener(name: string): Promise<{ app: FastifyInstance; url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const app = Fastify();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.all('/*', async (request) => {
    seen.push({ method: request.method, url: request.url, authorization: request.headers.authorization, body: typeof request.body === 'string' ? request.body : '' });
    return { answered_by: name };
  });
  return { app, url: await listenFastify(app), seen };
}

const MODEL = `
class User implements Namespace {}
class Team implements Namespace {
  related: { members: User[] }
}
class Site implements Namespace {
  related: { editors: (User | SubjectSet<Team, "members">)[] }
  permits = { edit: (ctx: Context): boolean => this.related.editors.includes(ctx.subject) }
}`;

const PERMISSION_ROWS = ADMIN_API_ROUTE_POLICY.filter((row) => row.service === 'permissionRead' || row.service === 'permissionWrite');

let read: Awaited<ReturnType<typeof recordingListener>>;
let write: Awaited<ReturnType<typeof recordingListener>>;
let stack: Stack;
let key: string;

beforeAll(async () => {
  [read, write] = await Promise.all([recordingListener('read'), recordingListener('write')]);
  stack = await startStack({ PERMISSIONS_READ_URL: read.url, PERMISSIONS_WRITE_URL: write.url });
  const projects = await fetch(`${stack.config.platformUrl}/projects`, { headers: { authorization: `Bearer ${stack.config.platformAdminToken}` } });
  const [project] = (await projects.json()) as { id: string }[];
  const made = await fetch(`${stack.config.platformUrl}/projects/${project!.id}/tokens`, {
    method: 'POST',
    headers: { authorization: `Bearer ${stack.config.platformAdminToken}`, 'x-platform-actor': `identity:${randomUUID()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'keto read and write APIs' }),
  });
  key = ((await made.json()) as { value: string }).value;
}, 120_000);

afterAll(async () => {
  await stack?.close();
  await read?.app.close();
  await write?.app.close();
});

describe("Keto's read and write APIs on two listeners", () => {
  it('starts no embedded permission service', () => {
    expect(stack.config.permissionUrl).toBeUndefined();
    expect(stack.config).toMatchObject({ permissionReadUrl: read.url, permissionWriteUrl: write.url });
  });

  it('sends each route of the table to its API, without a token when none is configured', async () => {
    expect(PERMISSION_ROWS.length).toBe(13);
    for (const row of PERMISSION_ROWS) {
      const api = row.service === 'permissionRead' ? 'read' : 'write';
      const listener = api === 'read' ? read : write;
      const other = listener === read ? write : read;
      const [mine, theirs] = [listener.seen.length, other.seen.length];
      const query = '?namespace=Site&object=survey&relation=edit&subject_id=ana';
      const body = row.method === 'GET' || row.method === 'DELETE' ? undefined : JSON.stringify({ namespace: 'Site', object: 'survey' });
      const answer = await fetch(`${stack.origin}${row.path}${query}`, {
        method: row.method,
        headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body,
      });
      const label = `${row.method} ${row.path}`;
      expect(answer.status, label).toBe(200);
      expect(await answer.json(), label).toEqual({ answered_by: api });
      expect(listener.seen.length, label).toBe(mine + 1);
      expect(other.seen.length, label).toBe(theirs);
      const seen = listener.seen.at(-1)!;
      expect(seen, label).toEqual({ method: row.method, url: `${row.path.slice('/.ory'.length)}${query}`, authorization: undefined, body: body ?? '' });
    }
    expect(read.seen.map((seen) => `${seen.method} ${seen.url.split('?')[0]}`)).toEqual(
      PERMISSION_ROWS.filter((row) => row.service === 'permissionRead').map((row) => `${row.method} ${row.path.slice('/.ory'.length)}`),
    );
    expect(write.seen.map((seen) => seen.method)).toEqual(['PUT', 'PATCH', 'DELETE']);
  });

  it('still wants an API key of the project for either API', async () => {
    const before = read.seen.length + write.seen.length;
    expect((await fetch(`${stack.origin}/.ory/namespaces`)).status).toBe(401);
    expect((await fetch(`${stack.origin}/.ory/admin/relation-tuples?namespace=Project`, { method: 'DELETE' })).status).toBe(401);
    expect(read.seen.length + write.seen.length).toBe(before);
  });
});

describe('two permission services on one store, as the read and write APIs', () => {
  const TOKEN = 'read-write-split-admin-token';
  let dataDir: string;
  let db: Database;
  let services: { read: FastifyInstance; write: FastifyInstance };
  const reached: { read: string[]; write: string[] } = { read: [], write: [] };
  let gateway: FastifyInstance;
  let origin: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'sitewave-keto-split-'));
    db = await openDatabase({ dataDir, name: 'permission' });
    const settings = fixedSettings({ namespaces: [{ opl: MODEL }], maxReadDepth: 5, maxReadWidth: 100, strictMode: false });
    const start = async (api: 'read' | 'write') => {
      const service = await buildPermissionService({ db, adminToken: TOKEN, settings });
      service.addHook('onRequest', async (request) => void reached[api].push(`${request.method} ${request.url.split('?')[0]}`));
      return { service, url: await listenFastify(service) };
    };
    const [readApi, writeApi] = [await start('read'), await start('write')];
    services = { read: readApi.service, write: writeApi.service };
    gateway = await buildGateway(
      { ...stack.config, permissionReadUrl: readApi.url, permissionWriteUrl: writeApi.url, permissionAdminToken: TOKEN },
      { version: 'test', ...IN_PROCESS_TUNING },
    );
    origin = await listenFastify(gateway);
  }, 60_000);

  afterAll(async () => {
    await gateway?.close();
    await services?.read.close();
    await services?.write.close();
    await db?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("writes through the write API and checks what was written through the read API, with Ory's SDK", async () => {
    const configuration = new Configuration({ basePath: `${origin}/.ory`, accessToken: key });
    const relationships = new RelationshipApi(configuration);
    const permissions = new PermissionApi(configuration);
    const check = async (subjectId: string) => (await permissions.checkPermission({ namespace: 'Site', object: 'survey', relation: 'edit', subjectId })).allowed;

    expect(await check('ana')).toBe(false);
    await relationships.createRelationship({ createRelationshipBody: { namespace: 'Team', object: 'acme', relation: 'members', subject_id: 'ana' } });
    await relationships.patchRelationships({
      relationshipPatch: [
        {
          action: 'insert',
          relation_tuple: { namespace: 'Site', object: 'survey', relation: 'editors', subject_set: { namespace: 'Team', object: 'acme', relation: 'members' } },
        },
      ],
    });
    expect(await check('ana')).toBe(true);
    expect((await relationships.getRelationships({ namespace: 'Site' })).relation_tuples).toHaveLength(1);
    await relationships.deleteRelationships({ namespace: 'Team', object: 'acme', relation: 'members', subjectId: 'ana' });
    expect(await check('ana')).toBe(false);

    expect(reached.write).toEqual(['PUT /admin/relation-tuples', 'PATCH /admin/relation-tuples', 'DELETE /admin/relation-tuples']);
    expect(reached.read).toEqual(['GET /relation-tuples/check/openapi', 'GET /relation-tuples/check/openapi', 'GET /relation-tuples', 'GET /relation-tuples/check/openapi']);
  });
});
