/**
 * Statistics, project lists, track lists and permission answers are kept between changes on
 * PGlite (until-next-write.ts): whatever a user changes through the API shows in the very next
 * read, on both backends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestApi, type TestApi, type TestUser } from './support/api-instance.js';

describe.each(BACKENDS)('reads after a change on %s', (backend) => {
  let t: TestApi;
  let admin: TestUser;
  let projectId: string;
  let orgId: string;

  beforeAll(async () => {
    t = await startTestApi(backend);
    admin = await t.newUser('admin');
    const org = await t.http
      .post('/api/admin/orgs')
      .set(await t.as(admin))
      .send({ name: 'Kept Statistics Ltd', ownerId: admin.id });
    expect(org.status).toBe(201);
    orgId = org.body.id;
    const project = await t.http
      .post(`/api/orgs/${org.body.id}/projects`)
      .set(await t.as(admin))
      .send({ name: 'Warehouse' });
    expect(project.status).toBe(201);
    projectId = project.body.id;
  }, 90_000);
  afterAll(async () => t?.close());

  const stats = async () => {
    const res = await t.http.get(`/api/projects/${projectId}/stats`).set(await t.as(admin));
    expect(res.status).toBe(200);
    return res.body as { floors: number; contacts: number };
  };

  it('counts a floor and a contact the moment they are added, and forgets a deleted floor', async () => {
    expect(await stats()).toMatchObject({ floors: 0, contacts: 0 });
    expect(await stats()).toMatchObject({ floors: 0, contacts: 0 });
    const floor = await t.http
      .post(`/api/projects/${projectId}/floors`)
      .set(await t.as(admin))
      .send({ name: 'Ground', level: 0 });
    expect(floor.status).toBe(201);
    expect(await stats()).toMatchObject({ floors: 1, contacts: 0 });
    const contact = await t.http
      .post(`/api/projects/${projectId}/contacts`)
      .set(await t.as(admin))
      .send({ name: 'Site manager', email: 'site@example.com' });
    expect(contact.status).toBe(201);
    expect(await stats()).toMatchObject({ floors: 1, contacts: 1 });
    expect((await t.http.delete(`/api/floors/${floor.body.id}`).set(await t.as(admin))).status).toBe(204);
    expect(await stats()).toMatchObject({ floors: 0, contacts: 1 });
  });

  it('lists a project the moment it is made, renamed or deleted', async () => {
    const names = async () => ((await t.http.get(`/api/orgs/${orgId}/projects?sort=name`).set(await t.as(admin))).body.items as { name: string }[]).map((p) => p.name);
    expect(await names()).toEqual(['Warehouse']);
    const made = await t.http
      .post(`/api/orgs/${orgId}/projects`)
      .set(await t.as(admin))
      .send({ name: 'Clinic' });
    expect(made.status).toBe(201);
    expect(await names()).toEqual(['Clinic', 'Warehouse']);
    await t.http
      .put(`/api/projects/${made.body.id}`)
      .set(await t.as(admin))
      .send({ name: 'Depot' });
    expect(await names()).toEqual(['Depot', 'Warehouse']);
    expect((await t.http.delete(`/api/projects/${made.body.id}`).set(await t.as(admin))).status).toBe(204);
    expect(await names()).toEqual(['Warehouse']);
  });
});
