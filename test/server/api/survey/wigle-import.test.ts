/**
 * WiGLE CSV onto a georeferenced plan: every version read, sightings placed through the control
 * points, other radios and sightings off the plan left out and counted, bad rows named, and a
 * plan without control points refused with how to add them.
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { fitGeoreference } from '../../../../shared/geo/georeference.js';
import { TrackImportError } from '../../../../server/api/tracks/import/import-error.js';
import { NOT_GEOREFERENCED } from '../../../../server/api/tracks/import/geo-position.js';
import { importCsvText, type ImportOptions } from '../../../../server/api/tracks/import/import-track.js';
import { importWigle } from '../../../../server/api/tracks/import/formats/wigle.js';
import { offset, WIGLE_14, WIGLE_16, wigleFile, type Sighting } from './fixtures/wigle.js';

/** A 1000×500 px plan at 10 px per metre, north up, its top-left corner at the fixtures' origin. */
const imageSize = { width: 1000, height: 500 };
const georeference = fitGeoreference(
  [
    { x: 0, y: 0, ...offset(0, 0) },
    { x: 1000, y: 500, ...offset(100, -50) },
  ],
  imageSize,
);
const options: ImportOptions = { imageSize, georeference };

function stream(text: string): Readable {
  // In small pieces, as an upload arrives.
  return Readable.from((text.match(/[\s\S]{1,7}/g) ?? []).map((c) => Buffer.from(c)));
}

async function refusal(text: string, opts: ImportOptions = options): Promise<TrackImportError> {
  try {
    await importWigle(stream(text), opts);
  } catch (err) {
    expect(err).toBeInstanceOf(TrackImportError);
    return err as TrackImportError;
  }
  throw new Error('expected the import to be refused');
}

const wifi = (mac: string, east: number, north: number, extra: Partial<Sighting> = {}): Sighting => ({ mac, ssid: 'Office', channel: 36, rssi: -54, east, north, ...extra });

describe('WiGLE CSV', () => {
  it.each(['1.4', '1.5', '1.6'] as const)('places version %s sightings on the plan through its control points', async (version) => {
    const file = wigleFile(version, [
      wifi('0a:1b:2c:3d:4e:01', 12.5, -20, { frequency: 5180, time: '2026-05-01 10:00:00' }),
      wifi('0a:1b:2c:3d:4e:02', 80, -40, { channel: 6, frequency: 2437, rssi: -71, ssid: 'Guest, 2nd floor', time: '2026-05-01 10:00:07' }),
    ]);
    const track = await importWigle(stream(file), options);
    expect(track.placed).toBe(true);
    expect(track.samples.count).toBe(2);
    expect(track.samples.x[0]).toBeCloseTo(125, 0);
    expect(track.samples.y[0]).toBeCloseTo(200, 0);
    expect(track.samples.x[1]).toBeCloseTo(800, 0);
    expect(track.samples.y[1]).toBeCloseTo(400, 0);
    expect(Array.from(track.samples.signalDbm.subarray(0, track.samples.count))).toEqual([-54, -71]);
    expect(track.startTime).toBe(Date.parse('2026-05-01T10:00:00Z') / 1000);
    expect(track.endTime - track.startTime).toBe(7);
    expect(track.samples.networks.map((n) => [n.technology, n.networkId, n.name, n.channel, n.band])).toEqual([
      ['wifi4', '0a:1b:2c:3d:4e:01', 'Office', 36, '5GHz'],
      ['wifi4', '0a:1b:2c:3d:4e:02', 'Guest, 2nd floor', 6, '2.4GHz'],
    ]);
    expect(track.skipped).toBeUndefined();
  });

  it('tells 6 GHz by the 1.6 frequency column', async () => {
    const track = await importWigle(stream(wigleFile('1.6', [wifi('0a:1b:2c:3d:4e:03', 50, -25, { channel: 37, frequency: 6135 })])), options);
    expect(track.samples.networks[0]).toMatchObject({ technology: 'wifi6e', band: '6GHz', channel: 37 });
  });

  it('leaves out other radios, counted, and sightings off the plan, named by line', async () => {
    const file = wigleFile('1.6', [
      wifi('0a:1b:2c:3d:4e:01', 10, -10, { frequency: 5180 }),
      wifi('11:22:33:44:55:66', 10, -10, { type: 'BT', channel: 0 }),
      wifi('11:22:33:44:55:67', 10, -10, { type: 'BLE', channel: 0 }),
      wifi('262_01_1234', 10, -10, { type: 'LTE', channel: 1300 }),
      wifi('11:22:33:44:55:68', 10, -10, { type: 'BT', channel: 0 }),
      wifi('0a:1b:2c:3d:4e:02', 150, -10, { frequency: 5180 }),
      wifi('0a:1b:2c:3d:4e:03', 10, 5, { frequency: 5180 }),
    ]);
    const track = await importWigle(stream(file), options);
    expect(track.samples.count).toBe(1);
    expect(track.skipped?.count).toBe(3);
    expect(track.skipped?.lines[0]).toMatchObject({ where: 'line 8', field: 'file', message: expect.stringMatching(/lies off the floor plan \(pixel 1500, 100 of 1000×500\)/) });
    expect(track.skipped?.lines[1]).toMatchObject({ where: 'line 9', message: expect.stringMatching(/off the floor plan/) });
    expect(track.skipped?.lines[2]).toEqual({ where: 'file', field: 'file', message: '4 sightings of other radios left out (BT 2, BLE 1, LTE 1): only Wi-Fi is imported' });
  });

  it('skips a sighting without a GPS fix', async () => {
    const file = wigleFile('1.4', [wifi('0a:1b:2c:3d:4e:01', 10, -10)]).concat('\n0a:1b:2c:3d:4e:09,Office,[ESS],2026-05-01 10:00:01,36,-60,0.0,0.0,0,0,WIFI');
    const track = await importWigle(stream(file), options);
    expect(track.skipped?.lines).toEqual([{ where: 'line 4', field: 'file', message: 'no GPS fix (latitude and longitude 0): left out' }]);
  });

  it('refuses bad rows naming line and column, and a file with nothing on the plan', async () => {
    const bad = wigleFile('1.4', [wifi('0a:1b:2c:3d:4e:01', 10, -10), wifi('not-a-mac', 10, -10), wifi('0a:1b:2c:3d:4e:02', 10, -10, { rssi: -500 })]);
    const err = await refusal(bad);
    expect(err.issues).toEqual([
      { where: 'line 4', field: 'networkId', message: 'a Wi-Fi network id is a BSSID like 0a:1b:2c:3d:4e:5f, got "not-a-mac"' },
      { where: 'line 5', field: 'signal', message: '-500 is outside -150 to 30' },
    ]);
    const latitude = await refusal(wigleFile('1.4', [wifi('0a:1b:2c:3d:4e:01', 10, -10)]).replace(/,52\.\d+,/, ',north,'));
    expect(latitude.issues).toEqual([{ where: 'line 3', field: 'CurrentLatitude', message: 'expected degrees, got "north"' }]);
    const nothing = await refusal(wigleFile('1.4', [wifi('0a:1b:2c:3d:4e:01', 500, 500)]));
    expect(nothing.issues).toEqual([
      { where: 'file', field: 'CurrentLatitude', message: "none of the 1 Wi-Fi sightings lies on this floor plan: check the plan's control points" },
    ]);
    const onlyBt = await refusal(wigleFile('1.4', [wifi('11:22:33:44:55:66', 10, -10, { type: 'BT', channel: 0 })]));
    expect(onlyBt.issues[0]!.message).toBe('the file holds no Wi-Fi sighting (only 1 BT)');
  });

  it('refuses a plan without control points, saying how to add them', async () => {
    for (const file of [WIGLE_14, WIGLE_16]) {
      expect((await refusal(file, { imageSize })).issues).toEqual([{ where: 'file', field: 'CurrentLatitude', message: NOT_GEOREFERENCED }]);
    }
    expect(NOT_GEOREFERENCED).toMatch(/Georeference/);
  });

  it('names a wrong pre-header, an unknown version and missing columns', async () => {
    expect((await refusal(WIGLE_14.replace('WigleWifi-1.4', 'WigleWiFi 1.4'))).issues[0]).toMatchObject({ where: 'line 1', field: 'file' });
    expect((await refusal(WIGLE_14.replace('WigleWifi-1.4', 'WigleWifi-2.0'))).issues[0]).toEqual({
      where: 'line 1',
      field: 'file',
      message: 'WiGLE format version 2.0 is not read (1.4, 1.5 and 1.6 are)',
    });
    const noRssi = await refusal(WIGLE_16.replace(',RSSI,', ',Signal,'));
    expect(noRssi.issues[0]).toMatchObject({ where: 'line 2', field: 'RSSI', message: expect.stringMatching(/^the WiGLE column header lacks RSSI/) });
    expect((await refusal('WigleWifi-1.6,appRelease=1')).issues[0]).toMatchObject({ where: 'line 2', field: 'MAC' });
  });
});

