import sharp from 'sharp';
import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layoutSvg } from '../../../../server/api/demo/floorplan-svg.js';
import { sampleTableCsv } from '../../../support/sample-csv.js';
import { PX_PER_M, scenario } from './ground-truth.js';
import { DEFAULT_RECT, pdfFixture } from './pdf-fixture.js';
import { CALLER_HEADER, startSurveyApp, type SurveyTestApp } from './survey-app.js';

async function until<T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(['pglite', 'postgres'])('survey routes on %s', (backend) => {
  let t: SurveyTestApp;
  let http: ReturnType<typeof request>;
  const orgId = randomUUID();
  const alice = randomUUID();
  const s = scenario(7);
  const svg = Buffer.from(layoutSvg(s.layout, PX_PER_M, 'Ground floor'));
  let projectId: string;
  let floorId: string;
  let floorplanId: string;
  let trackId: string;

  beforeAll(async () => {
    t = await startSurveyApp(backend);
    http = request(t.app.server);
    await t.db.query('INSERT INTO orgs (id, name) VALUES ($1, $2)', [orgId, 'Acme']);
  });
  afterAll(async () => t?.close());

  describe('projects', () => {
    it('creates a project whose creator manages it, and refuses a duplicate name in any case', async () => {
      const res = await http.post(`/api/orgs/${orgId}/projects`).set(CALLER_HEADER, alice).send({ name: ' HQ Survey ', customer: 'Acme Ltd' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ orgId, name: 'HQ Survey', status: 'running', customer: 'Acme Ltd', createdBy: alice });
      projectId = res.body.id;
      const members = await t.db.query('SELECT role FROM project_members WHERE project_id = $1 AND user_id = $2', [projectId, alice]);
      expect(members.rows).toEqual([{ role: 'manager' }]);
      const dup = await http.post(`/api/orgs/${orgId}/projects`).send({ name: 'hq survey' });
      expect(dup.status).toBe(409);
      expect(dup.body.error.reason).toMatch(/already exists/);
    });

    it('refuses bad input naming the field, and unknown organisations', async () => {
      const empty = await http.post(`/api/orgs/${orgId}/projects`).send({ name: '' });
      expect(empty.status).toBe(400);
      expect(empty.body.error.reason).toMatch(/name/);
      expect((await http.post(`/api/orgs/${orgId}/projects`).send({ name: 'X', colour: 'red' })).status).toBe(400);
      expect((await http.post(`/api/orgs/${orgId}/projects`).send({ name: 'X', status: 'paused' })).status).toBe(400);
      // A JSON body is taken as it is: a number is not a name.
      const numeric = await http.post(`/api/orgs/${orgId}/projects`).send({ name: 12345 });
      expect(numeric.status).toBe(400);
      expect(numeric.body.error.reason).toMatch(/body\/name must be string/);
      const stored = await t.db.query(`SELECT 1 FROM projects WHERE name = '12345'`);
      expect(stored.rows).toEqual([]);
      // A query string is text on the wire and is read as the number its schema asks for.
      expect((await http.get(`/api/orgs/${orgId}/projects?page=1&per_page=5`)).status).toBe(200);
      expect((await http.post(`/api/orgs/${randomUUID()}/projects`).send({ name: 'X' })).status).toBe(404);
      expect((await http.get(`/api/orgs/not-an-id/projects`)).status).toBe(404);
    });

    it('lists with query by name and status, membership, sorting and pages', async () => {
      for (const name of ['Warehouse', 'Depot North', 'Depot South']) {
        expect(
          (
            await http
              .post(`/api/orgs/${orgId}/projects`)
              .set(CALLER_HEADER, randomUUID())
              .send({ name, status: name === 'Depot South' ? 'halted' : 'running' })
          ).status,
        ).toBe(201);
      }
      const depots = await http.get(`/api/orgs/${orgId}/projects?q=depot&sort=name`);
      expect(depots.body.items.map((p: { name: string }) => p.name)).toEqual(['Depot North', 'Depot South']);
      expect(depots.body).toMatchObject({ total: 2, page: 1, perPage: 25 });
      const halted = await http.get(`/api/orgs/${orgId}/projects?status=halted`);
      expect(halted.body.items.map((p: { name: string }) => p.name)).toEqual(['Depot South']);
      const mine = await http.get(`/api/orgs/${orgId}/projects?mine=true`).set(CALLER_HEADER, alice);
      expect(mine.body.items.map((p: { name: string }) => p.name)).toEqual(['HQ Survey']);
      const page2 = await http.get(`/api/orgs/${orgId}/projects?sort=name&per_page=3&page=2`);
      expect(page2.body).toMatchObject({ total: 4, page: 2, perPage: 3 });
      expect(page2.body.items.map((p: { name: string }) => p.name)).toEqual(['Warehouse']);
      // A literal % matches itself only.
      expect((await http.get(`/api/orgs/${orgId}/projects?q=%25`)).body.total).toBe(0);
      expect((await http.get(`/api/orgs/${orgId}/projects?per_page=1000`)).status).toBe(400);
      expect((await http.get(`/api/orgs/${orgId}/projects?status=paused`)).status).toBe(400);
    });

    it('reads, updates (running → halted → running), refuses a rename onto another project, and 404s unknown ids', async () => {
      expect((await http.get(`/api/projects/${projectId}`)).body.name).toBe('HQ Survey');
      const halted = await http.put(`/api/projects/${projectId}`).send({ status: 'halted', description: 'Phase 1' });
      expect(halted.body).toMatchObject({ status: 'halted', description: 'Phase 1', name: 'HQ Survey' });
      expect((await http.put(`/api/projects/${projectId}`).send({ status: 'running' })).body.status).toBe('running');
      expect((await http.put(`/api/projects/${projectId}`).send({ name: 'warehouse' })).status).toBe(409);
      expect((await http.put(`/api/projects/${projectId}`).send({})).status).toBe(400);
      expect((await http.get(`/api/projects/${randomUUID()}`)).status).toBe(404);
      expect((await http.put(`/api/projects/${randomUUID()}`).send({ status: 'halted' })).status).toBe(404);
      expect((await http.delete(`/api/projects/${randomUUID()}`)).status).toBe(404);
    });
  });

  describe('project users', () => {
    it('adds organisation members with a role, changes roles, keeps one manager, removes', async () => {
      const bob = randomUUID();
      const stranger = randomUUID();
      await t.db.query('INSERT INTO org_members (org_id, user_id) VALUES ($1, $2), ($1, $3)', [orgId, bob, alice]);
      const added = await http.post(`/api/projects/${projectId}/users`).send({ userId: bob, role: 'surveyor' });
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({ projectId, userId: bob, role: 'surveyor' });
      expect((await http.post(`/api/projects/${projectId}/users`).send({ userId: bob, role: 'viewer' })).status).toBe(409);
      const outsider = await http.post(`/api/projects/${projectId}/users`).send({ userId: stranger, role: 'viewer' });
      expect(outsider.status).toBe(400);
      expect(outsider.body.error.reason).toMatch(/userId/);
      expect(outsider.body.error.details).toEqual({ field: 'body/userId' });
      expect((await http.post(`/api/projects/${projectId}/users`).send({ userId: bob, role: 'owner' })).status).toBe(400);
      expect((await http.get(`/api/projects/${projectId}/users?role=surveyor`)).body.items.map((m: { userId: string }) => m.userId)).toEqual([bob]);
      expect((await http.get(`/api/projects/${projectId}/users`)).body.total).toBe(2);
      // Alice is the only manager: she cannot step down or leave until someone else manages.
      expect((await http.put(`/api/projects/${projectId}/users/${alice}`).send({ role: 'viewer' })).status).toBe(409);
      expect((await http.delete(`/api/projects/${projectId}/users/${alice}`)).status).toBe(409);
      expect((await http.put(`/api/projects/${projectId}/users/${bob}`).send({ role: 'manager' })).body.role).toBe('manager');
      expect((await http.put(`/api/projects/${projectId}/users/${alice}`).send({ role: 'viewer' })).body.role).toBe('viewer');
      expect((await http.put(`/api/projects/${projectId}/users/${stranger}`).send({ role: 'viewer' })).status).toBe(404);
      expect((await http.delete(`/api/projects/${projectId}/users/${alice}`)).status).toBe(204);
      expect((await http.delete(`/api/projects/${projectId}/users/${alice}`)).status).toBe(404);
      expect((await http.get(`/api/projects/${randomUUID()}/users`)).status).toBe(404);
    });

    it('names each member from the profile copy, listing them by name (the address when there is no name)', async () => {
      const [zoe, adam, nameless] = [randomUUID(), randomUUID(), randomUUID()];
      await t.db.query(
        `INSERT INTO users (identity_id, email, first_name, last_name) VALUES ($1, 'zoe@example.com', 'Zoe', 'Zimmer'), ($2, 'adam@example.com', 'Adam', 'Alder'), ($3, 'kim@example.com', '', '')`,
        [zoe, adam, nameless],
      );
      await t.db.query('INSERT INTO org_members (org_id, user_id) VALUES ($1, $2), ($1, $3), ($1, $4)', [orgId, zoe, adam, nameless]);
      const { body: project } = await http.post(`/api/orgs/${orgId}/projects`).set(CALLER_HEADER, zoe).send({ name: 'Profiles' });
      const added = await http.post(`/api/projects/${project.id}/users`).send({ userId: adam, role: 'viewer' });
      expect(added.body).toMatchObject({ userId: adam, email: 'adam@example.com', firstName: 'Adam', lastName: 'Alder', role: 'viewer' });
      await http.post(`/api/projects/${project.id}/users`).send({ userId: nameless, role: 'surveyor' });
      const changed = await http.put(`/api/projects/${project.id}/users/${adam}`).send({ role: 'surveyor' });
      expect(changed.body).toMatchObject({ email: 'adam@example.com', firstName: 'Adam', role: 'surveyor' });
      const list = await http.get(`/api/projects/${project.id}/users`);
      expect(list.body.items.map((m: { email: string }) => m.email)).toEqual(['adam@example.com', 'kim@example.com', 'zoe@example.com']);
      expect(list.body.items[2]).toMatchObject({ firstName: 'Zoe', lastName: 'Zimmer', role: 'manager' });
    });
  });

  describe('floors and floor plans', () => {
    it('creates, lists, updates floors; refuses duplicates and bad levels', async () => {
      const res = await http.post(`/api/projects/${projectId}/floors`).send({ name: 'Ground', level: 0, heightM: 3.2 });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ projectId, name: 'Ground', level: 0, heightM: 3.2, floorplans: 0, tracks: 0 });
      floorId = res.body.id;
      expect((await http.post(`/api/projects/${projectId}/floors`).send({ name: 'ground', level: 1 })).status).toBe(409);
      expect((await http.post(`/api/projects/${projectId}/floors`).send({ name: 'First', level: 1.5 })).status).toBe(400);
      expect((await http.post(`/api/projects/${projectId}/floors`).send({ name: 'First' })).status).toBe(400);
      expect((await http.post(`/api/projects/${randomUUID()}/floors`).send({ name: 'First', level: 1 })).status).toBe(404);
      const first = await http.post(`/api/projects/${projectId}/floors`).send({ name: 'First', level: 1 });
      expect((await http.get(`/api/projects/${projectId}/floors`)).body.items.map((f: { name: string }) => f.name)).toEqual(['Ground', 'First']);
      expect((await http.put(`/api/floors/${first.body.id}`).send({ name: 'Mezzanine', heightM: null })).body).toMatchObject({ name: 'Mezzanine', heightM: null, level: 1 });
      expect((await http.delete(`/api/floors/${first.body.id}`)).status).toBe(204);
      expect((await http.get(`/api/floors/${first.body.id}`)).status).toBe(404);
    });

    it('uploads an SVG plan with its pixel size and a display PNG; refuses other files', async () => {
      const noPlan = await http.post(`/api/floors/${floorId}/tracks`).attach('file', Buffer.from(sampleTableCsv(s.samples)), 'walk.csv');
      expect(noPlan.status).toBe(409);
      const res = await http.post(`/api/floors/${floorId}/floorplans`).attach('file', svg, { filename: 'ground.svg', contentType: 'image/svg+xml' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ floorId, fileName: 'ground.svg', mediaType: 'image/svg+xml', width: s.image.width, height: s.image.height, calibration: null });
      floorplanId = res.body.id;
      const image = await http
        .get(`/api/floorplans/${floorplanId}/image`)
        .buffer(true)
        .parse((r, cb) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => cb(null, Buffer.concat(chunks)));
        });
      expect(image.headers['content-type']).toBe('image/png');
      expect((await sharp(image.body as Buffer).metadata()).width).toBe(s.image.width);
      const before = (await t.blobs.files()).length;
      expect((await http.post(`/api/floors/${floorId}/floorplans`).attach('file', Buffer.from('GIF89a....'), 'x.gif')).status).toBe(415);
      const pdf = await http.post(`/api/floors/${floorId}/floorplans`).attach('file', Buffer.from('%PDF-1.7\n%âãÏÓ\n'), 'plan.pdf');
      expect(pdf.status).toBe(400);
      expect(pdf.body.error.reason).toMatch(/not a readable PDF/);
      expect((await http.post(`/api/floors/${floorId}/floorplans`).field('name', 'x')).status).toBe(400);
      expect((await http.post(`/api/floors/${floorId}/floorplans`).send({ file: 'x' })).status).toBe(415);
      expect((await http.post(`/api/floors/${randomUUID()}/floorplans`).attach('file', svg, 'g.svg')).status).toBe(404);
      expect((await t.blobs.files()).length).toBe(before);
    });

    it('uploads a PDF plan as its first page drawn 4096 px wide; refuses a locked or broken PDF, storing nothing', async () => {
      const basement = (await http.post(`/api/projects/${projectId}/floors`).send({ name: 'Basement', level: -1 })).body.id as string;
      const before = (await t.blobs.files()).length;
      const pdf = pdfFixture();
      const res = await http.post(`/api/floors/${basement}/floorplans`).attach('file', pdf, { filename: 'basement.pdf', contentType: 'application/pdf' });
      expect(res.status).toBe(201);
      // A 400 × 300 pt page: 10.24 pixels to the point.
      expect(res.body).toMatchObject({ floorId: basement, fileName: 'basement.pdf', mediaType: 'application/pdf', byteSize: pdf.length, width: 4096, height: 3072 });
      const image = await http
        .get(`/api/floorplans/${res.body.id}/image`)
        .buffer(true)
        .parse((r, cb) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => cb(null, Buffer.concat(chunks)));
        });
      expect(image.headers['content-type']).toBe('image/png');
      const { data, info } = await sharp(image.body as Buffer)
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([4096, 3072]);
      const px = (xPt: number, yPt: number) => {
        const i = (Math.round((300 - yPt) * 10.24) * info.width + Math.round(xPt * 10.24)) * info.channels;
        return [data[i], data[i + 1], data[i + 2]];
      };
      const { x, y, w, h } = DEFAULT_RECT;
      expect(px(x + w / 2, y + h / 2)).toEqual([255, 0, 0]);
      expect(px(x + w + 20, y + h / 2)).toEqual([255, 255, 255]);
      expect(px(200, 280)).toEqual([0, 0, 0]);
      expect((await t.blobs.files()).length).toBe(before + 2);
      // The display image is drawn again from the stored PDF.
      expect((await http.post(`/api/floorplans/${res.body.id}`)).body).toMatchObject({ width: 4096, height: 3072 });

      for (const [bytes, reason] of [
        [pdfFixture({ password: true }), /password/],
        [pdf.subarray(0, 300), /not a readable PDF/],
      ] as const) {
        const refused = await http.post(`/api/floors/${basement}/floorplans`).attach('file', bytes, 'plan.pdf');
        expect(refused.status).toBe(400);
        expect(refused.body.error.reason).toMatch(reason);
      }
      expect((await http.get(`/api/floors/${basement}/floorplans`)).body.total).toBe(1);
      expect((await t.blobs.files()).length).toBe(before + 2);
      expect((await http.delete(`/api/floors/${basement}`)).status).toBe(204);
      expect((await t.blobs.files()).length).toBe(before);
    });

    it('calibrates from two points, refusing points off the image, and re-renders the display image', async () => {
      const ok = await http.put(`/api/floorplans/${floorplanId}`).send({
        points: [
          { x: 0, y: 0 },
          { x: PX_PER_M * 10, y: 0 },
        ],
        distanceM: 10,
      });
      expect(ok.status).toBe(200);
      expect(ok.body.metresPerPixel).toBeCloseTo(1 / PX_PER_M, 9);
      expect(ok.body.calibration).toEqual({
        points: [
          { x: 0, y: 0 },
          { x: PX_PER_M * 10, y: 0 },
        ],
        distanceM: 10,
        origin: { x: 0, y: 0 },
        rotationDeg: 0,
      });
      const off = await http.put(`/api/floorplans/${floorplanId}`).send({
        points: [
          { x: 0, y: 0 },
          { x: 99_999, y: 0 },
        ],
        distanceM: 10,
      });
      expect(off.status).toBe(400);
      expect(off.body.error.reason).toMatch(/points\[1\]/);
      expect((await http.put(`/api/floorplans/${floorplanId}`).send({ points: [{ x: 0, y: 0 }], distanceM: 10 })).status).toBe(400);
      expect(
        (
          await http.put(`/api/floorplans/${floorplanId}`).send({
            points: [
              { x: 0, y: 0 },
              { x: 9, y: 9 },
            ],
            distanceM: -1,
          })
        ).status,
      ).toBe(400);
      expect(
        (
          await http.put(`/api/floorplans/${randomUUID()}`).send({
            points: [
              { x: 0, y: 0 },
              { x: 9, y: 9 },
            ],
            distanceM: 1,
          })
        ).status,
      ).toBe(404);
      const before = (await http.get(`/api/floorplans/${floorplanId}`)).body;
      const again = await http.post(`/api/floorplans/${floorplanId}`);
      expect(again.status).toBe(200);
      expect(again.body.renderedAt >= before.renderedAt).toBe(true);
      expect(again.body.calibration).toEqual(before.calibration);
      expect((await http.get(`/api/floors/${floorId}/floorplans`)).body.total).toBe(1);
    });
  });

  describe('tracks and processing', () => {
    it('refuses a bad file naming line and field, storing nothing', async () => {
      const bad = 'time,x,y,technology,bssid,channel,signal\n0,1,1,wifi6,aa:bb:cc:00:00:01,36,-50\n1,1,1,wifi6,aa:bb:cc:00:00:01,36,-500\n';
      const res = await http.post(`/api/floors/${floorId}/tracks`).attach('file', Buffer.from(bad), 'bad.csv');
      expect(res.status).toBe(400);
      expect(res.body.error.reason).toMatch(/^line 3, field "signal"/);
      expect(res.body.error.details.issues).toEqual([{ where: 'line 3', field: 'signal', message: '-500 is outside -150 to 30' }]);
      expect((await t.db.query('SELECT 1 FROM tracks')).rowCount).toBe(0);
      expect(
        (await http.post(`/api/floors/${floorId}/tracks`).attach('file', Buffer.from([0, 1, 2, 3]), { filename: 'blob', contentType: 'application/octet-stream' })).status,
      ).toBe(415);
      expect((await http.post(`/api/floors/${floorId}/tracks`).field('floorplanId', randomUUID()).attach('file', Buffer.from(bad), 'x.csv')).status).toBe(400);
      expect((await http.post(`/api/floors/${randomUUID()}/tracks`).attach('file', Buffer.from(bad), 'x.csv')).status).toBe(404);
    });

    it('imports a simulated walk, processes it as a job, and serves datasets', async () => {
      const res = await http
        .post(`/api/floors/${floorId}/tracks?process=true`)
        .field('name', 'Morning walk')
        .attach('file', Buffer.from(sampleTableCsv(s.samples)), { filename: 'walk', contentType: 'application/octet-stream' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ floorId, floorplanId, name: 'Morning walk', format: 'csv', sampleCount: s.samples.count, networkCount: 8, status: 'queued' });
      trackId = res.body.id;
      const done = await until(
        () => http.get(`/api/tracks/${trackId}`),
        (r) => r.body.status === 'processed' || r.body.status === 'failed',
      );
      expect(done.body.status).toBe('processed');
      expect(done.body.result).toMatchObject({ calibrated: true, method: { interpolation: 'idw', power: 2, radiusM: 5, cellSizeM: 0.5 } });
      expect(done.body.result.layers[0].coverage.percent).toBeGreaterThan(50);
      const again = await http.post(`/api/tracks/${trackId}/process`);
      expect(again.status).toBe(200);
      expect(again.body.status).toBe('processed');

      const list = await http.get(`/api/tracks/${trackId}/datasets?per_page=100`);
      expect(list.status).toBe(200);
      // Per network its measured grid, its predicted layer and that layer's sigma.
      expect(list.body.total).toBe(6 + 8 * 3);
      expect(list.body.items.every((d: { values?: string }) => d.values === undefined)).toBe(true);
      const best = await http.get(`/api/tracks/${trackId}/datasets?kind=best&include=values`);
      expect(best.body.items).toHaveLength(1);
      const { cols, rows } = best.body.grid;
      expect(Buffer.from(best.body.items[0].values, 'base64').length).toBe(cols * rows);
      // The second-best server is never above the best, and is missing only where the best is alone or missing.
      const second = await http.get(`/api/tracks/${trackId}/datasets?kind=second&include=values`);
      const bestDbm = new Int8Array(Buffer.from(best.body.items[0].values, 'base64'));
      const secondDbm = new Int8Array(Buffer.from(second.body.items[0].values, 'base64'));
      expect(secondDbm.every((v, i) => v === -128 || v <= bestDbm[i]!)).toBe(true);
      expect(secondDbm.filter((v) => v !== -128).length).toBeGreaterThan(cols * rows * 0.1);
      // A layer processed before the second-best server was kept has no such dataset.
      const kept = await t.db.query<{ second: Uint8Array }>('SELECT second FROM track_layers WHERE track_id = $1', [trackId]);
      // Such a layer came from another processing run: its end time differs, and so does every answer's key.
      const asAnotherRun = (seconds: number) => t.db.query(`UPDATE tracks SET finished_at = finished_at + make_interval(secs => $2) WHERE id = $1`, [trackId, seconds]);
      await t.db.query('UPDATE track_layers SET second = NULL WHERE track_id = $1', [trackId]);
      await asAnotherRun(1);
      expect((await http.get(`/api/tracks/${trackId}/datasets?per_page=100`)).body.total).toBe(5 + 8 * 3);
      await t.db.query('UPDATE track_layers SET second = $2 WHERE track_id = $1', [trackId, kept.rows[0]!.second]);
      await asAnotherRun(-1);
      const only5 = await http.get(`/api/tracks/${trackId}/datasets?kind=signal&band=5GHz`);
      expect(only5.body.items.map((d: { network: { band: string } }) => d.network.band)).toEqual(['5GHz', '5GHz', '5GHz', '5GHz']);
      expect((await http.get(`/api/tracks/${trackId}/datasets?kind=heat`)).status).toBe(400);
      // The predicted layer covers the whole floor, and every cell states its sigma.
      const predicted = await http.get(`/api/tracks/${trackId}/datasets?kind=predicted&include=values`);
      const sigma = await http.get(`/api/tracks/${trackId}/datasets?kind=predictedSigma&include=values`);
      expect(predicted.body.items).toHaveLength(8);
      expect(sigma.body.items[0]).toMatchObject({ unit: '0.1dB', encoding: 'uint8', noData: null });
      expect(new Int8Array(Buffer.from(predicted.body.items[0].values, 'base64')).every((v) => v !== -128)).toBe(true);
      expect(new Uint8Array(Buffer.from(sigma.body.items[0].values, 'base64')).every((v) => v > 0)).toBe(true);
      // A page of every kind at once carries each grid exactly as stored.
      const everything = await http.get(`/api/tracks/${trackId}/datasets?per_page=100&include=values`);
      expect(everything.body.items).toHaveLength(6 + 8 * 3);
      const storedLayer = (await t.db.query<Record<string, Uint8Array>>('SELECT * FROM track_layers WHERE track_id = $1', [trackId])).rows[0]!;
      const storedNets = new Map(
        (await t.db.query<Record<string, Uint8Array> & { idx: number }>('SELECT * FROM track_networks WHERE track_id = $1', [trackId])).rows.map((r) => [r.idx, r]),
      );
      const layerColumn: Record<string, string> = { best: 'best', second: 'second', bestNetwork: 'best_network', snr: 'snr', serving: 'serving', coChannel: 'co_channel' };
      const netColumn: Record<string, string> = { signal: 'grid', predicted: 'predicted', predictedSigma: 'predicted_sigma' };
      for (const d of everything.body.items as { kind: string; values: string; network?: { index: number } }[]) {
        const stored = d.network ? storedNets.get(d.network.index)![netColumn[d.kind]!]! : storedLayer[layerColumn[d.kind]!]!;
        expect(Buffer.from(d.values, 'base64').equals(Buffer.from(stored))).toBe(true);
      }

      // Where it was measured: one entry per place in time order, with the strongest signal heard there.
      const points = await http.get(`/api/tracks/${trackId}/points`);
      expect(points.status).toBe(200);
      expect(points.body.count).toBe(new Set(s.samples.time.subarray(0, s.samples.count)).size);
      expect(points.body.networks.reduce((a: number, b: number) => a + b, 0)).toBe(s.samples.count);
      const first = points.body.bestDbm[0];
      const heardFirst = Array.from({ length: s.samples.count }, (_, i) => i)
        .filter((i) => s.samples.time[i] === s.samples.time[0])
        .map((i) => s.samples.signalDbm[i]!);
      expect(first).toBe(Math.max(...heardFirst));
      expect([...points.body.time]).toEqual([...points.body.time].sort((a: number, b: number) => a - b));
      expect((await http.get(`/api/tracks/${randomUUID()}/points`)).status).toBe(404);
      expect((await http.get(`/api/floors/${floorId}/tracks?status=processed`)).body.total).toBe(1);
      expect((await http.get(`/api/floors/${floorId}/tracks?status=failed`)).body.total).toBe(0);
      const all = (await http.get(`/api/floors/${floorId}/tracks?per_page=1`)).body;
      expect(all.items).toHaveLength(1);
      // A page past the last one is empty and still tells how many there are.
      const past = (await http.get(`/api/floors/${floorId}/tracks?per_page=1&page=${all.total + 1}`)).body;
      expect(past).toMatchObject({ items: [], total: all.total, page: all.total + 1 });
      expect((await http.get(`/api/floors/${floorId}/tracks?status=failed&page=3`)).body).toMatchObject({ items: [], total: 0 });
      expect((await http.get(`/api/tracks/${randomUUID()}`)).status).toBe(404);
      expect((await http.post(`/api/tracks/${randomUUID()}/process`)).status).toBe(404);
    });

    it('answers 409 for datasets of a track not processed yet, and re-queues on a new calibration', async () => {
      const small = 'time,x,y,technology,bssid,channel,signal\n0,10,10,wifi6,aa:bb:cc:00:00:01,36,-50\n';
      const res = await http.post(`/api/floors/${floorId}/tracks`).field('floorplanId', floorplanId).attach('file', Buffer.from(small), 'small.csv');
      expect(res.body.status).toBe('imported');
      expect((await http.get(`/api/tracks/${res.body.id}/datasets`)).status).toBe(409);
      expect((await http.post(`/api/tracks/${res.body.id}/process`)).status).toBe(202);
      await until(
        () => http.get(`/api/tracks/${res.body.id}`),
        (r) => r.body.status === 'processed',
      );
      // A viewer coming back revalidates: unchanged grids are a 304 without a body.
      const seen = await http.get(`/api/tracks/${trackId}/datasets?kind=best&include=values`);
      expect(seen.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(seen.headers['cache-control']).toBe('private, no-cache');
      const revalidated = await http.get(`/api/tracks/${trackId}/datasets?kind=best&include=values`).set('if-none-match', seen.headers.etag!);
      expect(revalidated.status).toBe(304);
      expect(revalidated.text ?? '').toBe('');
      // A browser takes the grids gzipped; a client that does not, as JSON: the same grids, each its own ETag.
      expect(seen.headers['content-encoding']).toBe('gzip');
      expect(seen.headers.vary).toMatch(/accept-encoding/i);
      for (const refused of ['identity', 'gzip;q=0, br', '']) {
        const plain = await http.get(`/api/tracks/${trackId}/datasets?kind=best&include=values`).set('accept-encoding', refused);
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.body).toEqual(seen.body);
        expect(plain.headers.etag).not.toBe(seen.headers.etag);
        expect((await http.get(`/api/tracks/${trackId}/datasets?kind=best&include=values`).set('if-none-match', plain.headers.etag!)).status).toBe(304);
      }
      const otherQuery = await http.get(`/api/tracks/${trackId}/datasets?kind=second&include=values`).set('if-none-match', seen.headers.etag!);
      expect(otherQuery.status).toBe(200);
      await http.put(`/api/floorplans/${floorplanId}`).send({
        points: [
          { x: 0, y: 0 },
          { x: PX_PER_M * 10, y: 0 },
        ],
        distanceM: 10,
        rotationDeg: 0.5,
      });
      const requeued = await until(
        () => http.get(`/api/tracks/${trackId}`),
        (r) => r.body.status === 'processed' && r.body.finishedAt !== null,
      );
      expect(requeued.body.status).toBe('processed');
      // Processed again: the grids may differ, so the old ETag no longer matches.
      const fresh = await http.get(`/api/tracks/${trackId}/datasets?kind=best&include=values`).set('if-none-match', seen.headers.etag!);
      expect(fresh.status).toBe(200);
      expect(fresh.headers.etag).not.toBe(seen.headers.etag);
    });

    it("processes the project's walks again when its thresholds change, and only then", async () => {
      const before = (await http.get(`/api/tracks/${trackId}`)).body;
      const { settings } = (await http.get(`/api/projects/${projectId}/reporting/settings`)).body;
      await http.put(`/api/projects/${projectId}/reporting/settings`).send({ settings: { wifi6: settings.wifi6 } });
      expect((await http.get(`/api/tracks/${trackId}`)).body.queuedAt).toBe(before.queuedAt);
      await http.put(`/api/projects/${projectId}/reporting/settings`).send({ settings: { wifi6: { ...settings.wifi6, minSecondaryDbm: -40 } } });
      const after = await until(
        () => http.get(`/api/tracks/${trackId}`),
        (r) => r.body.status === 'processed' && r.body.queuedAt !== before.queuedAt,
      );
      expect(after.body.status).toBe('processed');
      const coverage = (r: { body: { result: { layers: { technology: string; coverage: { secondaryPercent: number; percent: number } }[] } } }) =>
        r.body.result.layers.find((l) => l.technology === 'wifi6')!.coverage;
      expect(coverage(after).secondaryPercent).toBeLessThan(coverage({ body: before }).secondaryPercent ?? 100);
      expect(coverage(after).percent).toBeLessThanOrEqual(coverage(after).secondaryPercent);
      await http.put(`/api/projects/${projectId}/reporting/settings`).send({ settings: { wifi6: settings.wifi6 } });
      await until(
        () => http.get(`/api/tracks/${trackId}`),
        (r) => r.body.status === 'processed' && r.body.queuedAt !== after.body.queuedAt,
      );
    });

    it('serves statistics from the stored results', async () => {
      // Changing the thresholds and the calibration queued both walks of the floor again, and
      // processing runs beside the API: the statistics are read once both are processed.
      const floor = await until(
        () => http.get(`/api/floors/${floorId}/tracks`),
        (r) => r.body.items.length === 2 && r.body.items.every((t: { status: string }) => t.status === 'processed'),
      );
      expect(floor.body.items.map((t: { status: string }) => t.status)).toEqual(['processed', 'processed']);
      const nets = await http.get(`/api/projects/${projectId}/statistics/networkstatistics?trackId=${trackId}&sort=samples`);
      expect(nets.status).toBe(200);
      expect(nets.body.total).toBe(8);
      const top = nets.body.items[0];
      let count = 0;
      for (let i = 0; i < s.samples.count; i++) if (s.samples.networks[s.samples.network[i]!]!.networkId === top.networkId) count++;
      expect(top.samples).toBe(count);
      expect(top.coveragePercent).toBeGreaterThan(0);
      const band = await http.get(`/api/projects/${projectId}/statistics/networkstatistics?band=2.4GHz&trackId=${trackId}`);
      expect(band.body.items.every((n: { band: string }) => n.band === '2.4GHz')).toBe(true);
      const channels = await http.get(`/api/projects/${projectId}/statistics/channels?technology=wifi6&band=2.4GHz&trackId=${trackId}`);
      expect(channels.body.items.map((c: { channel: number; networks: number }) => [c.channel, c.networks])).toEqual([
        [1, 2],
        [6, 1],
        [11, 1],
      ]);
      const named = await http.get(`/api/projects/${projectId}/statistics/networks?q=demo`);
      expect(named.body.items).toEqual([expect.objectContaining({ name: 'Sitewave-Demo', networkIds: 8, bands: ['2.4GHz', '5GHz'], floors: 1 })]);
      const stats = await http.get(`/api/projects/${projectId}/stats`);
      expect(stats.body).toMatchObject({ floors: 1, floorplans: 1, calibratedFloorplans: 1, tracks: { total: 2, processed: 2 }, networks: 9, members: 1 });
      expect(stats.body.coverage[0].technology).toBe('wifi6');
      expect((await http.get(`/api/projects/${projectId}/statistics/channels?floorId=nope`)).status).toBe(400);
      expect((await http.get(`/api/projects/${randomUUID()}/stats`)).status).toBe(404);
    });
  });

  describe('photos', () => {
    it('pins a photo to the plan and a track, lists, serves and deletes it', async () => {
      const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#369' } })
        .jpeg()
        .toBuffer();
      const res = await http
        .post(`/api/floors/${floorId}/photos`)
        .field('x', '120')
        .field('y', '80.5')
        .field('trackId', trackId)
        .field('caption', 'AP-1 above the door')
        .attach('file', jpeg, 'ap1.jpg');
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ floorId, trackId, x: 120, y: 80.5, width: 40, height: 30, mediaType: 'image/jpeg', caption: 'AP-1 above the door' });
      expect((await http.get(`/api/floors/${floorId}/photos`)).body.total).toBe(1);
      expect((await http.get(`/api/tracks/${trackId}/photos`)).body.items[0].id).toBe(res.body.id);
      const img = await http.get(`/api/photos/${res.body.id}/image`);
      expect(img.status).toBe(200);
      expect(img.headers['content-type']).toBe('image/jpeg');
      expect((await http.post(`/api/floors/${floorId}/photos`).field('y', '1').attach('file', jpeg, 'a.jpg')).status).toBe(400);
      expect((await http.post(`/api/floors/${floorId}/photos`).field('x', '1').field('y', '1').attach('file', svg, 'a.svg')).status).toBe(415);
      expect((await http.post(`/api/floors/${floorId}/photos`).field('x', '1').field('y', '1').field('trackId', randomUUID()).attach('file', jpeg, 'a.jpg')).status).toBe(400);
      expect((await http.delete(`/api/photos/${res.body.id}`)).status).toBe(204);
      expect((await http.delete(`/api/photos/${res.body.id}`)).status).toBe(404);
      expect((await http.get(`/api/photos/${res.body.id}/image`)).status).toBe(404);
    });

    it("moves a photo's pin and changes its caption, refusing a bad change without changing anything", async () => {
      const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#963' } })
        .png()
        .toBuffer();
      const created = await http.post(`/api/floors/${floorId}/photos`).field('x', '10').field('y', '20').field('caption', 'Riser').attach('file', png, 'riser.png');
      const url = `/api/photos/${created.body.id}`;
      const moved = await http.put(url).send({ x: 310.5, y: 42 });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ id: created.body.id, x: 310.5, y: 42, caption: 'Riser', width: 20 });
      const captioned = await http.put(url).send({ caption: '  Riser cupboard, 2nd door  ' });
      expect(captioned.body).toMatchObject({ x: 310.5, y: 42, caption: 'Riser cupboard, 2nd door' });
      expect((await http.put(url).send({ caption: '' })).body.caption).toBe('');

      for (const [body, field] of [
        [{ x: -1 }, 'x'],
        [{ y: 'north' }, 'y'],
        [{ caption: 'c'.repeat(1001) }, 'caption'],
        // Which walk a photo belongs to is set when it is uploaded.
        [{ trackId }, 'additional properties'],
      ] as const) {
        const refused = await http.put(url).send(body);
        expect(refused.status, JSON.stringify(body)).toBe(400);
        expect(refused.body.error.reason).toContain(field);
      }
      expect((await http.put(url).send({})).status).toBe(400);
      const stored = (await http.get(`/api/floors/${floorId}/photos`)).body.items.find((p: { id: string }) => p.id === created.body.id);
      expect(stored).toMatchObject({ x: 310.5, y: 42, caption: '' });
      expect((await http.put(`/api/photos/${randomUUID()}`).send({ x: 1 })).status).toBe(404);
      expect((await http.put('/api/photos/not-an-id').send({ x: 1 })).status).toBe(404);
    });
  });

  describe('contacts and reporting settings', () => {
    it('creates, lists, updates and deletes contacts, refusing a bad e-mail', async () => {
      const res = await http
        .post(`/api/projects/${projectId}/contacts`)
        .send({ name: 'Dana Facility', role: 'Facility manager', email: 'dana@example.com', phone: '+49 30 1234567' });
      expect(res.status).toBe(201);
      expect((await http.post(`/api/projects/${projectId}/contacts`).send({ name: 'X', email: 'not-an-email' })).status).toBe(400);
      expect((await http.post(`/api/projects/${projectId}/contacts`).send({ role: 'IT' })).status).toBe(400);
      expect((await http.get(`/api/projects/${projectId}/contacts?q=facility`)).body.total).toBe(1);
      expect((await http.put(`/api/contacts/${res.body.id}`).send({ phone: '+49 30 7654321' })).body).toMatchObject({ name: 'Dana Facility', phone: '+49 30 7654321' });
      expect((await http.put(`/api/contacts/${randomUUID()}`).send({ phone: '1' })).status).toBe(404);
      expect((await http.delete(`/api/contacts/${res.body.id}`)).status).toBe(204);
      expect((await http.delete(`/api/contacts/${res.body.id}`)).status).toBe(404);
    });

    it('answers defaults per technology and merges a change of one technology', async () => {
      const initial = await http.get(`/api/projects/${projectId}/reporting/settings`);
      expect(initial.body.settings.wifi7.minSignalDbm).toBe(-67);
      expect(initial.body.settings.lte.minSignalDbm).toBe(-105);
      const wifi5 = { ...initial.body.settings.wifi5, minSignalDbm: -70, bands: ['5GHz'] };
      const put = await http.put(`/api/projects/${projectId}/reporting/settings`).set(CALLER_HEADER, alice).send({ settings: { wifi5 } });
      expect(put.status).toBe(200);
      expect(put.body.settings.wifi5).toMatchObject({ minSignalDbm: -70, bands: ['5GHz'] });
      expect(put.body.settings.wifi7.minSignalDbm).toBe(-67);
      expect(put.body.updatedBy).toBe(alice);
      expect(put.body.settings.wifi5.minSecondaryDbm).toBe(-75);
      // Settings saved before a threshold existed gain its default.
      await t.db.query(`UPDATE reporting_settings SET settings = settings #- '{wifi5,minSecondaryDbm}' WHERE project_id = $1`, [projectId]);
      expect((await http.get(`/api/projects/${projectId}/reporting/settings`)).body.settings.wifi5).toMatchObject({ minSignalDbm: -70, minSecondaryDbm: -75 });
      // The report's pass mark: 95 % by default, also for settings stored before it existed and for a client that leaves it out.
      expect(initial.body.settings.wifi6.minAreaPercent).toBe(95);
      await t.db.query(`UPDATE reporting_settings SET settings = settings #- '{wifi5,minAreaPercent}' WHERE project_id = $1`, [projectId]);
      expect((await http.get(`/api/projects/${projectId}/reporting/settings`)).body.settings.wifi5.minAreaPercent).toBe(95);
      const { minAreaPercent: _, ...withoutPassMark } = wifi5;
      expect((await http.put(`/api/projects/${projectId}/reporting/settings`).send({ settings: { wifi5: withoutPassMark } })).body.settings.wifi5.minAreaPercent).toBe(95);
      const passMark = await http.put(`/api/projects/${projectId}/reporting/settings`).send({ settings: { wifi5: { ...wifi5, minAreaPercent: 90 } } });
      expect(passMark.body.settings.wifi5.minAreaPercent).toBe(90);
      expect((await http.put(`/api/projects/${projectId}/reporting/settings`).send({ settings: { wifi5: { ...wifi5, minAreaPercent: 101 } } })).body.error.reason).toMatch(
        /minAreaPercent/,
      );
      expect((await http.put(`/api/projects/${projectId}/reporting/settings`).send({ settings: { wifi9: wifi5 } })).status).toBe(400);
      expect((await http.put(`/api/projects/${projectId}/reporting/settings`).send({ settings: { wifi5: { ...wifi5, minSignalDbm: 10 } } })).status).toBe(400);
      expect(
        (
          await http.put(`/api/projects/${projectId}/reporting/settings`).send({
            settings: {
              wifi5: {
                ...wifi5,
                colourScale: [
                  { dbm: -60, colour: 'green' },
                  { dbm: -50, colour: '#00ff00' },
                ],
              },
            },
          })
        ).status,
      ).toBe(400);
      expect((await http.get(`/api/projects/${randomUUID()}/reporting/settings`)).status).toBe(404);
      const techs = await http.get('/api/networktechnologies');
      expect(techs.body.items.map((x: { id: string }) => x.id)).toEqual(['wifi4', 'wifi5', 'wifi6', 'wifi6e', 'wifi7', 'umts', 'lte', 'nr']);
    });
  });

  it('deleting a project removes its floors, tracks, results and files', async () => {
    expect((await t.blobs.files()).length).toBeGreaterThan(0);
    expect((await http.delete(`/api/projects/${projectId}`)).status).toBe(204);
    expect((await t.db.query('SELECT 1 FROM tracks')).rowCount).toBe(0);
    expect((await t.db.query('SELECT 1 FROM track_networks')).rowCount).toBe(0);
    expect(await t.blobs.files()).toEqual([]);
    expect((await http.get(`/api/floors/${floorId}`)).status).toBe(404);
  });
});
