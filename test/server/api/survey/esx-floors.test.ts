/**
 * An Ekahau project surveyed on several floors, through the upload route: each Ekahau floor's
 * walks go onto the project floor of the same name (or the one the `floors` field names), all in
 * one transaction; an Ekahau floor that matches nothing, two onto one floor, or a floor without a
 * plan refuse the whole file naming the Ekahau floor, and nothing is stored.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchFloors } from '../../../../server/api/tracks/import/esx-floors.js';
import { esxArchive, sampleEsxProject, type EsxProject } from './fixtures/esx.js';
import { startSurveyApp, type SurveyTestApp } from './survey-app.js';

const plan = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="500"><rect width="1000" height="500" fill="#fff"/></svg>');

/** The sample walk on "Ground", and a second walk on "First floor" a minute later. */
function twoFloors(): EsxProject {
  const p = sampleEsxProject();
  p.floorPlans.push({ id: 'fp-2', name: 'First floor', width: 2000, height: 1000 });
  p.surveys.push({
    ...p.surveys[0]!,
    id: 's-2',
    floorPlanId: 'fp-2',
    startTime: '2026-05-01T10:01:00.000Z',
    route: [
      [
        { time: 0, x: 1800, y: 800 },
        { time: 10e9, x: 400, y: 800 },
      ],
    ],
    tracks: [{ ...p.surveys[0]!.tracks[0]!, binaryFileId: 'b-2' }],
  });
  return p;
}

describe('matching Ekahau floors', () => {
  const floors = [
    { id: 'a', name: 'Ground' },
    { id: 'b', name: 'First Floor' },
    { id: 'c', name: 'Roof' },
  ];
  it('matches by name, case and punctuation aside, or by the mapping', () => {
    const { matches, issues } = matchFloors(
      [
        { id: 'fp-1', name: 'ground' },
        { id: 'fp-2', name: 'First-floor' },
      ],
      floors,
      {},
    );
    expect(issues).toEqual([]);
    expect(matches.map((m) => m.floor.id)).toEqual(['a', 'b']);
    expect(matchFloors([{ id: 'fp-1', name: 'Level 0' }], floors, { 'Level 0': 'c' }).matches[0]!.floor.id).toBe('c');
  });
  it('names what cannot be matched', () => {
    const { issues } = matchFloors(
      [
        { id: 'fp-1', name: 'Level 0' },
        { id: 'fp-2', name: 'Ground' },
        { id: 'fp-3', name: 'Basement' },
      ],
      floors,
      { Basement: 'a', Attic: 'b' },
    );
    expect(issues).toEqual([
      { where: 'field floors', field: 'floors', message: expect.stringMatching(/^"Attic" is not a floor of the Ekahau project/) },
      {
        where: 'Ekahau floor "Level 0"',
        field: 'floors',
        message: expect.stringMatching(/no floor of this project has this name \(its floors: "Ground", "First Floor", "Roof"\)/),
      },
      { where: 'Ekahau floor "Basement"', field: 'floors', message: 'goes to floor "Ground", as Ekahau floor "Ground" does: a floor takes one Ekahau floor' },
    ]);
  });
});

