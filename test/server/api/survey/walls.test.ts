/**
 * The walls of a floor plan through the whole API (identity assertions, route policy, real
 * database): who may read and replace them, what is refused and why, that a set comes back as
 * sent, and that a change queues the plan's processed tracks again while an unchanged set does not.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layoutSvg } from '../../../../server/api/demo/floorplan-svg.js';
import { sampleTableCsv } from '../../../support/sample-csv.js';
import type { Wall } from '../../../../shared/heatmap/walls.js';
import { BACKENDS, startTestApi, type TestApi, type TestUser } from '../support/api-instance.js';
import { PX_PER_M, scenario } from './ground-truth.js';

async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(BACKENDS)('floor plan walls on %s', (backend) => {
  let t: TestApi;
  let owner: TestUser;
  let viewer: TestUser;
  let outsider: TestUser;
  let floorplanId: string;
  let trackId: string;
  const s = scenario(7);
  const walls: Wall[] = [
    { id: 'w1', x1: 10, y1: 20, x2: 310.5, y2: 20, material: 'concrete', lossDb: 12 },
    { id: 'w2', x1: 310.5, y1: 20, x2: 310.5, y2: 200, material: 'glass', lossDb: 6.5 },
  ];

  beforeAll(async () => {
    t = await startTestApi(backend);
    const admin = await t.newUser('admin');
    [owner, viewer, outsider] = [await t.newUser('owner'), await t.newUser('viewer'), await t.newUser('outsider')];
    const orgId = (
      await t.http
        .post('/api/admin/orgs')
        .set(await t.as(admin))
        .send({ name: 'Walls Org', ownerId: owner.id })
    ).body.id;
    await t.db.query(`INSERT INTO org_members (org_id, user_id, role) VALUES ($1, $2, 'viewer')`, [orgId, viewer.id]);
    const as = await t.as(owner);
    const projectId = (await t.http.post(`/api/orgs/${orgId}/projects`).set(as).send({ name: 'Site' })).body.id;
    const floorId = (await t.http.post(`/api/projects/${projectId}/floors`).set(as).send({ name: 'G', level: 0 })).body.id;
    const svg = Buffer.from(layoutSvg(s.layout, PX_PER_M, 'Ground floor'));
    const plan = await t.http.post(`/api/floors/${floorId}/floorplans`).set(as).attach('file', svg, { filename: 'ground.svg', contentType: 'image/svg+xml' });
    expect(plan.status).toBe(201);
    floorplanId = plan.body.id;
    const track = await t.http
      .post(`/api/floors/${floorId}/tracks?process=true`)
      .set(as)
      .attach('file', Buffer.from(sampleTableCsv(s.samples)), { filename: 'walk.csv', contentType: 'text/csv' });
    expect(track.status).toBe(201);
    trackId = track.body.id;
    const done = await until(
      async () => (await t.http.get(`/api/tracks/${trackId}`).set(await t.as(owner))).body.status,
      (status) => status === 'processed' || status === 'failed',
    );
    expect(done).toBe('processed');
  }, 120_000);
  afterAll(async () => t?.close());

  const trackRow = async () =>
    (await t.db.query<{ status: string; queued_at: Date; input_hash: string }>('SELECT status, queued_at, input_hash FROM tracks WHERE id = $1', [trackId])).rows[0]!;

  it('starts with none, and gives back the set it was sent', async () => {
    const read = await t.http.get(`/api/floorplans/${floorplanId}/walls`).set(await t.as(viewer));
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ walls: [] });
    const put = await t.http
      .put(`/api/floorplans/${floorplanId}/walls`)
      .set(await t.as(owner))
      .send({ walls });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ walls });
    expect((await t.http.get(`/api/floorplans/${floorplanId}/walls`).set(await t.as(viewer))).body).toEqual({ walls });
  });

  it('refuses bad walls with a 400 naming the field, and keeps the stored set', async () => {
    const as = await t.as(owner);
    const refused = async (body: object) => {
      const res = await t.http.put(`/api/floorplans/${floorplanId}/walls`).set(as).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      return res.body.error.reason as string;
    };
    const one = (patch: Partial<Record<keyof Wall, unknown>>) => ({ walls: [walls[0], { ...walls[1], ...patch }] });
    expect(await refused(one({ x2: s.image.width + 1 }))).toMatch(/walls\[1\]\.x2: .* outside/);
    expect(await refused(one({ y1: -0.5 }))).toMatch(/walls\[1\]\.y1/);
    expect(await refused(one({ x1: 'a' }))).toMatch(/walls\/1\/x1/);
    expect(await refused(one({ material: 'steel' }))).toMatch(/walls\/1\/material/);
    expect(await refused(one({ lossDb: 40.5 }))).toMatch(/walls\/1\/lossDb/);
    expect(await refused(one({ lossDb: -1 }))).toMatch(/walls\/1\/lossDb/);
    expect(await refused(one({ id: 'w1' }))).toMatch(/walls\[1\]\.id/);
    expect(await refused(one({ x2: 310.5, y2: 20.2 }))).toMatch(/walls\[1\]: .*one pixel/);
    expect(await refused({ walls: [{ ...walls[0], colour: 'red' }] })).toMatch(/walls\/0/);
    expect(await refused({})).toMatch(/walls/);
    const many = Array.from({ length: 2001 }, (_, i) => ({ ...walls[0], id: `w${i}` }));
    expect(await refused({ walls: many })).toMatch(/walls.*2000/);
    expect((await t.http.get(`/api/floorplans/${floorplanId}/walls`).set(as)).body).toEqual({ walls });
  });

  it('lets a viewer read but not replace them, and an outsider do neither', async () => {
    const byViewer = await t.http
      .put(`/api/floorplans/${floorplanId}/walls`)
      .set(await t.as(viewer))
      .send({ walls: [] });
    expect(byViewer.status).toBe(403);
    expect(byViewer.body.error.details.missing).toEqual(['project:survey:write']);
    expect((await t.http.get(`/api/floorplans/${floorplanId}/walls`).set(await t.as(outsider))).status).toBe(403);
    expect((await t.http.get(`/api/floorplans/${floorplanId}/walls`)).status).toBe(401);
    expect((await t.http.get(`/api/floorplans/${randomUUID()}/walls`).set(await t.as(owner))).status).toBe(404);
    expect(
      (
        await t.http
          .put(`/api/floorplans/${randomUUID()}/walls`)
          .set(await t.as(owner))
          .send({ walls: [] })
      ).status,
    ).toBe(404);
    expect((await t.http.get(`/api/floorplans/${floorplanId}/walls`).set(await t.as(owner))).body).toEqual({ walls });
  });

  it('queues the processed tracks of the plan again when the walls change, not when they are sent unchanged', async () => {
    // The first test's change queued the track; let it finish, from the new inputs.
    const first = await until(trackRow, (r) => r.status === 'processed');
    expect(first.status).toBe('processed');
    const as = await t.as(owner);

    expect((await t.http.put(`/api/floorplans/${floorplanId}/walls`).set(as).send({ walls })).status).toBe(200);
    expect((await trackRow()).queued_at).toEqual(first.queued_at);

    // Only the loss of one wall changes: the prediction would differ, so the results are stale.
    const changed = [walls[0]!, { ...walls[1]!, lossDb: 20 }];
    const sent = Date.now();
    expect((await t.http.put(`/api/floorplans/${floorplanId}/walls`).set(as).send({ walls: changed })).status).toBe(200);
    const requeued = await trackRow();
    expect(requeued.queued_at.getTime()).toBeGreaterThanOrEqual(sent - 1000);
    expect(requeued.queued_at.getTime()).toBeGreaterThan(first.queued_at.getTime());
    const again = await until(trackRow, (r) => r.status === 'processed');
    expect(again.status).toBe('processed');
    expect(again.input_hash).not.toBe(first.input_hash);

    // Taking every wall away brings back the inputs of a plan that never had walls.
    expect((await t.http.put(`/api/floorplans/${floorplanId}/walls`).set(as).send({ walls: [] })).status).toBe(200);
    expect((await trackRow()).queued_at.getTime()).toBeGreaterThan(again.queued_at.getTime());
    expect((await until(trackRow, (r) => r.status === 'processed')).status).toBe('processed');
  });
});
