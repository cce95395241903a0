import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../../server/db/database.js';
import { createFloor } from '../../../../server/api/floors/store.js';
import { insertFloorplan, setCalibration } from '../../../../server/api/floorplans/store.js';
import { createProject } from '../../../../server/api/projects/store.js';
import { putReportingSettings } from '../../../../server/api/reporting/store.js';
import { defaultThresholds } from '../../../../server/api/reporting/thresholds.js';
import { encodeSampleTable } from '../../../../server/api/tracks/import/sample-table.js';
import { ProcessingWorker, requestProcessing } from '../../../../server/api/tracks/processing/job.js';
import { getTrackRow, insertTrack, toTrack } from '../../../../server/api/tracks/store.js';
import { NO_DATA } from '../../../../server/api/tracks/processing/grid.js';
import { PX_PER_M, scenario } from './ground-truth.js';
import { openSurveyDb } from './survey-db.js';

const now = new Date('2026-03-01T10:00:00Z');

describe.each(['pglite', 'postgres'])('processing job on %s', (backend) => {
  let db: Database;
  let close: () => Promise<void>;
  let trackId: string;
  let floorplanId: string;
  let projectId: string;
  const s = scenario(7);

  beforeAll(async () => {
    ({ db, close } = await openSurveyDb(backend));
    const orgId = randomUUID();
    await db.query('INSERT INTO orgs (id, name) VALUES ($1, $2)', [orgId, 'Org']);
    projectId = (await createProject(db, orgId, { name: 'P' }, null, now)).id;
    const floor = await createFloor(db, projectId, { name: 'Ground', level: 0 }, now);
    floorplanId = randomUUID();
    await insertFloorplan(
      db,
      {
        id: floorplanId,
        floorId: floor.id,
        fileName: 'g.svg',
        mediaType: 'image/svg+xml',
        byteSize: 1,
        sha256: 'x',
        width: s.image.width,
        height: s.image.height,
        originalKey: 'a',
        displayKey: 'b',
        displayWidth: 1,
        displayHeight: 1,
      },
      now,
    );
    await setCalibration(
      db,
      floorplanId,
      {
        points: [
          { x: 0, y: 0 },
          { x: PX_PER_M * 10, y: 0 },
        ],
        distanceM: 10,
        origin: { x: 0, y: 0 },
        rotationDeg: 0,
      },
      now,
    );
    trackId = randomUUID();
    await db.transaction((tx) =>
      insertTrack(
        tx,
        {
          id: trackId,
          floorId: floor.id,
          floorplanId,
          name: 'Walk',
          source: 'upload',
          deviceId: null,
          fileName: 'w.csv',
          format: 'csv',
          sampleCount: s.samples.count,
          networkCount: s.samples.networks.length,
          pathPoints: 0,
          startTime: 0,
          endTime: 1,
          createdBy: null,
        },
        encodeSampleTable(s.samples),
        now,
      ),
    );
  });
  afterAll(async () => close?.());

  it('goes queued → processing → processed, stores results, and asking again changes nothing', async () => {
    const first = await requestProcessing(db, trackId, now);
    expect(first).toMatchObject({ queued: true, track: { status: 'queued' } });
    expect(await requestProcessing(db, trackId, now)).toMatchObject({ queued: false, track: { status: 'queued' } });
    const worker = new ProcessingWorker(db, { now: () => now });
    await worker.drain();
    const done = toTrack((await getTrackRow(db, trackId))!);
    expect(done.status).toBe('processed');
    expect(done.result?.calibrated).toBe(true);
    expect(done.result?.layers[0]?.coverage.surveyedCells).toBeGreaterThan(1000);
    const nets = await db.query<{ n: number; grids: number }>('SELECT count(*)::int AS n, count(grid)::int AS grids FROM track_networks WHERE track_id = $1', [trackId]);
    expect(nets.rows[0]).toEqual({ n: 8, grids: 8 });
    const layer = await db.query<{ best: Uint8Array }>('SELECT best FROM track_layers WHERE track_id = $1', [trackId]);
    const best = new Int8Array(layer.rows[0]!.best.buffer, layer.rows[0]!.best.byteOffset, layer.rows[0]!.best.byteLength);
    expect(best.length).toBe(done.result!.grid.cols * done.result!.grid.rows);
    expect(best.some((v) => v !== NO_DATA)).toBe(true);
    // Same inputs: nothing to do.
    expect(await requestProcessing(db, trackId, now)).toMatchObject({ queued: false, track: { status: 'processed' } });
    await worker.stop();
  });

  it('queues again when the thresholds change, and the new results follow them', async () => {
    await putReportingSettings(db, projectId, { wifi6: { ...defaultThresholds('wifi6'), minSignalDbm: -40 } }, null, now);
    expect(await requestProcessing(db, trackId, now)).toMatchObject({ queued: true });
    const worker = new ProcessingWorker(db, { now: () => now });
    await worker.drain();
    const done = toTrack((await getTrackRow(db, trackId))!);
    expect(done.status).toBe('processed');
    expect(done.result!.layers[0]!.coverage.signalPercent).toBeLessThan(50);
    expect((await db.query('SELECT 1 FROM track_networks WHERE track_id = $1', [trackId])).rowCount).toBe(8);
  });

  it('fails with a reason when the samples cannot be read', async () => {
    await db.query(`UPDATE track_samples SET data = $2 WHERE track_id = $1`, [trackId, Buffer.from([1, 0, 0, 0, 0x7b])]);
    await db.query(`UPDATE tracks SET status = 'imported' WHERE id = $1`, [trackId]);
    await requestProcessing(db, trackId, now);
    const errors: unknown[] = [];
    const worker = new ProcessingWorker(db, { now: () => now, onError: (e) => errors.push(e) });
    await worker.drain();
    const failed = toTrack((await getTrackRow(db, trackId))!);
    expect(failed.status).toBe('failed');
    expect(failed.failureReason).toMatch(/^Processing failed: /);
    expect(errors).toHaveLength(1);
  });
});
