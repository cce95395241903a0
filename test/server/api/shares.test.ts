/**
 * Read-only share links, end to end as `npm start` wires them: the real identity service, the
 * embedded API with its demo survey, and two gateways on the same API. A link opens its project's
 * viewer and statistics on its floors and nothing else — no other project, no other floor, no
 * other `/api` route — stops at once when revoked (on every gateway, none caches it), stops when
 * expired, is stored only as a hash, never reaches a log line, and is rate-limited per address.
 */
import { RolePermissions } from '../../../server/api/permissions/lists.js';
import { roleRelationshipsSchema } from '../../../server/api/permissions/role-relationships.js';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { Configuration, FrontendApi, IdentityApi } from '@ory/client';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi } from '../../../server/api/app.js';
import { seedDemoSurvey } from '../../../server/api/demo/demo-survey.js';
import { ORG_ROLE_PERMISSIONS, PROJECT_ROLE_PERMISSIONS } from './support/role-table-before-model.js';
import { surveyBlobs } from '../../../server/api/survey-blobs.js';
import { ProcessingWorker } from '../../../server/api/tracks/processing/job.js';
import { loadConfig } from '../../../server/config.js';
import type { Database } from '../../../server/db/database.js';
import { openDatabase } from '../../../server/db/open.js';
import { buildGateway } from '../../../server/gateway/app.js';
import { maskUrl } from '../../../server/logging/mask-url.js';
import { openBlobStore } from '../../../server/storage/open.js';
import { API_ROUTE_POLICY, type ApiRoutePolicy } from '../../../shared/api-route-policy.js';
import { TEST_DATABASE_URL, tempDataDir } from '../db/support.js';
import { BACKENDS } from './support/api-instance.js';
import { startTestIdentity, TEST_ADMIN_TOKEN, type TestIdentity } from '../identity/support/identity-instance.js';
import { listenFastify } from '../../support/listen.js';

const ORIGIN = 'http://localhost:3000';
const PASSWORD = 'correct horse battery staple 42';
type Http = ReturnType<typeof request>;
type Headers = Record<string, string>;

/** Pino lines written to memory. */
function memoryLog(): { stream: Writable; lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    stream: new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    }),
  };
}

