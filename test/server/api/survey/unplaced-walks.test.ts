/**
 * Captures without positions through the API: imported unplaced, placed by timed points (stops or
 * a continuous route), then processed as any walk; bad files and bad points change nothing; and a
 * 100 000-line capture imports within the time a person waits for an upload.
 */
import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeSampleTable } from '../../../../server/api/tracks/import/sample-table.js';
import { loadSamples } from '../../../../server/api/tracks/store.js';
import { IW_SESSION, NMCLI_TIMED_LOOP } from './fixtures/captures.js';
import { startSurveyApp, type SurveyTestApp } from './survey-app.js';

const plan = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="500"><rect width="1000" height="500" fill="#fff"/></svg>');

/** A long nmcli walk saved from a terminal loop: a time line, then eight networks, 100 000 lines in all. */
export function longCapture(lines = 100_000): string {
  const out = ['pi@survey-pi:~ $ while true; do date -Iseconds; nmcli -t -f BSSID,SSID,FREQ,SIGNAL dev wifi list; sleep 1; done'];
  const t0 = Date.parse('2026-05-01T08:00:00Z');
  for (let scan = 0; out.length < lines; scan++) {
    out.push(new Date(t0 + scan * 2000).toISOString().replace('.000Z', '+00:00'));
    for (let n = 0; n < 8 && out.length < lines; n++)
      out.push(`3C\\:84\\:6A\\:10\\:20\\:${(0x30 + n).toString(16)}:Werkstatt:${n % 2 ? 2437 : 5180} MHz:${40 + ((scan + n * 7) % 55)}`);
  }
  return out.join('\n');
}

describe('unplaced walks', () => {
  let t: SurveyTestApp;
  let http: ReturnType<typeof request>;
  let floorId: string;

  /** The track once the worker has processed it. */
  const processed = async (id: string) => {
    for (let i = 0; i < 600; i++) {
      const track = (await http.get(`/api/tracks/${id}`)).body as { status: string };
      if (track.status !== 'queued' && track.status !== 'processing') return track;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`track ${id} was not processed in 30 s`);
  };
  const upload = (file: string, filename: string) =>
    http.post(`/api/floors/${floorId}/tracks?process=true`).attach('file', Buffer.from(file), { filename, contentType: 'text/plain' });

  beforeAll(async () => {
    t = await startSurveyApp('pglite');
    http = request(t.app.server);
    const orgId = randomUUID();
    await t.db.query('INSERT INTO orgs (id, name) VALUES ($1, $2)', [orgId, 'Acme']);
    const project = await http.post(`/api/orgs/${orgId}/projects`).send({ name: 'Captures' });
    const floor = await http.post(`/api/projects/${project.body.id}/floors`).send({ name: 'Ground', level: 0 });
    floorId = floor.body.id;
    await http.post(`/api/floors/${floorId}/floorplans`).attach('file', plan, { filename: 'ground.svg', contentType: 'image/svg+xml' });
  });
  afterAll(async () => t?.close());

  it('imports a capture as saved, unplaced and not queued, with the skipped lines named', async () => {
    const res = await upload(NMCLI_TIMED_LOOP, 'walk.txt');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ format: 'scanlog', placed: false, status: 'imported', sampleCount: 5, pathPoints: 0 });
    expect(res.body.skipped).toEqual({ count: 1, lines: [{ where: 'line 10', field: 'file', message: 'a control key the terminal echoed' }] });
    const points = await http.get(`/api/tracks/${res.body.id}/points`);
    expect(points.body).toMatchObject({ placed: false, count: 3, x: [null, null, null], networks: [2, 1, 2] });
    expect(points.body.time[2] - points.body.time[0]).toBe(11);
    const processing = await http.post(`/api/tracks/${res.body.id}/process`);
    expect(processing.status).toBe(409);
    expect(processing.body.error.reason).toMatch(/no positions yet/);
  });

  it('is placed by its stops, then processed; placed again to correct it', async () => {
    const imported = (await upload(NMCLI_TIMED_LOOP, 'stops.txt')).body;
    const { time } = (await http.get(`/api/tracks/${imported.id}/points`)).body as { time: number[] };
    const stops = [
      { time: time[0]!, x: 100, y: 100 },
      { time: time[1]!, x: 300, y: 100 },
      { time: time[2]!, x: 300, y: 400 },
    ];
    const placed = await http.put(`/api/tracks/${imported.id}/positions`).send({ points: stops });
    expect(placed.status).toBe(200);
    expect(placed.body).toMatchObject({ placed: true, pathPoints: 3, status: 'queued' });
    expect((await processed(imported.id)).status).toBe('processed');
    expect((await http.get(`/api/tracks/${imported.id}/points`)).body).toMatchObject({ placed: true, x: [100, 300, 300], y: [100, 100, 400] });

    // Corrected with a continuous route: positions in time between the clicks.
    const route = [
      { time: time[0]!, x: 0, y: 0 },
      { time: time[2]!, x: 1000, y: 0 },
    ];
    expect((await http.put(`/api/tracks/${imported.id}/positions`).send({ points: route })).status).toBe(200);
    const samples = decodeSampleTable((await loadSamples(t.db, imported.id))!);
    expect(Array.from(samples.x).map(Math.round)).toEqual([0, 0, 455, 1000, 1000]);
    expect((await processed(imported.id)).status).toBe('processed');
  });

  it('refuses points off the plan, naming the point, and changes nothing', async () => {
    const imported = (await upload(IW_SESSION, 'iw.txt')).body;
    const before = await loadSamples(t.db, imported.id);
    const res = await http.put(`/api/tracks/${imported.id}/positions`).send({
      points: [
        { time: 0, x: 10, y: 10 },
        { time: 1, x: 1200, y: 10 },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.error.reason ?? res.body.error.message).toMatch(/points\[1\]\.x: 1200 is outside 0 to 1000/);
    expect(Buffer.from((await loadSamples(t.db, imported.id))!)).toEqual(Buffer.from(before!));
    expect((await http.get(`/api/tracks/${imported.id}`)).body).toMatchObject({ placed: false, status: 'imported' });
    expect((await http.put(`/api/tracks/${imported.id}/positions`).send({ points: [] })).status).toBe(400);
  });

  it('refuses a bad capture with 400 naming the line, storing nothing', async () => {
    const count = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM tracks')).rows[0]!.n;
    const before = await count();
    const bad = await upload(`${NMCLI_TIMED_LOOP.split('\n').slice(0, 4).join('\n')}\n:3C\\:84\\:6A\\:10\\:20\\:30:Werkstatt:Infra:6:130 Mbit/s:strong:▂▄__:WPA2`, 'bad.txt');
    expect(bad.status).toBe(400);
    expect(bad.body.error.reason).toBe(`line 5, field "signal": nmcli's SIGNAL is a percentage from 0 to 100, got "strong"`);
    expect(await count()).toBe(before);
  });

  it('imports a 100 000-line capture in under 5 seconds', async () => {
    const text = longCapture();
    expect(text.split('\n')).toHaveLength(100_000);
    const started = performance.now();
    const res = await upload(text, 'long.txt');
    const ms = performance.now() - started;
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ placed: false, sampleCount: 88_888 });
    console.log(`100 000-line nmcli capture (${(text.length / 1e6).toFixed(1)} MB): imported in ${Math.round(ms)} ms`);
    expect(ms).toBeLessThan(5000);
  });
});
