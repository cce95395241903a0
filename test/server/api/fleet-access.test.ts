/**
 * The device, subscription, invoice, notification and firmware routes inside the whole API:
 * the identity assertion and the route policy's permissions decide who reaches them.
 */
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToInventory } from '../../../server/api/devices/inventory.js';
import { BACKENDS, startTestApi, type TestApi, type TestUser } from './support/api-instance.js';

describe.each(BACKENDS)('devices, billing and firmware in the API on %s', (backend) => {
  let t: TestApi;
  let admin: TestUser;
  let owner: TestUser;
  let viewer: TestUser;
  let outsider: TestUser;
  const orgId = randomUUID();
  let deviceId: string;

  beforeAll(async () => {
    t = await startTestApi(backend);
    admin = await t.newUser('admin');
    owner = await t.newUser('owner');
    viewer = await t.newUser('viewer');
    outsider = await t.newUser('outsider');
    await t.db.query('INSERT INTO orgs (id, name) VALUES ($1, $2)', [orgId, 'Acme']);
    await t.db.query(`INSERT INTO org_members (org_id, user_id, role) VALUES ($1, $2, 'owner'), ($1, $3, 'viewer')`, [orgId, owner.id, viewer.id]);
    await addToInventory(t.db, [{ serial: 'AC-1', model: 'AP-200', claimCode: 'CODE-0001' }], new Date());
  }, 90_000);
  afterAll(async () => t?.close());

  it('lets an owner register a device, subscribe it and read the invoices', async () => {
    const reg = await t.http
      .post(`/api/orgs/${orgId}/devices/register`)
      .set(await t.as(owner))
      .send({ serial: 'AC-1', claimCode: 'CODE-0001' });
    expect(reg.status).toBe(201);
    deviceId = reg.body.device.id;
    expect(reg.body.device.registeredBy).toBe(owner.id);
    const start = await t.http
      .post(`/api/devices/${deviceId}/startsubscription`)
      .set(await t.as(owner))
      .send({ plan: 'basic', interval: 'monthly' });
    expect(start.status).toBe(201);
    expect((await t.http.get(`/api/orgs/${orgId}/invoices`).set(await t.as(owner))).body.total).toBe(1);
    expect((await t.http.get(`/api/orgs/${orgId}/notifications`).set(await t.as(owner))).body.total).toBe(1);
  });

  it('lets a viewer read devices and notifications but change nothing and see no invoices', async () => {
    const as = await t.as(viewer);
    expect((await t.http.get(`/api/orgs/${orgId}/devices`).set(as)).status).toBe(200);
    expect((await t.http.get(`/api/orgs/${orgId}/notifications`).set(as)).status).toBe(200);
    expect((await t.http.get(`/api/orgs/${orgId}/invoices`).set(as)).status).toBe(403);
    expect((await t.http.put(`/api/devices/${deviceId}`).set(as).send({ name: 'x' })).status).toBe(403);
    expect((await t.http.post(`/api/devices/${deviceId}/cancelsubscription`).set(as)).status).toBe(403);
    expect((await t.http.post(`/api/orgs/${orgId}/devices/register`).set(as).send({ serial: 'AC-1', claimCode: 'CODE-0001' })).status).toBe(403);
  });

  it('keeps other organisations’ users and anonymous callers out', async () => {
    const as = await t.as(outsider);
    expect((await t.http.get(`/api/orgs/${orgId}/devices`).set(as)).status).toBe(403);
    expect((await t.http.put(`/api/devices/${deviceId}`).set(as).send({ name: 'x' })).status).toBe(403);
    expect((await t.http.get(`/api/orgs/${orgId}/notifications`).set(as)).status).toBe(403);
    expect((await t.http.get(`/api/orgs/${orgId}/devices`)).status).toBe(401);
  });

  it('resolves a device to its organisation for the gateway', async () => {
    const res = await t.http.get(`/api/scopes/device/${deviceId}`).set(await t.as(owner));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ orgId });
    expect((await t.http.get(`/api/scopes/device/${randomUUID()}`).set(await t.as(owner))).status).toBe(404);
  });

  it('lets only administrators release firmware, and anyone signed in list it', async () => {
    const file = Buffer.from('firmware image');
    const fields = { version: '1.2.3', changeNotes: 'notes', fileHash: createHash('sha256').update(file).digest('hex'), deviceModel: 'AP-200' };
    const post = (as: Record<string, string>) => {
      let req = t.http.post('/api/admin/firmware/releases').set(as);
      for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
      return req.attach('file', file, 'fw.bin');
    };
    expect((await post(await t.as(owner))).status).toBe(403);
    const released = await post(await t.as(admin));
    expect(released.status).toBe(201);
    expect((await t.http.get('/api/firmware/releases?deviceModel=AP-200').set(await t.as(outsider))).body.total).toBe(1);
    expect((await t.http.delete(`/api/admin/firmware/releases/${released.body.id}`).set(await t.as(owner))).status).toBe(403);
    expect((await t.http.delete(`/api/admin/firmware/releases/${released.body.id}`).set(await t.as(admin))).status).toBe(204);
    const told = await t.http.get(`/api/orgs/${orgId}/notifications?kind=firmware.released`).set(await t.as(owner));
    expect(told.body.total).toBe(1);
  });
});
