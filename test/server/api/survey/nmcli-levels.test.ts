/** Scan logs stored with the old `q − 120` nmcli levels are corrected when processed again. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../../server/db/database.js';
import { createFloor } from '../../../../server/api/floors/store.js';
import { insertFloorplan } from '../../../../server/api/floorplans/store.js';
import { createProject } from '../../../../server/api/projects/store.js';
import { decodeSampleTable, encodeSampleTable, SampleTableBuilder, type SampleTable } from '../../../../server/api/tracks/import/sample-table.js';
import { correctOldNmcliLevels } from '../../../../server/api/tracks/processing/nmcli-levels.js';
import { ProcessingWorker, requestProcessing } from '../../../../server/api/tracks/processing/job.js';
import { getTrackRow, insertTrack, loadSamples } from '../../../../server/api/tracks/store.js';
import { nmcliLevelsMigration } from '../../../../server/api/tracks/nmcli-levels-migration.js';
import { openSurveyDb } from './survey-db.js';

const now = new Date('2026-05-01T10:00:00Z');

/** A table as the old reader stored it: the same bytes without the header's `nmcli` mark. */
function storedBeforeTheFix(table: SampleTable): Buffer {
  const bytes = encodeSampleTable(table);
  const length = bytes.readUInt32LE(0);
  const header = JSON.parse(bytes.subarray(4, 4 + length).toString('utf8')) as Record<string, unknown>;
  delete header.nmcli;
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const columns = bytes.subarray(4 + length + ((8 - ((4 + length) % 8)) % 8));
  const prefix = Buffer.alloc(4);
  prefix.writeUInt32LE(json.length, 0);
  return Buffer.concat([prefix, json, Buffer.alloc((8 - ((4 + json.length) % 8)) % 8), columns]);
}

/** Old readings of nmcli: 70 %, 30 % and 100 % stored as −50, −90 and −20 dBm. */
function oldNmcliWalk(signals = [-50, -90, -20], technology = 'wifi4'): SampleTable {
  const b = new SampleTableBuilder();
  signals.forEach((signal, i) => {
    const net = b.networkFor({ technology, networkId: `0a:1b:2c:3d:4e:0${i}`, name: 'Office', channel: 36, frequencyMHz: 5180, band: '5GHz' });
    b.append(i * 5, 100 + i * 50, 100, net, signal, Number.NaN, Number.NaN);
  });
  return b.finish();
}

describe('correcting old nmcli levels', () => {
  it('maps a walk that can only have come from nmcli again, and marks it done', () => {
    const table = decodeSampleTable(storedBeforeTheFix(oldNmcliWalk()));
    expect(table.nmcliLevels).toBe('offset120');
    expect(correctOldNmcliLevels('scanlog', table)).toBe(true);
    expect(Array.from(table.signalDbm)).toEqual([-58, -82, -40]);
    expect(decodeSampleTable(encodeSampleTable(table)).nmcliLevels).toBe('linear');
    // Once marked, never again.
    expect(correctOldNmcliLevels('scanlog', decodeSampleTable(encodeSampleTable(table)))).toBe(false);
  });

  it('leaves walks with iw output in them, other formats and new tables as they are', () => {
    for (const walk of [oldNmcliWalk([-50, -93, -20]), oldNmcliWalk([-50, -61.5]), oldNmcliWalk([-50, -60], 'wifi6')]) {
      const table = decodeSampleTable(storedBeforeTheFix(walk));
      const before = Array.from(table.signalDbm);
      expect(correctOldNmcliLevels('scanlog', table)).toBe(true);
      expect(Array.from(table.signalDbm)).toEqual(before);
    }
    expect(correctOldNmcliLevels('csv', decodeSampleTable(storedBeforeTheFix(oldNmcliWalk())))).toBe(false);
    expect(correctOldNmcliLevels('scanlog', decodeSampleTable(encodeSampleTable(oldNmcliWalk())))).toBe(false);
  });
});

describe('a stored nmcli walk after the upgrade', () => {
  let db: Database;
  let close: () => Promise<void>;
  const trackId = randomUUID();

  beforeAll(async () => {
    ({ db, close } = await openSurveyDb('pglite'));
    const orgId = randomUUID();
    await db.query('INSERT INTO orgs (id, name) VALUES ($1, $2)', [orgId, 'Org']);
    const project = await createProject(db, orgId, { name: 'P' }, null, now);
    const floor = await createFloor(db, project.id, { name: 'Ground', level: 0 }, now);
    const floorplanId = randomUUID();
    const plan = { id: floorplanId, floorId: floor.id, fileName: 'g.svg', mediaType: 'image/svg+xml', byteSize: 1, sha256: 'x', width: 1000, height: 500 };
    await insertFloorplan(db, { ...plan, originalKey: 'a', displayKey: 'b', displayWidth: 1, displayHeight: 1 }, now);
    const walk = oldNmcliWalk();
    await db.transaction((tx) =>
      insertTrack(
        tx,
        {
          id: trackId,
          floorId: floor.id,
          floorplanId,
          name: 'nmcli walk',
          source: 'upload',
          deviceId: null,
          fileName: 'walk.txt',
          format: 'scanlog',
          sampleCount: walk.count,
          networkCount: walk.networks.length,
          pathPoints: 0,
          startTime: 0,
          endTime: 10,
          createdBy: null,
        },
        storedBeforeTheFix(walk),
        now,
      ),
    );
    await db.query(`UPDATE tracks SET status = 'processed', input_hash = 'processed before the fix' WHERE id = $1`, [trackId]);
  });
  afterAll(async () => close?.());

  it('is queued by the migration, processed with the corrected levels, and stored corrected', async () => {
    await db.query(nmcliLevelsMigration.up);
    expect((await getTrackRow(db, trackId))!.status).toBe('queued');
    const worker = new ProcessingWorker(db, { now: () => now });
    await worker.drain();
    expect((await getTrackRow(db, trackId))!.status).toBe('processed');
    const stored = decodeSampleTable((await loadSamples(db, trackId))!);
    expect(Array.from(stored.signalDbm)).toEqual([-58, -82, -40]);
    const nets = await db.query<{ max_signal_dbm: number }>('SELECT max_signal_dbm FROM track_networks WHERE track_id = $1 ORDER BY idx', [trackId]);
    expect(nets.rows.map((r) => Number(r.max_signal_dbm))).toEqual([-58, -82, -40]);
    // Processed with the new version: asking again is asking once, and the levels stay corrected.
    expect(await requestProcessing(db, trackId, now)).toMatchObject({ queued: false });
    await worker.stop();
  });
});
