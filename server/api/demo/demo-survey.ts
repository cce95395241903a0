/**
 * The demo survey: a project with two office floors, generated floor plans (drawn as SVG,
 * rasterised by the same path as an upload), access points placed on them, a simulated walk per
 * floor, processed — so a new user sees real heatmaps and statistics at once. Deterministic: the
 * same seed gives the same plans, walks and results.
 */
import { randomUUID } from 'node:crypto';
import { createFloorplan } from '../floorplans/create-floorplan.js';
import { setCalibration } from '../floorplans/store.js';
import { replaceWalls } from '../floorplans/walls.js';
import type { Wall as PlanWall, WallMaterial } from '../../../shared/heatmap/walls.js';
import { createFloor } from '../floors/store.js';
import { createProject, type Project } from '../projects/store.js';
import type { SurveyContext } from '../survey/context.js';
import { encodeSampleTable } from '../tracks/import/sample-table.js';
import { insertTrack } from '../tracks/store.js';
import { layoutSvg } from './floorplan-svg.js';
import { generateLayout, surveyRoute, type SiteLayout, type Wall as LayoutWall } from './site-layout.js';
import { placeAccessPoints, simulateWalk, toPixels, type AccessPoint } from './walk-simulator.js';

export const DEMO_PROJECT_NAME = 'Demo office survey';
export const DEMO_PX_PER_M = 20;
const PX_PER_M = DEMO_PX_PER_M;

export const DEMO_FLOORS = [
  { name: 'Ground floor', level: 0, seed: 101, aps: 4 },
  // One access point fewer upstairs: the heatmap shows the gap a survey is there to find.
  { name: 'First floor', level: 1, seed: 202, aps: 3 },
];

const MATERIAL: Readonly<Record<LayoutWall['kind'], WallMaterial>> = { exterior: 'concrete', interior: 'drywall', glass: 'glass' };

/**
 * The layout's walls as the walls tool would save them on the plan (image pixels), with the loss
 * the simulated signal met crossing them: the predicted layer has them from the first visit.
 */
export function demoPlanWalls(layout: SiteLayout, image: { width: number; height: number }): PlanWall[] {
  const clamp = (v: number, most: number) => Math.min(most, Math.max(0, Math.round(v * PX_PER_M * 100) / 100));
  return layout.walls.map((wall, i) => ({
    id: `demo-wall-${i + 1}`,
    x1: clamp(wall.x1, image.width),
    y1: clamp(wall.y1, image.height),
    x2: clamp(wall.x2, image.width),
    y2: clamp(wall.y2, image.height),
    material: MATERIAL[wall.kind],
    lossDb: wall.lossDb,
  }));
}

/** A neighbour's access point outside the east wall, sharing channels with ours. */
function neighbour(widthM: number, heightM: number): AccessPoint {
  return {
    name: 'Neighbour',
    x: widthM + 4,
    y: heightM / 2,
    radios: [
      { technology: 'wifi5', bssid: '0a:4e:31:77:10:00', ssid: 'CafeNextDoor', band: '2.4GHz', channel: 1, powerAt1mDbm: -28 },
      { technology: 'wifi5', bssid: '0a:4e:31:77:10:01', ssid: 'CafeNextDoor', band: '5GHz', channel: 36, powerAt1mDbm: -33 },
    ],
  };
}

export async function seedDemoSurvey(ctx: SurveyContext, orgId: string, ownerId: string | null): Promise<Project> {
  const now = ctx.now();
  const project = await ctx.db.transaction(async (tx) => {
    const created = await createProject(
      tx,
      orgId,
      { name: DEMO_PROJECT_NAME, description: 'Generated demo: two office floors, simulated Wi-Fi walks.', customer: 'Sitewave demo', address: 'Example Street 1' },
      ownerId,
      now,
    );
    if (ownerId) await tx.query(`INSERT INTO project_members (project_id, user_id, role, created_at, updated_at) VALUES ($1, $2, 'manager', $3, $3)`, [created.id, ownerId, now]);
    await tx.query(`INSERT INTO contacts (id, project_id, name, role, company, email, phone, notes, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)`, [
      randomUUID(),
      created.id,
      'Robin Facility',
      'Facility manager',
      'Sitewave demo',
      'facility@example.com',
      '+49 30 1234567',
      'Keys at reception.',
      now,
    ]);
    return created;
  });

  for (const spec of DEMO_FLOORS) {
    const floor = await createFloor(ctx.db, project.id, { name: spec.name, level: spec.level, heightM: 3.2 }, now);
    const layout = generateLayout(spec.seed);
    const svg = Buffer.from(layoutSvg(layout, PX_PER_M, `${DEMO_PROJECT_NAME} — ${spec.name}`), 'utf8');
    const plan = await createFloorplan(ctx, floor.id, svg, `${spec.name.toLowerCase().replace(/\s+/g, '-')}.svg`);
    // The plan's 5 m scale bar: from (1 m, h - 0.6 m) to (6 m, h - 0.6 m).
    const barY = plan.height - 0.6 * PX_PER_M;
    await setCalibration(
      ctx.db,
      plan.id,
      {
        points: [
          { x: PX_PER_M, y: barY },
          { x: 6 * PX_PER_M, y: barY },
        ],
        distanceM: 5,
        origin: { x: 0, y: 0 },
        rotationDeg: 0,
      },
      now,
    );
    await ctx.db.transaction((tx) => replaceWalls(tx, plan.id, demoPlanWalls(layout, plan), now));
    const aps = [...placeAccessPoints(layout, spec.seed + 1, spec.aps, 'Sitewave-Demo'), neighbour(layout.widthM, layout.heightM)];
    const walk = simulateWalk(layout, aps, { route: surveyRoute(layout), seed: spec.seed + 2, scanIntervalS: 1, startTime: Math.floor(now.getTime() / 1000) });
    const samples = toPixels(walk.samples, PX_PER_M);
    let start = Infinity;
    let end = -Infinity;
    for (const t of samples.time) {
      start = Math.min(start, t);
      end = Math.max(end, t);
    }
    const trackId = randomUUID();
    await ctx.db.transaction(async (tx) => {
      await insertTrack(
        tx,
        {
          id: trackId,
          floorId: floor.id,
          floorplanId: plan.id,
          name: `${spec.name} walk`,
          source: 'upload',
          deviceId: null,
          fileName: 'simulated-walk.csv',
          format: 'csv',
          sampleCount: samples.count,
          networkCount: samples.networks.length,
          pathPoints: walk.path.length,
          startTime: start,
          endTime: end,
          createdBy: ownerId,
        },
        encodeSampleTable(samples),
        now,
      );
      await tx.query(`UPDATE tracks SET status = 'queued', queued_at = $2 WHERE id = $1`, [trackId, now]);
    });
  }
  await ctx.processing.drain();
  return project;
}
