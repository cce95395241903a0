/**
 * The formats through the upload route: a good file becomes a track with its format recorded, and
 * a bad one is answered 400 naming the problem with nothing stored.
 */
import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_GEOREFERENCED } from '../../../../server/api/tracks/import/geo-position.js';
import { esxArchive, esxEntries, sampleEsxProject } from './fixtures/esx.js';
import { iwEntry, nmcliLine, positionLine } from './fixtures/scan-logs.js';
import { WIGLE_16 } from './fixtures/wigle.js';
import { zipArchive } from './fixtures/zip.js';
import { startSurveyApp, type SurveyTestApp } from './survey-app.js';

const plan = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="500"><rect width="1000" height="500" fill="#fff"/></svg>');

describe.each(['pglite', 'postgres'])('track formats through the upload route on %s', (backend) => {
  let t: SurveyTestApp;
  let http: ReturnType<typeof request>;
  let floorId: string;

  const upload = (file: Buffer | string, filename: string, contentType?: string) =>
    http.post(`/api/floors/${floorId}/tracks`).attach('file', Buffer.isBuffer(file) ? file : Buffer.from(file), contentType ? { filename, contentType } : filename);
  const stored = async () => (await t.db.query('SELECT format, sample_count, network_count, path_points FROM tracks ORDER BY created_at, id')).rows;

  beforeAll(async () => {
    t = await startSurveyApp(backend);
    http = request(t.app.server);
    const orgId = randomUUID();
    await t.db.query('INSERT INTO orgs (id, name) VALUES ($1, $2)', [orgId, 'Acme']);
    const project = await http.post(`/api/orgs/${orgId}/projects`).send({ name: 'Formats' });
    const floor = await http.post(`/api/projects/${project.body.id}/floors`).send({ name: 'Ground', level: 0 });
    floorId = floor.body.id;
    expect((await http.post(`/api/floors/${floorId}/floorplans`).attach('file', plan, { filename: 'ground.svg', contentType: 'image/svg+xml' })).body).toMatchObject({
      width: 1000,
      height: 500,
    });
  });
  afterAll(async () => t?.close());

  it('refuses broken files of every format with 400 naming the problem, storing nothing', async () => {
    const good = esxArchive(sampleEsxProject());
    const truncated = await upload(good.subarray(0, good.length - 100), 'survey.esx');
    expect(truncated.status).toBe(400);
    expect(truncated.body.error.reason).toMatch(/^file, field "file": not a complete zip archive, it may be cut off or damaged/);

    // The archive claims 600 MiB for one document: refused from the sizes it declares, nothing inflated.
    const bomb = zipArchive(esxEntries(sampleEsxProject()).map((e) => (e.name === 'accessPointMeasurements.json' ? { ...e, declaredSize: 600 * 1024 * 1024 } : e)));
    const bombRes = await upload(bomb, 'survey.esx', 'application/octet-stream');
    expect(bombRes.status).toBe(400);
    expect(bombRes.body.error.details.issues).toEqual([
      { where: 'accessPointMeasurements.json', field: 'file', message: 'the archive would unpack to more than 512 MiB, the most read from one file' },
    ]);

    const noSurvey = await upload(zipArchive(esxEntries({ ...sampleEsxProject(), surveys: [] })), 'empty.esx');
    expect(noSurvey.status).toBe(400);
    expect(noSurvey.body.error.reason).toMatch(/no survey data/);

    // Named .csv, known by its pre-header.
    const wigle = await upload(WIGLE_16, 'WigleWifi_20260501.csv', 'text/csv');
    expect(wigle.status).toBe(400);
    expect(wigle.body.error.details.issues).toEqual([{ where: 'file', field: 'CurrentLatitude', message: NOT_GEOREFERENCED }]);
    // A large file refused at its first line is read to its end, not left hanging.
    const unknownVersion = await upload(WIGLE_16.replace('WigleWifi-1.6', 'WigleWifi-2.0').concat('\n', 'x'.repeat(4 << 20)), 'wigle.csv');
    expect(unknownVersion.status).toBe(400);
    expect(unknownVersion.body.error.details.issues[0]).toMatchObject({ where: 'line 1', field: 'file' });
    const wrongHeader = await upload(WIGLE_16.replace('CurrentLatitude,', ''), 'wigle.csv');
    expect(wrongHeader.status).toBe(400);
    expect(wrongHeader.body.error.details.issues[0]).toMatchObject({ where: 'line 2', field: 'CurrentLatitude' });

    const outside = await upload(
      [positionLine(1200, 100, '0'), iwEntry({ bssid: '0a:1b:2c:3d:4e:01', ssid: 'Office', freq: 5180, signalDbm: -54 })].join('\n'),
      'walk.txt',
      'text/plain',
    );
    expect(outside.status).toBe(400);
    expect(outside.body.error.details.issues).toEqual([{ where: 'line 1', field: 'x', message: '1200 is outside 0 to 1000' }]);
    const badNumber = await upload(
      [
        positionLine(100, 100, '0'),
        nmcliLine({ BSSID: '0A:1B:2C:3D:4E:01', SSID: 'x', CHAN: 6, FREQ: '2437 MHz', SIGNAL: 'loud' }, ['BSSID', 'SSID', 'CHAN', 'FREQ', 'SIGNAL']),
      ].join('\n'),
      'walk.log',
    );
    expect(badNumber.status).toBe(400);
    expect(badNumber.body.error.reason).toMatch(/^line 2, field "signal": nmcli's SIGNAL is a percentage/);

    expect(await stored()).toEqual([]);
    expect(await t.blobs.files()).toHaveLength(2); // the floor plan's image and display PNG only
  });

  it('imports an Ekahau project and a scan log as tracks of their formats', async () => {
    const esx = await upload(esxArchive(sampleEsxProject()), 'Survey 2026-05-01.esx', 'application/octet-stream');
    expect(esx.status).toBe(201);
    expect(esx.body).toMatchObject({ format: 'esx', fileName: 'Survey 2026-05-01.esx', sampleCount: 6, networkCount: 2, pathPoints: 2 });

    const scans = [
      positionLine(100, 100, '2026-05-01T10:00:00Z'),
      iwEntry({ bssid: '0a:1b:2c:3d:4e:01', ssid: 'Office', freq: 5180, signalDbm: -54, caps: ['HT', 'VHT'] }),
      positionLine(300, 100, '2026-05-01T10:00:10Z'),
      nmcliLine({ BSSID: '0A:1B:2C:3D:4E:02', SSID: 'Guest', CHAN: 6, FREQ: '2437 MHz', SIGNAL: 60 }, ['BSSID', 'SSID', 'CHAN', 'FREQ', 'SIGNAL']),
    ].join('\n');
    const log = await upload(scans, 'walk.txt', 'text/plain');
    expect(log.status).toBe(201);
    expect(log.body).toMatchObject({ format: 'scanlog', sampleCount: 2, networkCount: 2, pathPoints: 0 });

    expect(await stored()).toEqual([
      { format: 'esx', sample_count: 6, network_count: 2, path_points: 2 },
      { format: 'scanlog', sample_count: 2, network_count: 2, path_points: 0 },
    ]);
    expect((await http.get(`/api/floors/${floorId}/tracks`)).body.items.map((track: { format: string }) => track.format).sort()).toEqual(['esx', 'scanlog']);
  });
});
