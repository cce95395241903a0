import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORG_ROLE_PERMISSIONS, PROJECT_ROLE_PERMISSIONS } from './support/role-table-before-model.js';
import { BACKENDS, startTestApi, type TestApi, type TestUser } from './support/api-instance.js';

const ids = (body: { id: string }[]) => body.map((e) => e.id).sort();

describe.each(BACKENDS)('permission lists and their enforcement on %s', (backend) => {
  let t: TestApi;
  let admin: TestUser;
  let owner: TestUser;
  let viewer: TestUser;
  let surveyor: TestUser;
  let outsider: TestUser;
  let orgId: string;
  let projectId: string;
  let floorId: string;

  beforeAll(async () => {
    t = await startTestApi(backend);
    admin = await t.newUser('admin');
    [owner, viewer, surveyor, outsider] = [await t.newUser('owner'), await t.newUser('viewer'), await t.newUser('surveyor'), await t.newUser('outsider')];
    orgId = (
      await t.http
        .post('/api/admin/orgs')
        .set(await t.as(admin))
        .send({ name: 'Perm Org', ownerId: owner.id })
    ).body.id;
    await t.db.query(`INSERT INTO org_members (org_id, user_id, role) VALUES ($1, $2, 'viewer'), ($1, $3, 'viewer')`, [orgId, viewer.id, surveyor.id]);
    projectId = (
      await t.http
        .post(`/api/orgs/${orgId}/projects`)
        .set(await t.as(owner))
        .send({ name: 'Site' })
    ).body.id;
    await t.http
      .post(`/api/projects/${projectId}/users`)
      .set(await t.as(owner))
      .send({ userId: surveyor.id, role: 'surveyor' });
    floorId = (
      await t.http
        .post(`/api/projects/${projectId}/floors`)
        .set(await t.as(owner))
        .send({ name: 'G', level: 0 })
    ).body.id;
  }, 90_000);
  afterAll(async () => t?.close());

  it('answers the three lists from roles', async () => {
    expect(ids((await t.http.get('/api/permissions').set(await t.as(admin))).body)).toEqual([
      'admin:audit',
      'admin:firmware',
      'admin:oauth2',
      'admin:orgs',
      'admin:platform',
      'admin:users',
    ]);
    expect((await t.http.get('/api/permissions').set(await t.as(owner))).body).toEqual([]);
    expect(ids((await t.http.get(`/api/orgs/${orgId}/permissions`).set(await t.as(owner))).body)).toEqual([...ORG_ROLE_PERMISSIONS.owner].sort());
    expect(ids((await t.http.get(`/api/orgs/${orgId}/permissions`).set(await t.as(viewer))).body)).toEqual([...ORG_ROLE_PERMISSIONS.viewer].sort());
    expect(ids((await t.http.get(`/api/projects/${projectId}/permissions`).set(await t.as(surveyor))).body)).toEqual([...PROJECT_ROLE_PERMISSIONS.surveyor].sort());
    expect(ids((await t.http.get(`/api/projects/${projectId}/permissions`).set(await t.as(owner))).body)).toEqual([...PROJECT_ROLE_PERMISSIONS.manager].sort());
  });

  it('answers an empty list outside the organisation or project, what the organisation grants on its projects, 404 for unknown ones', async () => {
    expect((await t.http.get(`/api/orgs/${orgId}/permissions`).set(await t.as(outsider))).body).toEqual([]);
    expect((await t.http.get(`/api/projects/${projectId}/permissions`).set(await t.as(outsider))).body).toEqual([]);
    // An organisation's viewer is no member of the project, yet reads it: its list says so.
    expect(ids((await t.http.get(`/api/projects/${projectId}/permissions`).set(await t.as(viewer))).body)).toEqual(['project:read', 'project:users:read']);
    expect((await t.http.get(`/api/orgs/${randomUUID()}/permissions`).set(await t.as(owner))).status).toBe(404);
    expect((await t.http.get(`/api/projects/${randomUUID()}/permissions`).set(await t.as(owner))).status).toBe(404);
    expect((await t.http.get('/api/projects/nope/permissions').set(await t.as(owner))).status).toBe(404);
    expect((await t.http.get(`/api/orgs/${orgId}/permissions`)).status).toBe(401);
  });

  it('enforces organisation scope: a viewer reads but does not create projects', async () => {
    expect((await t.http.get(`/api/orgs/${orgId}/projects`).set(await t.as(viewer))).status).toBe(200);
    const create = await t.http
      .post(`/api/orgs/${orgId}/projects`)
      .set(await t.as(viewer))
      .send({ name: 'Mine' });
    expect(create.status).toBe(403);
    expect(create.body.error).toMatchObject({ code: 403, details: { missing: ['org:projects:create'] } });
    expect((await t.http.get(`/api/orgs/${orgId}/projects`).set(await t.as(outsider))).status).toBe(403);
  });

  it('enforces project scope with the organisation list joined in', async () => {
    // A project surveyor who is an organisation viewer updates nothing about the project itself...
    const update = await t.http
      .put(`/api/projects/${projectId}`)
      .set(await t.as(surveyor))
      .send({ description: 'x' });
    expect(update.status).toBe(403);
    expect(update.body.error.details.missing).toEqual(['project:update']);
    // ...but surveys: a floor in their project.
    expect(
      (
        await t.http
          .post(`/api/projects/${projectId}/floors`)
          .set(await t.as(surveyor))
          .send({ name: '1', level: 1 })
      ).status,
    ).toBe(201);
    expect(
      (
        await t.http
          .post(`/api/projects/${projectId}/floors`)
          .set(await t.as(viewer))
          .send({ name: '2', level: 2 })
      ).status,
    ).toBe(403);
    // An organisation viewer reads every project of the organisation.
    expect((await t.http.get(`/api/projects/${projectId}`).set(await t.as(viewer))).status).toBe(200);
    expect((await t.http.get(`/api/projects/${projectId}`).set(await t.as(outsider))).status).toBe(403);
    expect((await t.http.get(`/api/projects/${randomUUID()}`).set(await t.as(owner))).status).toBe(404);
  });

  it('enforces resource scope through the owner of the resource', async () => {
    expect(
      (
        await t.http
          .put(`/api/floors/${floorId}`)
          .set(await t.as(surveyor))
          .send({ name: 'Ground' })
      ).status,
    ).toBe(200);
    const byViewer = await t.http
      .put(`/api/floors/${floorId}`)
      .set(await t.as(viewer))
      .send({ name: 'Hacked' });
    expect(byViewer.status).toBe(403);
    expect(byViewer.body.error.details.missing).toEqual(['project:survey:write']);
    expect((await t.http.get(`/api/floors/${floorId}`).set(await t.as(outsider))).status).toBe(403);
    expect((await t.http.get(`/api/floors/${randomUUID()}`).set(await t.as(owner))).status).toBe(404);
    expect((await t.db.query<{ name: string }>('SELECT name FROM floors WHERE id = $1', [floorId])).rows).toEqual([{ name: 'Ground' }]);
  });

  it('refuses before reading an upload', async () => {
    const res = await t.http
      .post(`/api/floors/${floorId}/floorplans`)
      .set(await t.as(viewer))
      .attach('file', Buffer.alloc(1024), { filename: 'x.png', contentType: 'image/png' });
    expect(res.status).toBe(403);
    expect(await t.blobFiles()).toEqual([]);
  });

  it('follows role changes at once', async () => {
    await t.http
      .put(`/api/orgs/${orgId}/users/${viewer.id}`)
      .set(await t.as(owner))
      .send({ role: 'admin' });
    expect(
      (
        await t.http
          .put(`/api/floors/${floorId}`)
          .set(await t.as(viewer))
          .send({ name: 'Ground' })
      ).status,
    ).toBe(200);
    expect(ids((await t.http.get(`/api/orgs/${orgId}/permissions`).set(await t.as(viewer))).body)).toEqual([...ORG_ROLE_PERMISSIONS.admin].sort());
  });
});
