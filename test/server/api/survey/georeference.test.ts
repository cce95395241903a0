/**
 * A floor plan's georeference through the whole API (identity assertions, route policy, real
 * database): who may read and replace it, bad points refused naming the field with nothing
 * stored, the residuals given back, and a WiGLE file imported onto the plan through it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, startTestApi, type TestApi, type TestUser } from '../support/api-instance.js';
import { offset, wigleFile } from './fixtures/wigle.js';
import { readTrail } from '../../audit/read-trail.js';

const plan = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="500"><rect width="1000" height="500" fill="#fff"/></svg>');
/** 10 px per metre, north up, the plan's top-left corner at the fixtures' origin. */
const controlPoints = [
  { x: 0, y: 0, ...offset(0, 0) },
  { x: 1000, y: 0, ...offset(100, 0) },
  { x: 1000, y: 500, ...offset(100, -50) },
];

describe.each(BACKENDS)('floor plan georeference on %s', (backend) => {
  let t: TestApi;
  let owner: TestUser;
  let viewer: TestUser;
  let outsider: TestUser;
  let floorId: string;
  let floorplanId: string;
  const path = () => `/api/floorplans/${floorplanId}/georeference`;

  beforeAll(async () => {
    t = await startTestApi(backend);
    const admin = await t.newUser('admin');
    [owner, viewer, outsider] = [await t.newUser('owner'), await t.newUser('viewer'), await t.newUser('outsider')];
    const orgId = (
      await t.http
        .post('/api/admin/orgs')
        .set(await t.as(admin))
        .send({ name: 'Geo Org', ownerId: owner.id })
    ).body.id;
    await t.db.query(`INSERT INTO org_members (org_id, user_id, role) VALUES ($1, $2, 'viewer')`, [orgId, viewer.id]);
    const as = await t.as(owner);
    const projectId = (await t.http.post(`/api/orgs/${orgId}/projects`).set(as).send({ name: 'Yard' })).body.id;
    floorId = (await t.http.post(`/api/projects/${projectId}/floors`).set(as).send({ name: 'Yard', level: 0 })).body.id;
    const res = await t.http.post(`/api/floors/${floorId}/floorplans`).set(as).attach('file', plan, { filename: 'yard.svg', contentType: 'image/svg+xml' });
    expect(res.status).toBe(201);
    floorplanId = res.body.id;
  }, 120_000);
  afterAll(async () => t?.close());

  const stored = async () => (await t.db.query<{ control_points: unknown[] }>('SELECT control_points FROM floorplans WHERE id = $1', [floorplanId])).rows[0]!.control_points;

  it('refuses a WiGLE file while the plan has no control points, saying how to add them', async () => {
    const file = wigleFile('1.6', [{ mac: '0a:1b:2c:3d:4e:01', ssid: 'Yard', channel: 36, frequency: 5180, rssi: -60, east: 20, north: -20 }]);
    const res = await t.http
      .post(`/api/floors/${floorId}/tracks`)
      .set(await t.as(owner))
      .attach('file', Buffer.from(file), { filename: 'WigleWifi_20260501.csv', contentType: 'text/csv' });
    expect(res.status).toBe(400);
    expect(res.body.error.reason).toMatch(/choose "Georeference", click two or more places on the plan/);
  });

  it('starts empty, stores points and answers each residual', async () => {
    const read = await t.http.get(path()).set(await t.as(viewer));
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ controlPoints: [], fit: null });
    // The third point is read 2 m off to the east.
    const sent = controlPoints.map((p, i) => (i === 2 ? { ...p, ...offset(102, -50) } : p));
    const put = await t.http
      .put(path())
      .set(await t.as(owner))
      .send({ controlPoints: sent });
    expect(put.status).toBe(200);
    expect(put.body.controlPoints).toHaveLength(3);
    expect(put.body.controlPoints[0]).toMatchObject(sent[0]!);
    const residuals = put.body.controlPoints.map((p: { residualM: number }) => p.residualM);
    expect(Math.max(...residuals)).toBeGreaterThan(0.5);
    expect(Math.max(...residuals)).toBeLessThan(2);
    expect(put.body.fit.metresPerPixel).toBeGreaterThan(0.099);
    expect(put.body.fit.metresPerPixel).toBeLessThan(0.102);
    expect((await t.http.get(path()).set(await t.as(viewer))).body).toEqual(put.body);
    expect(await stored()).toEqual(sent);
  });

  it('refuses bad points with 400 naming the field, storing nothing', async () => {
    const before = await stored();
    const as = await t.as(owner);
    const cases: [unknown, string][] = [
      [[controlPoints[0]], 'body/controlPoints: give at least 2 control points'],
      [[controlPoints[0], { ...controlPoints[1], latitude: 95 }], 'body/controlPoints[1].latitude'],
      [[controlPoints[0], { ...controlPoints[1], longitude: 200 }], 'body/controlPoints[1].longitude'],
      [[controlPoints[0], { ...controlPoints[1], x: 1200 }], 'body/controlPoints[1].x'],
      [[controlPoints[0], { ...controlPoints[1], y: -3 }], 'body/controlPoints[1].y'],
      [[controlPoints[0], { ...controlPoints[1], x: 0.5, y: 0.5 }], 'body/controlPoints[1]: lies on the image where control point 1 does'],
      [[controlPoints[0], { ...controlPoints[1], ...offset(0.1, 0) }], 'body/controlPoints[1]: lies on the ground where control point 1 does'],
    ];
    for (const [points, reason] of cases) {
      const res = await t.http.put(path()).set(as).send({ controlPoints: points });
      expect(res.status, reason).toBe(400);
      expect(res.body.error.reason).toContain(reason);
    }
    const typed = await t.http
      .put(path())
      .set(as)
      .send({ controlPoints: [{ x: 'a', y: 0, latitude: 0, longitude: 0 }, controlPoints[1]] });
    expect(typed.status).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it('lets a viewer read but not replace them, and an outsider do neither', async () => {
    const byViewer = await t.http
      .put(path())
      .set(await t.as(viewer))
      .send({ controlPoints });
    expect(byViewer.status).toBe(403);
    expect((await t.http.get(path()).set(await t.as(outsider))).status).toBe(403);
    expect((await t.http.get(path())).status).toBe(401);
    expect((await t.http.get(`/api/floorplans/${randomUUID()}/georeference`).set(await t.as(owner))).status).toBe(404);
  });

  it('imports a WiGLE file onto the plan, and records the change in the audit trail', async () => {
    const as = await t.as(owner);
    expect((await t.http.put(path()).set(as).send({ controlPoints })).status).toBe(200);
    const file = wigleFile('1.6', [
      { mac: '0a:1b:2c:3d:4e:01', ssid: 'Yard', channel: 36, frequency: 5180, rssi: -60, east: 20, north: -20 },
      { mac: '0a:1b:2c:3d:4e:01', ssid: 'Yard', channel: 36, frequency: 5180, rssi: -66, east: 30, north: -20, time: '2026-05-01 10:00:04' },
      { mac: '11:22:33:44:55:66', ssid: 'Headset', channel: 0, rssi: -80, east: 30, north: -20, type: 'BT' },
      { mac: '0a:1b:2c:3d:4e:02', ssid: 'Yard', channel: 36, frequency: 5180, rssi: -70, east: 130, north: -20 },
    ]);
    const res = await t.http
      .post(`/api/floors/${floorId}/tracks?process=true`)
      .set(as)
      .attach('file', Buffer.from(file), { filename: 'WigleWifi_20260501.csv', contentType: 'text/csv' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ format: 'wigle', sampleCount: 2, networkCount: 1, placed: true });
    expect(res.body.skipped.count).toBe(2);
    const points = await t.http.get(`/api/tracks/${res.body.id}/points`).set(as);
    expect(points.status).toBe(200);
    const audit = await readTrail<{ action: string }>(t.db, `SELECT action FROM audit_events WHERE action = 'survey.floorplan.georeferenced'`);
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });
});
