import { describe, expect, it } from 'vitest';
import { TrackImportError } from '../../../../server/api/tracks/import/import-error.js';
import { importEsx } from '../../../../server/api/tracks/import/formats/esx.js';
import { esxArchive, esxEntries, esxTrackBytes, sampleEsxProject, type EsxProject } from './fixtures/esx.js';
import { zipArchive } from './fixtures/zip.js';

const image = { width: 1000, height: 500 };

async function refusal(p: Promise<unknown>): Promise<TrackImportError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(TrackImportError);
    return err as TrackImportError;
  }
  throw new Error('expected the import to be refused');
}

function project(change: (p: EsxProject) => void): Buffer {
  const p = sampleEsxProject();
  change(p);
  return esxArchive(p);
}

describe('Ekahau .esx tracks', () => {
  it('reads the route as the walked path, scaled to our plan, and every measurement as a sample on it', async () => {
    const track = await importEsx(esxArchive(sampleEsxProject()), { imageSize: image });
    const start = Date.parse('2026-05-01T10:00:00Z') / 1000;
    expect(track.samples.count).toBe(6);
    expect(track.samples.networks).toEqual([
      { technology: 'wifi6', networkId: '02:5a:07:00:00:01', name: 'Office', channel: 36, frequencyMHz: 5180, band: '5GHz' },
      { technology: 'wifi4', networkId: '02:5a:07:00:00:02', name: 'Guest', channel: 6, frequencyMHz: 2437, band: '2.4GHz' },
    ]);
    expect(Array.from(track.samples.time)).toEqual([start, start, start + 5, start + 5, start + 10, start + 10]);
    expect(Array.from(track.samples.signalDbm)).toEqual([-50, -70, -51, -69, -52, -68]);
    // Ekahau's plan is 2000×1000, ours 1000×500: the route (200,200)→(1200,200) becomes (100,100)→(600,100).
    expect(Array.from(track.samples.x)).toEqual([100, 100, 350, 350, 600, 600]);
    expect(Array.from(track.samples.y)).toEqual([100, 100, 100, 100, 100, 100]);
    expect(track.path).toEqual([
      { time: start, x: 100, y: 100 },
      { time: start + 10, x: 600, y: 100 },
    ]);
    expect([track.startTime, track.endTime]).toEqual([start, start + 10]);
  });

  it('takes the frequency from the measurement list when a record has none, and 6 GHz as Wi-Fi 6E', async () => {
    const bytes = project((p) => {
      p.radios[0] = { ...p.radios[0]!, channels: [6135] };
      p.surveys[0]!.tracks[0]!.scans = [{ timeMs: 0, readings: [{ ap: 0, rssi: -60 }] }];
    });
    const track = await importEsx(bytes, { imageSize: image });
    expect(track.samples.networks).toEqual([{ technology: 'wifi6e', networkId: '02:5a:07:00:00:01', name: 'Office', channel: 37, frequencyMHz: 6135, band: '6GHz' }]);
  });

  it('refuses a cut-off or damaged archive, and one that is not an Ekahau project', async () => {
    const good = esxArchive(sampleEsxProject());
    const cut = await refusal(importEsx(good.subarray(0, good.length - 40), { imageSize: image }));
    expect(cut.issues).toEqual([{ where: 'file', field: 'file', message: expect.stringMatching(/^not a complete zip archive, it may be cut off or damaged/) }]);
    expect((await refusal(importEsx(Buffer.from('plain text, not a zip'), { imageSize: image }))).message).toMatch(/not a complete zip archive/);
    // A stored entry with one byte changed: its checksum no longer matches.
    const stored = zipArchive([{ name: 'floorPlans.json', data: '{"floorPlans":[]}', store: true }]);
    const at = 30 + 'floorPlans.json'.length + 2;
    stored[at] = stored[at]! ^ 0xff;
    expect((await refusal(importEsx(stored, { imageSize: image }))).issues[0]).toMatchObject({ where: 'floorPlans.json', message: expect.stringMatching(/checksum/) });
    const notEkahau = await refusal(importEsx(zipArchive([{ name: 'readme.txt', data: 'hello' }]), { imageSize: image }));
    expect(notEkahau.issues[0]).toMatchObject({ where: 'floorPlans.json', message: expect.stringMatching(/missing/) });
  });

  it('refuses a project without survey data', async () => {
    const err = await refusal(
      importEsx(
        project((p) => (p.surveys = [])),
        { imageSize: image },
      ),
    );
    expect(err.message).toMatch(/no survey data/);
  });

  it('refuses an archive that would unpack to more than the bound before inflating it, and an entry lying about its size', async () => {
    const zeros = Buffer.alloc(8 * 1024 * 1024);
    const bomb = zipArchive([{ name: 'floorPlans.json', data: zeros }]);
    expect(bomb.length).toBeLessThan(64 * 1024);
    const err = await refusal(importEsx(bomb, { imageSize: image, archive: { maxEntries: 100, maxUnpackedBytes: 1024 * 1024 } }));
    expect(err.issues[0]).toMatchObject({ where: 'floorPlans.json', message: 'the archive would unpack to more than 1 MiB, the most read from one file' });
    // Declares 100 bytes, inflates to 8 MiB: stopped at the declared size.
    const liar = zipArchive([{ name: 'floorPlans.json', data: zeros, declaredSize: 100 }]);
    expect((await refusal(importEsx(liar, { imageSize: image }))).issues[0]).toMatchObject({ where: 'floorPlans.json', message: expect.stringMatching(/cannot be unpacked/) });
    const many = zipArchive(Array.from({ length: 5 }, (_, i) => ({ name: `n${i}`, data: '' })));
    expect((await refusal(importEsx(many, { imageSize: image, archive: { maxEntries: 4, maxUnpackedBytes: 1024 } }))).message).toMatch(/5 entries, more than the 4 read/);
  });

  it('refuses surveys on several floor plans, and a plan of another shape', async () => {
    const two = project((p) => {
      p.floorPlans.push({ id: 'fp-2', name: 'First', width: 2000, height: 1000 });
      p.surveys.push({ ...p.surveys[0]!, id: 's-2', floorPlanId: 'fp-2', tracks: [] });
    });
    expect((await refusal(importEsx(two, { imageSize: image }))).issues[0]).toMatchObject({
      field: 'floorPlanId',
      message: expect.stringMatching(/2 floor plans \("Ground", "First"\)/),
    });
    const square = await refusal(importEsx(esxArchive(sampleEsxProject()), { imageSize: { width: 1000, height: 1000 } }));
    expect(square.message).toMatch(/2000×1000 pixels and this floor plan 1000×1000: their shapes differ/);
  });

  it('names route points off the plan, bad measurement files and bad numbers', async () => {
    const off = project((p) => (p.surveys[0]!.route[0]![1] = { time: 10e9, x: 2400, y: 200 }));
    expect((await refusal(importEsx(off, { imageSize: image }))).issues).toEqual([
      { where: 'survey-s-1.json surveys[0].routePoints[0][1]', field: 'x', message: '2400 is outside the Ekahau floor plan (0 to 2000)' },
    ]);

    const loud = project((p) => (p.surveys[0]!.tracks[0]!.scans[1]!.readings[0]!.rssi = 100));
    const loudErr = await refusal(importEsx(loud, { imageSize: image }));
    // Header 2 + scan 5 + two records of 17 + footer 1 + scan 5 = byte 47.
    expect(loudErr.issues).toEqual([{ where: 'track-b-1.bin byte 47', field: 'signal', message: '100 is outside -150 to 30' }]);

    const truncated = esxTrackBytes(sampleEsxProject().surveys[0]!.tracks[0]!.scans).subarray(0, 30);
    const cut = project((p) => (p.extra = [{ name: 'track-b-1.bin', data: truncated }]));
    expect((await refusal(importEsx(cut, { imageSize: image }))).issues[0]).toMatchObject({
      where: 'track-b-1.bin byte 24',
      field: 'file',
      message: 'the file ends inside a scan: it is cut off',
    });

    const unknown = Buffer.from([0x02, 0x01, 0x00, 0, 0, 0, 0, 0x01, 0x02, 0, 0, 0, 0, 0x07, 1, 0x09, 0x10]);
    const strange = project((p) => (p.extra = [{ name: 'track-b-1.bin', data: unknown }]));
    expect((await refusal(importEsx(strange, { imageSize: image }))).issues[0]).toEqual({
      where: 'track-b-1.bin byte 13',
      field: 'file',
      message: 'unknown field tag 0x07 in a measurement record',
    });

    const withoutTrack = zipArchive(esxEntries(sampleEsxProject()).filter((e) => !e.name.startsWith('track-')));
    expect((await refusal(importEsx(withoutTrack, { imageSize: image }))).issues).toEqual([
      { where: 'survey-s-1.json surveys[0].wifiTracks[0]', field: 'binaryFileId', message: 'the measurement file track-b-1.bin is not in the archive' },
    ]);

    const badIndex = project((p) => (p.surveys[0]!.tracks[0]!.scans[0]!.readings[0]!.ap = 7));
    expect((await refusal(importEsx(badIndex, { imageSize: image }))).issues[0]).toEqual({
      where: 'track-b-1.bin byte 7',
      field: 'networkId',
      message: 'refers to access point 7; the track lists 2',
    });

    const badStart = project((p) => (p.surveys[0]!.startTime = 'yesterday'));
    expect((await refusal(importEsx(badStart, { imageSize: image }))).issues[0]).toEqual({
      where: 'survey-s-1.json surveys[0]',
      field: 'startTime',
      message: 'expected an ISO 8601 timestamp',
    });
  });
});