describe.each(BACKENDS)('share links on %s', (backend) => {
  let identity: TestIdentity;
  let db: Database;
  let api: FastifyInstance;
  let apiUrl: string;
  let secret: string;
  let dir: Awaited<ReturnType<typeof tempDataDir>>;
  let blobRoot: string;
  const gateways: FastifyInstance[] = [];
  let a: Http;
  let b: Http;
  const apiLog = memoryLog();
  const gatewayLog = memoryLog();
  /** Every token made here: none may appear in any log. */
  const tokens: string[] = [];

  let owner: Headers;
  let ownerId: string;
  let orgId: string;
  let projectId: string;
  let projectName: string;
  let shared: { floorId: string; floorplanId: string; trackId: string; photoId: string };
  let outside: typeof shared;
  let elsewhere: typeof shared & { projectId: string };
  let shareId: string;
  let token: string;

  const schema = backend === 'postgres' ? `api_s${randomBytes(6).toString('hex')}` : 'api';

  const startGateway = async (env: Record<string, string> = {}) => {
    const gateway = await buildGateway(
      {
        ...loadConfig({ PUBLIC_URL: ORIGIN, WEB_ROOT: '/nonexistent-web-root', LOG_LEVEL: 'info', ...env }),
        identityPublicUrl: identity.publicUrl,
        apiUrl,
        assertionSecret: secret,
      },
      { logStream: gatewayLog.stream },
    );
    await gateway.ready();
    gateways.push(gateway);
    return request(gateway.server);
  };

  const survey = async (floorId: string, headers: Headers) => {
    const floorplanId: string = (await a.get(`/api/floors/${floorId}/floorplans`).set(headers)).body.items[0].id;
    const trackId: string = (await a.get(`/api/floors/${floorId}/tracks`).set(headers)).body.items[0].id;
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const photo = await a.post(`/api/floors/${floorId}/photos`).set(headers).field('x', '10').field('y', '12').attach('file', png, 'site.png');
    expect(photo.status).toBe(201);
    return { floorId, floorplanId, trackId, photoId: photo.body.id as string };
  };

  const makeShare = async (body: Record<string, unknown>) => {
    const res = await a.post(`/api/projects/${projectId}/shares`).set(owner).send(body);
    if (res.status === 201) tokens.push(res.body.token);
    return res;
  };

  beforeAll(async () => {
    identity = await startTestIdentity();
    dir = await tempDataDir();
    db = await openDatabase({ dataDir: dir.dataDir, databaseUrl: backend === 'postgres' ? TEST_DATABASE_URL : undefined, name: schema });
    blobRoot = await mkdtemp(path.join(os.tmpdir(), 'sitewave-share-blobs-'));
    const blobs = await openBlobStore({ dataDir: blobRoot });
    secret = randomBytes(32).toString('base64url');
    api = await buildApi({
      db,
      blobs,
      assertionSecret: secret,
      identityAdminUrl: identity.adminUrl,
      identityAdminToken: TEST_ADMIN_TOKEN,
      publicUrl: ORIGIN,
      logLevel: 'info',
      logStream: apiLog.stream,
      seedDemo: true,
    });
    apiUrl = await listenFastify(api);
    a = await startGateway();
    b = await startGateway();

    // The first identity owns the demo organisation and its demo project.
    const admin = new IdentityApi(new Configuration({ basePath: identity.adminUrl, accessToken: TEST_ADMIN_TOKEN }));
    ownerId = (
      await admin.createIdentity({
        createIdentityBody: { schema_id: 'default', traits: { email: 'owner@example.com' }, credentials: { password: { config: { password: PASSWORD } } } },
      })
    ).data.id;
    const frontend = new FrontendApi(new Configuration({ basePath: identity.publicUrl }));
    const { data: flow } = await frontend.createNativeLoginFlow();
    const { data } = await frontend.updateLoginFlow({ flow: flow.id, updateLoginFlowBody: { method: 'password', identifier: 'owner@example.com', password: PASSWORD } });
    owner = { 'x-session-token': data.session_token! };

    const orgs = (await a.get('/api/orgs').set(owner)).body.items as { id: string }[];
    orgId = orgs[0]!.id;
    const project = (await a.get(`/api/orgs/${orgId}/projects`).set(owner)).body.items[0];
    projectId = project.id;
    projectName = project.name;
    const floors = (await a.get(`/api/projects/${projectId}/floors`).set(owner)).body.items as { id: string }[];
    shared = await survey(floors[0]!.id, owner);
    outside = await survey(floors[1]!.id, owner);

    // A second organisation's survey: what no link of the first may reach.
    const other = await a.post('/api/admin/orgs').set(owner).send({ name: 'Elsewhere Ltd' });
    expect(other.status).toBe(201);
    const processing = new ProcessingWorker(db, { now: () => new Date() });
    const seeded = await seedDemoSurvey(
      {
        db,
        blobs: surveyBlobs(blobs),
        now: () => new Date(),
        processing,
        callerId: () => ownerId,
        isOrgMember: async () => true,
        roles: new RolePermissions(db, db, roleRelationshipsSchema(db.schema)),
      },
      other.body.id,
      ownerId,
    );
    const otherFloors = (await a.get(`/api/projects/${seeded.id}/floors`).set(owner)).body.items as { id: string }[];
    elsewhere = { ...(await survey(otherFloors[0]!.id, owner)), projectId: seeded.id };

    const made = await makeShare({ label: 'Facility manager', floorIds: [shared.floorId], expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString() });
    expect(made.status).toBe(201);
    shareId = made.body.share.id;
    token = made.body.token;
  }, 180_000);

  afterAll(async () => {
    for (const gateway of gateways) await gateway.close();
    await api?.close();
    if (backend === 'postgres') await db?.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
    await db?.close();
    await identity?.stop();
    await dir?.remove();
    await rm(blobRoot, { recursive: true, force: true });
  });

  describe('managing links', () => {
    it('is granted to project managers and organisation owners and admins, not to surveyors, viewers or members', () => {
      expect(PROJECT_ROLE_PERMISSIONS.manager).toContain('project:shares:manage');
      expect(ORG_ROLE_PERMISSIONS.owner).toContain('project:shares:manage');
      expect(ORG_ROLE_PERMISSIONS.admin).toContain('project:shares:manage');
      for (const role of [PROJECT_ROLE_PERMISSIONS.surveyor, PROJECT_ROLE_PERMISSIONS.viewer, ORG_ROLE_PERMISSIONS.member, ORG_ROLE_PERMISSIONS.viewer]) {
        expect(role).not.toContain('project:shares:manage');
      }
    });

    it('is in the OpenAPI document: the management routes with their permission, the reads with no session', async () => {
      const paths = (await a.get('/api/openapi.json')).body.paths;
      expect(paths['/api/projects/{projectId}/shares'].post.description).toContain('project:shares:manage');
      expect(paths['/api/projects/{projectId}/shares/{shareId}'].delete.description).toContain('project:shares:manage');
      for (const path of Object.keys(paths).filter((p) => p.startsWith('/api/share/'))) {
        expect(Object.keys(paths[path]), path).toEqual(['get']);
        expect(paths[path].get.security, path).toEqual([]);
        expect(paths[path].get.description, path).toContain('share link');
      }
    });

    it('answers the token once, as 32 random bytes, and lists links without it', async () => {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const list = await a.get(`/api/projects/${projectId}/shares`).set(owner);
      expect(list.status).toBe(200);
      expect(list.body.items).toEqual([
        expect.objectContaining({ id: shareId, label: 'Facility manager', floorIds: [shared.floorId], createdBy: ownerId, createdByName: 'owner@example.com', revokedAt: null }),
      ]);
      expect(JSON.stringify(list.body)).not.toContain(token);
    });

    it('keeps only the SHA-256 of the token', async () => {
      const rows = (await db.query<Record<string, unknown>>('SELECT * FROM project_shares WHERE id = $1', [shareId])).rows;
      expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
      expect(JSON.stringify(rows)).not.toContain(token);
    });

    it('refuses an expiry in the past or beyond a year, and a floor of another project', async () => {
      const past = await makeShare({ label: 'x', expiresAt: new Date(Date.now() - 1000).toISOString() });
      expect(past.status).toBe(400);
      expect(past.body.error.reason).toContain('body/expiresAt');
      expect((await makeShare({ label: 'x', expiresAt: new Date(Date.now() + 400 * 86_400_000).toISOString() })).status).toBe(400);
      const foreign = await makeShare({ label: 'x', floorIds: [elsewhere.floorId] });
      expect(foreign.status).toBe(400);
      expect(foreign.body.error.reason).toContain('body/floorIds');
      expect((await makeShare({ label: '   ' })).status).toBe(400);
    });
  });

  describe('what a link opens', () => {
    const get = (http: Http, url: string) => http.get(url);

    it('shows the project, its allowed floors and thresholds, with no session', async () => {
      const res = await get(a, `/api/share/${token}`);
      expect(res.status).toBe(200);
      // No cache may answer for the link once it is revoked.
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toMatchObject({ name: projectName, limited: true });
      expect(res.body.floors.map((f: { id: string }) => f.id)).toEqual([shared.floorId]);
      expect(Object.values(res.body.settings as Record<string, { minSignalDbm: number }>)[0]!.minSignalDbm).toBeTypeOf('number');
      expect(res.body).not.toHaveProperty('orgId');
    });

    it('serves the viewer of an allowed floor with share URLs, without who uploaded or which device', async () => {
      const base = `/api/share/${token}`;
      const plans = await get(a, `${base}/floors/${shared.floorId}/floorplans`);
      expect(plans.status).toBe(200);
      const plan = plans.body.items[0];
      expect(plan.display.url).toBe(`${base}/floorplans/${shared.floorplanId}/image`);
      expect(plan.imageUrl).toBe(plan.display.url);
      const image = await get(a, plan.display.url);
      expect(image.status).toBe(200);
      expect(image.headers['cache-control']).toBe('private, no-cache');
      expect(image.headers['content-type']).toBe('image/png');

      const tracks = await get(a, `${base}/floors/${shared.floorId}/tracks`);
      expect(tracks.status).toBe(200);
      expect(tracks.body.items[0]).toMatchObject({ id: shared.trackId, status: 'processed', createdBy: null, deviceId: null });
      expect((await get(a, `${base}/tracks/${shared.trackId}/datasets?include=values&per_page=100`)).status).toBe(200);
      expect((await get(a, `${base}/tracks/${shared.trackId}/points`)).body.count).toBeGreaterThan(0);

      const photos = await get(a, `${base}/floors/${shared.floorId}/photos`);
      expect(photos.body.items).toEqual([expect.objectContaining({ id: shared.photoId, url: `${base}/photos/${shared.photoId}/image`, createdBy: null })]);
      expect((await get(a, photos.body.items[0].url)).status).toBe(200);
      expect((await get(a, `${base}/networktechnologies`)).body.items.length).toBeGreaterThan(0);
    });

    it("shows the plan's walls, as the project's people see them", async () => {
      const walls = [{ id: 'w1', x1: 1, y1: 1, x2: 6, y2: 1, material: 'concrete', lossDb: 12 }];
      await db.query('UPDATE floorplans SET walls = $1 WHERE id = $2', [JSON.stringify(walls), shared.floorplanId]);
      const viaLink = await get(a, `/api/share/${token}/floorplans/${shared.floorplanId}/walls`);
      expect(viaLink.status).toBe(200);
      expect(viaLink.body).toEqual({ walls });
      expect(viaLink.body).toEqual((await a.get(`/api/floorplans/${shared.floorplanId}/walls`).set(owner)).body);
    });

    it('counts only the allowed floors in the statistics', async () => {
      const base = `/api/share/${token}`;
      const onFloor = (route: string) => a.get(`/api/projects/${projectId}/statistics/${route}?floorId=${shared.floorId}&per_page=100`).set(owner);
      for (const route of ['networkstatistics', 'channels', 'networks']) {
        const viaLink = await get(a, `${base}/statistics/${route}?per_page=100`);
        expect(viaLink.status, route).toBe(200);
        expect(viaLink.body, route).toEqual((await onFloor(route)).body);
      }
      const whole = (await a.get(`/api/projects/${projectId}/stats`).set(owner)).body;
      const stats = (await get(a, `${base}/stats`)).body;
      expect(whole.floors).toBe(2);
      expect(stats).toMatchObject({ floors: 1, tracks: { total: 1, processed: 1 }, photos: 1 });
      expect(stats).not.toHaveProperty('members');
      expect(stats).not.toHaveProperty('contacts');
    });

    it('answers 404 for a floor outside its limit and for anything of another project', async () => {
      const base = `/api/share/${token}`;
      for (const target of [outside, elsewhere]) {
        for (const url of [
          `${base}/floors/${target.floorId}/floorplans`,
          `${base}/floors/${target.floorId}/tracks`,
          `${base}/floors/${target.floorId}/photos`,
          `${base}/tracks/${target.trackId}/datasets`,
          `${base}/tracks/${target.trackId}/points`,
          `${base}/floorplans/${target.floorplanId}/image`,
          `${base}/floorplans/${target.floorplanId}/walls`,
          `${base}/photos/${target.photoId}/image`,
        ]) {
          expect((await get(a, url)).status, url).toBe(404);
        }
      }
    });

    it('reaches no /api route outside its own share rows: every row of the route policy, with the token as every credential and as every id', async () => {
      const xsrf = 'x'.repeat(24);
      // Writes pass the CSRF check, so what refuses them is the authorisation.
      const sameSite: Headers = { origin: ORIGIN, cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
      const credentials: Headers = {
        ...sameSite,
        cookie: `ory_kratos_session=${token}; XSRF-TOKEN=${xsrf}`,
        authorization: `Bearer ${token}`,
        'x-session-token': token,
        'x-device-token': token,
        'x-share-token': token,
      };
      const real: Record<string, string> = {
        orgId,
        projectId,
        userId: ownerId,
        sessionId: randomUUID(),
        releaseId: randomUUID(),
        inviteId: randomUUID(),
        invoiceId: randomUUID(),
        deviceId: randomUUID(),
        contactId: randomUUID(),
        shareId,
        shareToken: token,
        ...shared,
      };
      const fill = (row: ApiRoutePolicy, values: (name: string) => string) => row.path.replace(/:([A-Za-z]+)/g, (_m, name: string) => values(name));
      const call = (row: ApiRoutePolicy, url: string, headers: Headers) => {
        const method = row.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete' | 'patch';
        const req = a[method](url).set(headers);
        return row.method === 'GET' || row.method === 'DELETE' ? req : req.send({});
      };
      const devices = await db.query<{ id: string }>('SELECT id FROM devices LIMIT 1');
      real.deviceId = devices.rows[0]!.id;

      let checked = 0;
      for (const row of API_ROUTE_POLICY) {
        if (row.scope === 'public') {
          // Open to anyone with nothing at all: the token must change nothing.
          const bare = await call(
            row,
            fill(row, (name) => real[name]!),
            sameSite,
          );
          const withToken = await call(
            row,
            fill(row, (name) => real[name]!),
            credentials,
          );
          expect(withToken.status, `${row.method} ${row.path}`).toBe(bare.status);
          continue;
        }
        const withIds = await call(
          row,
          fill(row, (name) => real[name] ?? randomUUID()),
          credentials,
        );
        const tokenEverywhere = await call(
          row,
          fill(row, () => token),
          credentials,
        );
        const own = row.scope === 'share';
        if (own) expect(withIds.status, `${row.method} ${row.path}`).toBe(200);
        else expect(withIds.status, `${row.method} ${row.path}`).toBeGreaterThanOrEqual(400);
        // As every id of a share row, the token names no floor, track, plan or photo.
        const onlyTheToken = own && row.path.split(':').length === 2;
        if (onlyTheToken) expect(tokenEverywhere.status, `${row.method} ${row.path} (token as every id)`).toBe(200);
        else expect(tokenEverywhere.status, `${row.method} ${row.path} (token as every id)`).toBeGreaterThanOrEqual(400);
        checked++;
      }
      expect(checked).toBeGreaterThan(90);
      // And the share rows with a project's ids the link does not open.
      for (const row of API_ROUTE_POLICY.filter((r) => r.scope === 'share' && r.path.split(':').length > 2)) {
        const url = fill(row, (name) => (name === 'shareToken' ? token : elsewhere[name as keyof typeof elsewhere]));
        expect((await a.get(url)).status, url).toBe(404);
      }
    });

    it('answers HEAD on every share route as its GET, without the body, so link checkers see a live link', async () => {
      const ids: Record<string, string> = { shareToken: token, ...shared };
      const rows = API_ROUTE_POLICY.filter((row) => row.scope === 'share');
      expect(rows.length).toBeGreaterThan(10);
      for (const row of rows) {
        expect(row.method).toBe('GET');
        const url = row.path.replace(/:([A-Za-z]+)/g, (_m, name: string) => ids[name]!);
        // The same request headers: an answer's encoding, and so its length, follow Accept-Encoding.
        const get = await a.get(url).set('accept-encoding', 'gzip');
        const head = await a.head(url).set('accept-encoding', 'gzip');
        expect(head.status, url).toBe(200);
        expect(head.status, url).toBe(get.status);
        expect(head.text, url).toBeUndefined();
        expect(head.headers['content-type'], url).toBe(get.headers['content-type']);
        expect(head.headers['cache-control'], url).toBe(get.headers['cache-control']);
        expect(head.headers['content-encoding'], url).toBe(get.headers['content-encoding']);
        if (get.headers['content-length'] !== undefined) expect(head.headers['content-length'], url).toBe(get.headers['content-length']);
      }
      const image = await a.head(`/api/share/${token}/floorplans/${shared.floorplanId}/image`);
      expect(image.headers['content-type']).toBe('image/png');
      // A checker may revalidate as a browser does.
      expect(image.headers.etag).toMatch(/^".+"$/);
      // HEAD is no way around a session: the project itself stays closed to the link, as for GET.
      const project = await a.head(`/api/projects/${projectId}`).set({ 'x-share-token': token });
      expect(project.status).toBe(401);
      expect(project.text).toBeUndefined();
    });

    it('answers only GET: other methods on share paths do not exist', async () => {
      for (const method of ['post', 'put', 'delete', 'patch'] as const) {
        const res = await a[method](`/api/share/${token}`).set({ origin: ORIGIN });
        expect(res.status, method).toBe(404);
      }
    });
  });

  describe('ending a link', () => {
    it('answers an unknown link 404 share_not_found', async () => {
      const unknown = await a.get(`/api/share/${randomBytes(32).toString('base64url')}`);
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.id).toBe('share_not_found');
      expect((await a.get('/api/share/short')).body.error.id).toBe('share_not_found');
      const head = await a.head(`/api/share/${randomBytes(32).toString('base64url')}`);
      expect(head.status).toBe(404);
      expect(head.text).toBeUndefined();
      expect(head.headers['content-type']).toBe(unknown.headers['content-type']);
    });

    it('stops an expired link with 410 share_expired', async () => {
      const made = await makeShare({ label: 'Short visit', expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
      expect((await a.get(`/api/share/${made.body.token}`)).status).toBe(200);
      // The hour passes.
      await db.query(`UPDATE project_shares SET expires_at = now() - interval '1 second' WHERE id = $1`, [made.body.share.id]);
      const expired = await b.get(`/api/share/${made.body.token}/stats`);
      expect(expired.status).toBe(410);
      expect(expired.body.error).toMatchObject({ id: 'share_expired', details: { expiresAt: expect.any(String) } });
      expect((await b.head(`/api/share/${made.body.token}`)).status).toBe(410);
    });

    it('stops a revoked link on the next request through another gateway, and keeps it listed as revoked', async () => {
      expect((await b.get(`/api/share/${token}`)).status).toBe(200);
      const revoked = await a.delete(`/api/projects/${projectId}/shares/${shareId}`).set(owner);
      expect(revoked.status).toBe(200);
      expect(revoked.body.revokedAt).toEqual(expect.any(String));
      const next = await b.get(`/api/share/${token}`);
      expect(next.status).toBe(410);
      expect(next.body.error.id).toBe('share_revoked');
      expect((await b.get(`/api/share/${token}/floors/${shared.floorId}/tracks`)).status).toBe(410);
      const list = (await a.get(`/api/projects/${projectId}/shares`).set(owner)).body.items;
      expect(list.find((s: { id: string }) => s.id === shareId)).toMatchObject({ revokedAt: revoked.body.revokedAt, lastUsedAt: expect.any(String) });
    });

    it('goes with its project', async () => {
      const other = await a.post(`/api/projects/${elsewhere.projectId}/shares`).set(owner).send({ label: 'Gone soon' });
      expect(other.status).toBe(201);
      tokens.push(other.body.token);
      expect((await a.delete(`/api/projects/${elsewhere.projectId}`).set(owner)).status).toBe(204);
      expect((await db.query('SELECT 1 FROM project_shares WHERE project_id = $1', [elsewhere.projectId])).rowCount).toBe(0);
      expect((await a.get(`/api/share/${other.body.token}`)).status).toBe(404);
    });
  });

  it('limits reads through links per client address with 429 and Retry-After, and nothing else', async () => {
    const limited = await startGateway({ RATE_LIMIT_SHARE_READS: '3' });
    const url = `/api/share/${randomBytes(32).toString('base64url')}`;
    for (let i = 0; i < 3; i++) expect((await limited.get(url)).status).toBe(404);
    const refused = await limited.get(url);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body.error.code).toBe(429);
    expect((await limited.get('/api/orgs').set(owner)).status).toBe(200);
  });

  it('never writes a token to a log line, in the gateway or the API', async () => {
    await a.get(`/share/${token}`).set('x-request-id', 'share-page');
    await a.get(`/api/share/${token}/stats`).set('x-request-id', 'share-read');
    await a.post(`/api/share/${token}/stats`).set({ origin: ORIGIN, 'x-request-id': 'share-post' });
    // Closing waits for every request's log line.
    for (const gateway of gateways.splice(0)) await gateway.close();
    // Including the sweep over every route above, where the token stood in for other routes' ids.
    const lines = [...gatewayLog.lines, ...apiLog.lines];
    expect(tokens.length).toBeGreaterThan(2);
    for (const t of tokens) expect(lines.filter((line) => line.includes(t))).toEqual([]);
    const line = (id: string) => gatewayLog.lines.map((l) => JSON.parse(l) as { msg: string; reqId?: string; url?: string }).find((l) => l.msg === 'request' && l.reqId === id);
    expect(line('share-page')?.url).toBe('/share/[redacted]');
    expect(line('share-read')?.url).toBe('/api/share/[redacted]/stats');
    expect(line('share-post')?.url).toBe('/api/share/[redacted]/stats');
    expect(apiLog.lines.some((l) => l.includes('/api/share/[redacted]/stats'))).toBe(true);
    expect(maskUrl('/api/projects/p/shares?token=abc')).toBe('/api/projects/p/shares?token=[redacted]');
    expect(maskUrl(`/api/floors/${token}/tracks?x=1`)).toBe('/api/floors/[redacted]/tracks?x=1');
    expect(maskUrl(`/api/floors/${shared.floorId}`)).toBe(`/api/floors/${shared.floorId}`);
  });
});
