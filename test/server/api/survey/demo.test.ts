import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PROJECT_NAME, seedDemoSurvey } from '../../../../server/api/demo/demo-survey.js';
import { startSurveyApp, type SurveyTestApp } from './survey-app.js';

describe('demo survey', () => {
  let t: SurveyTestApp;
  const orgId = randomUUID();
  const owner = randomUUID();

  beforeAll(async () => {
    t = await startSurveyApp('pglite');
    await t.db.query('INSERT INTO orgs (id, name) VALUES ($1, $2)', [orgId, 'Demo']);
  });
  afterAll(async () => t?.close());

  it('creates a project with two calibrated floors and processed walks, the owner managing it', async () => {
    const project = await seedDemoSurvey(t.ctx, orgId, owner);
    expect(project.name).toBe(DEMO_PROJECT_NAME);
    const http = request(t.app.server);
    const floors = (await http.get(`/api/projects/${project.id}/floors`)).body.items;
    expect(floors.map((f: { name: string }) => f.name)).toEqual(['Ground floor', 'First floor']);
    const stats = (await http.get(`/api/projects/${project.id}/stats`)).body;
    expect(stats).toMatchObject({ floors: 2, floorplans: 2, calibratedFloorplans: 2, tracks: { total: 2, processed: 2 }, members: 1, contacts: 1 });
    // The plan's scale bar calibrates it at 20 px per metre.
    const plan = (await http.get(`/api/floors/${floors[0].id}/floorplans`)).body.items[0];
    expect(plan.metresPerPixel).toBeCloseTo(0.05, 9);
    // Its walls are drawn, as the walls tool would save them, and the walk was processed with them:
    // the predicted layer shows what walls do from the first visit.
    const walls = (await http.get(`/api/floorplans/${plan.id}/walls`)).body.walls as { material: string; lossDb: number }[];
    expect(walls.length).toBeGreaterThan(10);
    expect(new Set(walls.map((w) => w.material))).toEqual(new Set(['concrete', 'drywall', 'glass']));
    const walk = (await http.get(`/api/floors/${floors[0].id}/tracks`)).body.items[0];
    const predicted = (await http.get(`/api/tracks/${walk.id}/datasets?kind=predicted&per_page=1`)).body;
    expect(predicted.total ?? predicted.items?.length).toBeGreaterThan(0);
    // Three access points upstairs cover less than four downstairs.
    const coverage = async (floorId: string) => {
      const track = (await http.get(`/api/floors/${floorId}/tracks`)).body.items[0];
      return track.result.layers.find((l: { technology: string }) => l.technology === 'wifi6').coverage.percent as number;
    };
    expect(await coverage(floors[1].id)).toBeLessThan(await coverage(floors[0].id));
    const named = (await http.get(`/api/projects/${project.id}/statistics/networks`)).body.items.map((n: { name: string }) => n.name);
    expect(named.sort()).toEqual(['CafeNextDoor', 'Sitewave-Demo']);
  });
});
