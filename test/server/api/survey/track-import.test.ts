import { describe, expect, it } from 'vitest';
import { detectFormat, importCsvText, importJson } from '../../../../server/api/tracks/import/import-track.js';
import { TrackImportError } from '../../../../server/api/tracks/import/import-error.js';
import { decodeSampleTable, encodeSampleTable } from '../../../../server/api/tracks/import/sample-table.js';

const image = { width: 1000, height: 500 };

async function refusal(p: Promise<unknown> | (() => unknown)): Promise<TrackImportError> {
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (err) {
    expect(err).toBeInstanceOf(TrackImportError);
    return err as TrackImportError;
  }
  throw new Error('expected the import to be refused');
}

describe('CSV tracks', () => {
  it('reads samples with positions, derives band and channel from the frequency, and groups networks', async () => {
    const csv = [
      'time,x,y,technology,bssid,ssid,frequency,signal_dbm,noise_dbm,throughput_mbps',
      '0,10,20,wifi6,AA:BB:CC:00:00:01,Office,5180,-48,-95,310.5',
      '1,12,20,wifi6,aa:bb:cc:00:00:01,Office,5180,-50,,',
      '1,12,20,wifi6,aa-bb-cc-00-00-02,Office,2437,-61,-93,',
    ].join('\n');
    const track = await importCsvText(csv, { imageSize: image });
    expect(track.samples.count).toBe(3);
    expect(track.samples.networks).toEqual([
      { technology: 'wifi6', networkId: 'aa:bb:cc:00:00:01', name: 'Office', channel: 36, frequencyMHz: 5180, band: '5GHz' },
      { technology: 'wifi6', networkId: 'aa:bb:cc:00:00:02', name: 'Office', channel: 6, frequencyMHz: 2437, band: '2.4GHz' },
    ]);
    expect(Array.from(track.samples.network)).toEqual([0, 0, 1]);
    expect(track.samples.noiseDbm[1]).toBeNaN();
    expect(track.samples.throughputMbps[0]).toBeCloseTo(310.5);
    expect(track.path).toEqual([]);
    expect([track.startTime, track.endTime]).toEqual([0, 1]);
  });

  it('places samples without a position on the walked path by time', async () => {
    const csv = [
      'time,x,y,technology,network_id,name,channel,signal',
      '2026-03-01T10:00:00Z,100,100,,,,,',
      '2026-03-01T10:00:05Z,,,lte,262-01-1234567,Telekom,1300,-90',
      '2026-03-01T10:00:10Z,200,300,,,,,',
      '2026-03-01T10:00:20Z,,,lte,262-01-1234567,Telekom,1300,-95',
    ].join('\n');
    const track = await importCsvText(csv, { imageSize: image });
    expect(track.samples.count).toBe(2);
    expect([track.samples.x[0], track.samples.y[0]]).toEqual([150, 200]);
    // After the last path point the surveyor is standing at it.
    expect([track.samples.x[1], track.samples.y[1]]).toEqual([200, 300]);
    expect(track.path).toHaveLength(2);
    expect(track.samples.networks[0]!.band).toBe('');
  });

  it('refuses a file naming the line and field of each bad value, and nothing is returned', async () => {
    const csv = [
      'time,x,y,technology,bssid,channel,signal',
      '0,10,20,wifi6,aa:bb:cc:00:00:01,36,-50',
      '1,10,20,wifi6,not-a-mac,36,-50',
      '2,1200,20,wifi6,aa:bb:cc:00:00:01,36,-50',
      '3,10,20,wifi9,aa:bb:cc:00:00:01,36,-50',
      '4,10,20,wifi6,aa:bb:cc:00:00:01,36,loud',
      '5,10,20,wifi6,aa:bb:cc:00:00:01,15,-50',
    ].join('\n');
    const err = await refusal(importCsvText(csv, { imageSize: image }));
    expect(err.issues.map((i) => [i.where, i.field])).toEqual([
      ['line 3', 'networkId'],
      ['line 4', 'x'],
      ['line 5', 'technology'],
      ['line 6', 'signal'],
      ['line 7', 'channel'],
    ]);
    expect(err.message).toMatch(/^line 3, field "networkId": .*BSSID.* \(and 4 more problems\)$/);
  });

  it('refuses a header without a time column, ragged rows and a file of only a header', async () => {
    expect((await refusal(importCsvText('x,y,signal\n1,2,-50\n', { imageSize: image }))).issues[0]).toMatchObject({ where: 'line 1', field: 'time' });
    const ragged = await refusal(importCsvText('time,x,y,technology,bssid,channel,signal\n0,1,2,wifi6,aa:bb:cc:00:00:01,36\n', { imageSize: image }));
    expect(ragged.issues[0]).toMatchObject({ where: 'line 2', field: 'file' });
    expect(ragged.message).toMatch(/number of columns/);
    expect((await refusal(importCsvText('time,x,y,technology,bssid,channel,signal\n', { imageSize: image }))).message).toMatch(/no samples/);
  });

  it('refuses samples without a position when there is no walked path', async () => {
    const err = await refusal(importCsvText('time,technology,bssid,channel,signal\n0,wifi5,aa:bb:cc:00:00:01,36,-50\n', { imageSize: image }));
    expect(err.issues[0]).toMatchObject({ where: 'line 2', field: 'x' });
  });

  it('stops at the sample limit', async () => {
    const rows = Array.from({ length: 5 }, (_, i) => `${i},1,1,wifi6,aa:bb:cc:00:00:01,36,-50`);
    const err = await refusal(importCsvText(['time,x,y,technology,bssid,channel,signal', ...rows].join('\n'), { imageSize: image, maxSamples: 3 }));
    expect(err.issues[0]).toMatchObject({ where: 'line 5', field: 'time' });
  });
});