describe.each(['pglite', 'postgres'])('an Ekahau project on several floors on %s', (backend) => {
  let t: SurveyTestApp;
  let http: ReturnType<typeof request>;
  let projectId: string;
  let orgId: string;
  const floor: Record<string, string> = {};

  const upload = (floorId: string, file: Buffer, fields: Record<string, string> = {}) => {
    let req = http.post(`/api/floors/${floorId}/tracks`);
    for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
    return req.attach('file', file, 'survey.esx');
  };
  const count = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM tracks')).rows[0]!.n;

  beforeAll(async () => {
    t = await startSurveyApp(backend);
    http = request(t.app.server);
    orgId = randomUUID();
    await t.db.query('INSERT INTO orgs (id, name) VALUES ($1, $2)', [orgId, 'Acme']);
    projectId = (await http.post(`/api/orgs/${orgId}/projects`).send({ name: 'Tower' })).body.id;
    for (const [name, level] of [
      ['Ground', 0],
      ['First floor', 1],
      ['Roof', 2],
    ] as const) {
      floor[name] = (await http.post(`/api/projects/${projectId}/floors`).send({ name, level })).body.id;
    }
    for (const name of ['Ground', 'First floor']) {
      const res = await http.post(`/api/floors/${floor[name]}/floorplans`).attach('file', plan, { filename: 'plan.svg', contentType: 'image/svg+xml' });
      expect(res.status).toBe(201);
    }
  });
  afterAll(async () => t?.close());

  it('refuses the whole file when an Ekahau floor matches nothing or lands on a floor without a plan, storing nothing', async () => {
    const p = twoFloors();
    p.floorPlans[1]!.name = 'Level 1';
    const unmatched = await upload(floor.Ground!, esxArchive(p));
    expect(unmatched.status).toBe(400);
    expect(unmatched.body.error.details.issues).toEqual([
      {
        where: 'Ekahau floor "Level 1"',
        field: 'floors',
        message: expect.stringMatching(/no floor of this project has this name .*send the field floors = \{"Level 1": "<floorId>"\}/),
      },
    ]);
    const noPlan = await upload(floor.Ground!, esxArchive(p), { floors: JSON.stringify({ 'Level 1': floor.Roof }) });
    expect(noPlan.status).toBe(400);
    expect(noPlan.body.error.details.issues[0]).toEqual({
      where: 'Ekahau floor "Level 1"',
      field: 'floors',
      message: 'goes to floor "Roof", which has no floor plan yet: upload one there first',
    });
    // A floor of another project (one the uploader may write to or not) is not a target.
    const elsewhere = (await http.post(`/api/orgs/${orgId}/projects`).send({ name: 'Other' })).body.id;
    const foreign = (await http.post(`/api/projects/${elsewhere}/floors`).send({ name: 'Level 1', level: 1 })).body.id;
    await http.post(`/api/floors/${foreign}/floorplans`).attach('file', plan, { filename: 'plan.svg', contentType: 'image/svg+xml' });
    const across = await upload(floor.Ground!, esxArchive(p), { floors: JSON.stringify({ 'Level 1': foreign }) });
    expect(across.status).toBe(400);
    expect(across.body.error.details.issues[0]).toEqual({
      where: 'field floors',
      field: 'floors',
      message: `"Level 1" is mapped to ${foreign}, which is not a floor of this project`,
    });
    const badField = await upload(floor.Ground!, esxArchive(p), { floors: '["Roof"]' });
    expect(badField.status).toBe(400);
    expect(badField.body.error.details.issues[0]).toMatchObject({ where: 'field floors', field: 'floors' });
    // One floor's bad route refuses the other floor's good one too.
    const broken = twoFloors();
    broken.surveys[1]!.route[0]![0]!.x = 5000;
    const off = await upload(floor.Ground!, esxArchive(broken));
    expect(off.status).toBe(400);
    expect(off.body.error.details.issues[0]).toMatchObject({ where: 'Ekahau floor "First floor": survey-s-2.json surveys[0].routePoints[0][0]', field: 'x' });
    expect(await count()).toBe(0);
  });

  it('imports each Ekahau floor onto the project floor of its name, or the one the mapping names', async () => {
    const res = await upload(floor['First floor']!, esxArchive(twoFloors()), { name: 'Tower survey' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ floorId: floor['First floor'], name: 'Tower survey · First floor', format: 'esx', sampleCount: 6 });
    expect(res.body.ekahauFloors).toEqual([
      { ekahauFloor: 'Ground', floorId: floor.Ground, trackId: expect.any(String) },
      { ekahauFloor: 'First floor', floorId: floor['First floor'], trackId: res.body.id },
    ]);
    const ground = await http.get(`/api/tracks/${res.body.ekahauFloors[0].trackId}/points`);
    expect(ground.status).toBe(200);
    // The Ground walk from (200, 200) on the 2000×1000 Ekahau plan starts at (100, 100) on ours.
    expect(ground.body.x[0]).toBeCloseTo(100, 0);
    const first = await http.get(`/api/tracks/${res.body.id}/points`);
    expect(first.body.x[0]).toBeCloseTo(900, 0);

    const p = twoFloors();
    p.floorPlans[0]!.name = 'EG';
    const mapped = await upload(floor.Ground!, esxArchive(p), { floors: JSON.stringify({ EG: floor.Ground }) });
    expect(mapped.status).toBe(201);
    expect(mapped.body.floorId).toBe(floor.Ground);
    expect(await count()).toBe(4);
  });
});