describe('CSV with latitude and longitude', () => {
  const header = 'time,latitude,longitude,technology,bssid,ssid,frequency,signal';
  const row = (t: number, east: number, north: number, signal: number) => {
    const { latitude, longitude } = offset(east, north);
    return `${t},${latitude},${longitude},wifi6,0a:1b:2c:3d:4e:01,Office,5180,${signal}`;
  };

  it('places rows through the control points and leaves out those off the plan', async () => {
    const track = await importCsvText([header, row(0, 20, -30, -50), row(1, 200, -30, -60), row(2, 40, -30, -55)].join('\n'), options);
    expect(track.samples.count).toBe(2);
    expect(track.samples.x[0]).toBeCloseTo(200, 0);
    expect(track.samples.y[0]).toBeCloseTo(300, 0);
    expect(track.samples.x[1]).toBeCloseTo(400, 0);
    expect(track.skipped?.count).toBe(1);
    expect(track.skipped?.lines[0]!.where).toBe('line 3');
  });

  it('takes lat/lon/lng spellings and path points, refuses x/y beside latitude/longitude', async () => {
    const { latitude, longitude } = offset(50, -25);
    const track = await importCsvText(['t,lat,lng,tech,bssid,freq,rssi', `0,${latitude},${longitude},,,,`, '5,,,wifi5,0a:1b:2c:3d:4e:01,5180,-60'].join('\n'), options);
    expect(track.samples.x[0]).toBeCloseTo(500, 0);
    expect(track.samples.y[0]).toBeCloseTo(250, 0);
    await expect(
      importCsvText(['time,x,y,latitude,longitude,technology,bssid,frequency,signal', `0,1,1,${latitude},${longitude},wifi6,0a:1b:2c:3d:4e:01,5180,-50`].join('\n'), options),
    ).rejects.toMatchObject({
      issues: [{ where: 'line 2', field: 'latitude', message: 'give a position as x/y or as latitude/longitude, not both' }],
    });
  });

  it('refuses latitude/longitude on a plan without control points, saying how to add them', async () => {
    await expect(importCsvText([header, row(0, 20, -30, -50)].join('\n'), { imageSize })).rejects.toMatchObject({
      issues: [{ where: 'line 1', field: 'latitude', message: NOT_GEOREFERENCED }],
    });
  });
});