describe('JSON tracks', () => {
  it('reads a path and samples', () => {
    const track = importJson(
      JSON.stringify({
        path: [
          { time: 0, x: 0, y: 0 },
          { time: 10, x: 100, y: 0 },
        ],
        samples: [{ time: 2.5, technology: 'wifi7', networkId: '02:00:00:00:00:07', ssid: 'Lab', band: '6GHz', channel: 37, signal: -58, noise: -96 }],
      }),
      { imageSize: image },
    );
    expect(track.samples.networks[0]).toMatchObject({ band: '6GHz', channel: 37, frequencyMHz: 6135 });
    expect(track.samples.x[0]).toBe(25);
  });

  it('reads a bare array and names JSON paths in refusals', async () => {
    expect(importJson('[{"time":1,"x":3,"y":4,"technology":"nr","cellId":"310-260-99","channel":632628,"band":"n78","rsrp":-101}]', { imageSize: image }).samples.count).toBe(1);
    const err = await refusal(() =>
      importJson('{"path":[{"time":0,"x":-1,"y":0}],"samples":[{"time":"soon","technology":"lte","cellId":"1","channel":3,"signal":-80}]}', { imageSize: image }),
    );
    expect(err.issues.map((i) => [i.where, i.field])).toEqual([
      ['path[0]', 'x'],
      ['samples[0]', 'time'],
    ]);
    expect((await refusal(() => importJson('{"samples": 3}', { imageSize: image }))).issues[0]!.field).toBe('samples');
    expect((await refusal(() => importJson('{oops', { imageSize: image }))).message).toMatch(/not valid JSON/);
  });
});

describe('formats', () => {
  it('detects CSV and JSON by name, media type or content', () => {
    expect(detectFormat('walk.CSV', undefined, '')).toBe('csv');
    expect(detectFormat(undefined, 'application/json', '')).toBe('json');
    expect(detectFormat('upload', 'application/octet-stream', ' \n{"samples":[]}')).toBe('json');
    expect(detectFormat(undefined, undefined, 'time,x,y')).toBe('csv');
    expect(detectFormat(undefined, undefined, '\u0000\u0001')).toBeUndefined();
  });

  it('knows Ekahau archives, WiGLE files and scan logs by their content first, whatever their name', () => {
    expect(detectFormat('survey.esx', undefined, '')).toBe('esx');
    expect(detectFormat('walk.csv', 'text/csv', 'PK\u0003\u0004\u0014\u0000')).toBe('esx');
    expect(detectFormat(undefined, 'application/zip', '')).toBe('esx');
    expect(detectFormat('WigleWifi_20260501.csv', 'text/csv', 'WigleWifi-1.6,appRelease=2.72\nMAC,SSID')).toBe('wigle');
    expect(detectFormat('walk.txt', 'text/plain', '# at x=1 y=2 t=0\nBSS 0a:1b:2c:3d:4e:5f(on wlan0)')).toBe('scanlog');
    expect(detectFormat('walk.csv', undefined, '\uFEFF# lobby, laptop\n#\n# nmcli -t -f BSSID,SIGNAL,FREQ dev wifi list\n')).toBe('scanlog');
    expect(detectFormat(undefined, undefined, 'BSS 0a:1b:2c:3d:4e:5f(on wlan0)\n\tfreq: 2412')).toBe('scanlog');
    // A comment, then something else: not a scan log.
    expect(detectFormat('walk.csv', undefined, '# notes\ntime,x,y')).toBe('csv');
  });

  it('stores a sample table in binary and reads it back unchanged', async () => {
    const track = await importCsvText('time,x,y,technology,bssid,channel,signal,noise\n0.25,1,2,wifi6,aa:bb:cc:00:00:01,36,-50,-90\n1,3,4,wifi6,aa:bb:cc:00:00:02,40,-60,\n', {
      imageSize: image,
    });
    const back = decodeSampleTable(encodeSampleTable(track.samples));
    expect(back.networks).toEqual(track.samples.networks);
    expect(Array.from(back.time)).toEqual([0.25, 1]);
    expect(Array.from(back.signalDbm)).toEqual([-50, -60]);
    expect(back.noiseDbm[1]).toBeNaN();
  });
});
