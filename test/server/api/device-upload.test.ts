/**
 * A registered survey device uploads a walk with its upload token: the track lands on its own
 * organisation's floor and is processed; a missing, wrong or rotated token, another
 * organisation's floor or a broken file store nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layoutSvg } from '../../../server/api/demo/floorplan-svg.js';
import { addToInventory } from '../../../server/api/devices/inventory.js';
import { PX_PER_M, scenario } from './survey/ground-truth.js';
import { BACKENDS, startTestApi, type TestApi, type TestUser } from './support/api-instance.js';

const s = scenario(11);

function walkCsv(count: number): string {
  const t = s.samples;
  const lines = ['time,x,y,technology,bssid,ssid,channel,band,signal,noise'];
  for (let i = 0; i < Math.min(count, t.count); i++) {
    const n = t.networks[t.network[i]!]!;
    lines.push(`${t.time[i]},${t.x[i]!.toFixed(1)},${t.y[i]!.toFixed(1)},${n.technology},${n.networkId},${n.name},${n.channel},${n.band},${t.signalDbm[i]},${t.noiseDbm[i]}`);
  }
  return `${lines.join('\n')}\n`;
}

describe.each(BACKENDS)('device track upload on %s', (backend) => {
  let t: TestApi;
  let owner: TestUser;
  const orgId = randomUUID();
  const otherOrgId = randomUUID();
  let floorId: string;
  let otherFloorId: string;
  let token: string;
  let deviceId: string;

  const upload = (floor: string, csv: string, headers: Record<string, string> = { 'x-device-token': token }) =>
    t.http.post(`/api/device/floors/${floor}/tracks`).set(headers).attach('file', Buffer.from(csv), 'walk.csv');
  const trackCount = async () => Number((await t.db.query<{ n: string }>('SELECT count(*) AS n FROM tracks')).rows[0]!.n);

  beforeAll(async () => {
    t = await startTestApi(backend);
    owner = await t.newUser('owner');
    for (const id of [orgId, otherOrgId]) {
      await t.db.query('INSERT INTO orgs (id, name) VALUES ($1, $2)', [id, `Org ${id.slice(0, 4)}`]);
      await t.db.query(`INSERT INTO org_members (org_id, user_id, role) VALUES ($1, $2, 'owner')`, [id, owner.id]);
    }
    const as = await t.as(owner);
    const floorIn = async (org: string) => {
      const project = await t.http
        .post(`/api/orgs/${org}/projects`)
        .set(as)
        .send({ name: `Site ${org.slice(0, 4)}` });
      const floor = await t.http.post(`/api/projects/${project.body.id}/floors`).set(as).send({ name: 'Ground', level: 0 });
      const svg = Buffer.from(layoutSvg(s.layout, PX_PER_M, 'Ground'));
      const plan = await t.http.post(`/api/floors/${floor.body.id}/floorplans`).set(as).attach('file', svg, { filename: 'g.svg', contentType: 'image/svg+xml' });
      expect(plan.status).toBe(201);
      return floor.body.id as string;
    };
    floorId = await floorIn(orgId);
    otherFloorId = await floorIn(otherOrgId);
    await addToInventory(t.db, [{ serial: 'SV-9', model: 'Walker-1', claimCode: 'CLAIM-0009' }], new Date());
    const reg = await t.http.post(`/api/orgs/${orgId}/devices/register`).set(as).send({ serial: 'SV-9', claimCode: 'CLAIM-0009' });
    expect(reg.status).toBe(201);
    token = reg.body.token;
    deviceId = reg.body.device.id;
  }, 120_000);
  afterAll(async () => t?.close());

  it('stores the walk on the floor as the device’s track and processes it', async () => {
    const res = await upload(floorId, walkCsv(400));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ floorId, source: 'device', deviceId, sampleCount: 400, status: 'queued' });
    let track = res.body;
    for (let i = 0; i < 300 && track.status !== 'processed' && track.status !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      track = (await t.http.get(`/api/tracks/${res.body.id}`).set(await t.as(owner))).body;
    }
    expect(track.status).toBe('processed');
  });

  it('refuses a missing or unknown token with 401 and stores nothing', async () => {
    const before = await trackCount();
    expect((await upload(floorId, walkCsv(10), {})).status).toBe(401);
    expect((await upload(floorId, walkCsv(10), { 'x-device-token': 'not-a-token' })).status).toBe(401);
    expect(await trackCount()).toBe(before);
  });

  it('answers another organisation’s floor and unknown floors as unknown', async () => {
    const before = await trackCount();
    expect((await upload(otherFloorId, walkCsv(10))).status).toBe(404);
    expect((await upload(randomUUID(), walkCsv(10))).status).toBe(404);
    expect(await trackCount()).toBe(before);
  });

  it('refuses a broken file naming the line, and stores nothing', async () => {
    const before = await trackCount();
    const res = await upload(floorId, 'time,x,y,technology,bssid,ssid,channel,band,signal,noise\n0,1,1,wifi6,aa:bb:cc:dd:ee:ff,x,36,5GHz,loud,-95\n');
    expect(res.status).toBe(400);
    expect(res.body.error.reason).toMatch(/line 2/);
    expect(await trackCount()).toBe(before);
  });

  it('stops accepting a token once it is rotated', async () => {
    const rotated = await t.http
      .put(`/api/devices/${deviceId}`)
      .set(await t.as(owner))
      .send({ rotateToken: true });
    expect(rotated.status).toBe(200);
    expect(rotated.body.token).toBeTruthy();
    expect((await upload(floorId, walkCsv(10))).status).toBe(401);
    expect((await upload(floorId, walkCsv(10), { 'x-device-token': rotated.body.token })).status).toBe(201);
  });
});
