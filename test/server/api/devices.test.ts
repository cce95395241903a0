import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToInventory } from '../../../server/api/devices/inventory.js';
import { resolveDeviceScope } from '../../../server/api/devices/scope.js';
import { deviceForToken } from '../../../server/api/devices/tokens.js';
import { CALLER_HEADER, STARTUP_MS, startFleetApp, type FleetTestApp } from './fleet-app.js';

describe.each(['pglite', 'postgres'])('devices on %s', (backend) => {
  let t: FleetTestApp;
  let http: ReturnType<typeof request>;
  const orgId = randomUUID();
  const otherOrg = randomUUID();
  const alice = randomUUID();
  let deviceId: string;
  let token: string;

  beforeAll(async () => {
    t = await startFleetApp(backend);
    http = request(t.app.server);
    await t.db.query('INSERT INTO orgs (id, name) VALUES ($1, $2), ($3, $4)', [orgId, 'Acme', otherOrg, 'Other']);
    await addToInventory(
      t.db,
      [
        { serial: 'AP2-0001', model: 'AP-200', claimCode: 'K7QX-22PL' },
        { serial: 'AP2-0002', model: 'AP-200', claimCode: 'M3ZT-88WA' },
        { serial: 'SN5-0001', model: 'Sensor-5', claimCode: 'P4RR-10CC' },
        { serial: 'sn5-0002', model: 'Sensor-5', claimCode: 'Q9DD-55EE' },
      ],
      new Date(),
    );
  }, STARTUP_MS);
  afterAll(async () => t?.close(), STARTUP_MS);

  it('registers a device by serial and claim code, answering its upload token once', async () => {
    const res = await http.post(`/api/orgs/${orgId}/devices/register`).set(CALLER_HEADER, alice).send({ serial: 'ap2-0001', claimCode: 'k7qx 22pl', name: 'Lobby' });
    expect(res.status).toBe(201);
    expect(res.body.device).toMatchObject({
      orgId,
      serial: 'AP2-0001',
      model: 'AP-200',
      name: 'Lobby',
      status: 'active',
      firmwareVersion: null,
      registeredBy: alice,
      subscription: null,
    });
    expect(res.body.token).toMatch(/^swd_[A-Za-z0-9_-]{43}$/);
    deviceId = res.body.device.id;
    token = res.body.token;
    const stored = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM device_tokens WHERE device_id = $1', [deviceId]);
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]!.token_hash).not.toContain(token);
    const seen = new Date('2026-02-01T08:00:00Z');
    expect(await deviceForToken(t.db, token, seen)).toEqual({ deviceId, orgId });
    expect(await deviceForToken(t.db, `${token}x`, new Date())).toBeUndefined();
    const listed = await http.get(`/api/orgs/${orgId}/devices`);
    expect(listed.body.items[0]).toMatchObject({ id: deviceId, lastSeenAt: seen.toISOString() });
  });

  it('names a device after its model and serial when no name is given', async () => {
    const res = await http.post(`/api/orgs/${orgId}/devices/register`).send({ serial: 'SN5-0001', claimCode: 'P4RR-10CC' });
    expect(res.status).toBe(201);
    expect(res.body.device.name).toBe('Sensor-5 SN5-0001');
  });

  it('refuses a wrong claim code and an unknown serial alike, and a serial registered already', async () => {
    const wrong = await http.post(`/api/orgs/${orgId}/devices/register`).send({ serial: 'AP2-0002', claimCode: 'AAAA-BBBB' });
    const unknown = await http.post(`/api/orgs/${orgId}/devices/register`).send({ serial: 'ZZZ-9999', claimCode: 'AAAA-BBBB' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.reason).toMatch(/^claimCode: /);
    expect(unknown.body.error.reason).toBe(wrong.body.error.reason);
    const again = await http.post(`/api/orgs/${otherOrg}/devices/register`).send({ serial: 'AP2-0001', claimCode: 'K7QX-22PL' });
    expect(again.status).toBe(409);
    expect(again.body.error.reason).toMatch(/already registered/);
    expect((await t.db.query('SELECT 1 FROM devices WHERE org_id = $1', [otherOrg])).rowCount).toBe(0);
  });

  it('refuses bad registration input naming the field, and unknown organisations', async () => {
    const missing = await http.post(`/api/orgs/${orgId}/devices/register`).send({ serial: 'AP2-0002' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.reason).toMatch(/claimCode/);
    const badSerial = await http.post(`/api/orgs/${orgId}/devices/register`).send({ serial: '../x', claimCode: 'M3ZT-88WA' });
    expect(badSerial.body.error.reason).toMatch(/serial/);
    expect((await http.post(`/api/orgs/${orgId}/devices/register`).send({ serial: 'AP2-0002', claimCode: 'M3ZT-88WA', colour: 'red' })).status).toBe(400);
    expect((await http.post(`/api/orgs/${randomUUID()}/devices/register`).send({ serial: 'AP2-0002', claimCode: 'M3ZT-88WA' })).status).toBe(404);
    expect((await http.post('/api/orgs/nope/devices/register').send({ serial: 'AP2-0002', claimCode: 'M3ZT-88WA' })).status).toBe(404);
  });

  it('updates name, status and firmware version; a disabled device’s token stops working', async () => {
    const res = await http.put(`/api/devices/${deviceId}`).send({ name: ' Lobby AP ', firmwareVersion: '2.4.1', status: 'disabled' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: deviceId, name: 'Lobby AP', firmwareVersion: '2.4.1', status: 'disabled' });
    expect(res.body.token).toBeUndefined();
    expect(await deviceForToken(t.db, token, new Date())).toBeUndefined();
    expect((await http.put(`/api/devices/${deviceId}`).send({ status: 'active' })).body.status).toBe('active');
    expect(await deviceForToken(t.db, token, new Date())).toEqual({ deviceId, orgId });
  });

  it('rotates the token: the old one is revoked, the new one answered once', async () => {
    const res = await http.put(`/api/devices/${deviceId}`).send({ rotateToken: true });
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^swd_/);
    expect(await deviceForToken(t.db, token, new Date())).toBeUndefined();
    expect(await deviceForToken(t.db, res.body.token, new Date())).toEqual({ deviceId, orgId });
    token = res.body.token;
  });

  it('answers one device with its subscription, and 404 for an unknown one', async () => {
    const res = await http.get(`/api/devices/${deviceId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: deviceId, orgId, serial: 'AP2-0001', subscription: null });
    expect(res.body.token).toBeUndefined();
    expect((await http.get(`/api/devices/${randomUUID()}`)).status).toBe(404);
    expect((await http.get('/api/devices/not-an-id')).status).toBe(404);
  });

  it('refuses bad updates naming the field, and unknown devices', async () => {
    const empty = await http.put(`/api/devices/${deviceId}`).send({});
    expect(empty.status).toBe(400);
    const status = await http.put(`/api/devices/${deviceId}`).send({ status: 'online' });
    expect(status.status).toBe(400);
    expect(status.body.error.reason).toMatch(/status/);
    const model = await http.put(`/api/devices/${deviceId}`).send({ model: 'AP-300' });
    expect(model.body.error.reason).toMatch(/model/);
    const version = await http.put(`/api/devices/${deviceId}`).send({ firmwareVersion: '2.4 beta' });
    expect(version.body.error.reason).toMatch(/firmwareVersion/);
    expect((await http.put(`/api/devices/${randomUUID()}`).send({ name: 'x' })).status).toBe(404);
    expect((await http.put('/api/devices/nope').send({ name: 'x' })).status).toBe(404);
  });

  it('lists with query, model, status and subscription filters, sorting and pages', async () => {
    const reg = await http.post(`/api/orgs/${orgId}/devices/register`).send({ serial: 'AP2-0002', claimCode: 'M3ZT-88WA', name: 'Warehouse' });
    expect(reg.status).toBe(201);
    await http.put(`/api/devices/${reg.body.device.id}`).send({ status: 'disabled' });
    const all = await http.get(`/api/orgs/${orgId}/devices?sort=name`);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 3, page: 1, perPage: 25 });
    expect(all.body.items.map((d: { name: string }) => d.name)).toEqual(['Lobby AP', 'Sensor-5 SN5-0001', 'Warehouse']);
    const aps = await http.get(`/api/orgs/${orgId}/devices?model=AP-200&sort=serial`);
    expect(aps.body.items.map((d: { serial: string }) => d.serial)).toEqual(['AP2-0001', 'AP2-0002']);
    const q = await http.get(`/api/orgs/${orgId}/devices?q=sn5`);
    expect(q.body.items.map((d: { serial: string }) => d.serial)).toEqual(['SN5-0001']);
    const disabled = await http.get(`/api/orgs/${orgId}/devices?status=disabled`);
    expect(disabled.body.items.map((d: { name: string }) => d.name)).toEqual(['Warehouse']);
    const none = await http.get(`/api/orgs/${orgId}/devices?subscription=none`);
    expect(none.body.total).toBe(3);
    expect((await http.get(`/api/orgs/${orgId}/devices?subscription=active`)).body.total).toBe(0);
    const page2 = await http.get(`/api/orgs/${orgId}/devices?sort=name&per_page=2&page=2`);
    expect(page2.body.items.map((d: { name: string }) => d.name)).toEqual(['Warehouse']);
    expect((await http.get(`/api/orgs/${otherOrg}/devices`)).body.total).toBe(0);
  });

  it('refuses bad list queries naming the parameter, and unknown organisations', async () => {
    const perPage = await http.get(`/api/orgs/${orgId}/devices?per_page=101`);
    expect(perPage.status).toBe(400);
    expect(perPage.body.error.reason).toMatch(/per_page/);
    expect((await http.get(`/api/orgs/${orgId}/devices?subscription=paused`)).body.error.reason).toMatch(/subscription/);
    expect((await http.get(`/api/orgs/${orgId}/devices?sort=price`)).status).toBe(400);
    expect((await http.get(`/api/orgs/${randomUUID()}/devices`)).status).toBe(404);
  });

  it('resolves a device to its organisation for the permission check', async () => {
    expect(await resolveDeviceScope(t.db, deviceId)).toEqual({ orgId });
    expect(await resolveDeviceScope(t.db, deviceId.toUpperCase())).toEqual({ orgId });
    expect(await resolveDeviceScope(t.db, randomUUID())).toBeUndefined();
    expect(await resolveDeviceScope(t.db, 'not-a-uuid')).toBeUndefined();
  });

  it('goes with its organisation', async () => {
    const gone = randomUUID();
    await t.db.query('INSERT INTO orgs (id, name) VALUES ($1, $2)', [gone, 'Gone']);
    const reg = await http.post(`/api/orgs/${gone}/devices/register`).send({ serial: 'SN5-0002', claimCode: 'Q9DD-55EE' });
    expect(reg.status).toBe(201);
    await t.db.query('DELETE FROM orgs WHERE id = $1', [gone]);
    expect(await resolveDeviceScope(t.db, reg.body.device.id)).toBeUndefined();
    expect((await t.db.query('SELECT 1 FROM device_tokens WHERE device_id = $1', [reg.body.device.id])).rowCount).toBe(0);
  });
});
