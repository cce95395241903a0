/** Scan captures as saved (fixtures/captures.ts): each style imports, with NetworkManager's signal mapping. */
import { describe, expect, it } from 'vitest';
import { TrackImportError } from '../../../../server/api/tracks/import/import-error.js';
import { detectFormat } from '../../../../server/api/tracks/import/import-track.js';
import { importScanLog, nmcliPercentToDbm } from '../../../../server/api/tracks/import/formats/scan-log.js';
import { IW_EHT, IW_SESSION, NMCLI_GET_VALUES, NMCLI_OLD_TABLE, NMCLI_TABLE, NMCLI_TERSE, NMCLI_TIMED_LOOP } from './fixtures/captures.js';

const options = { imageSize: { width: 1000, height: 500 }, allowUnplaced: true };

function refusal(fn: () => unknown): TrackImportError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(TrackImportError);
    return err as TrackImportError;
  }
  throw new Error('expected the import to be refused');
}

const networks = (text: string) => importScanLog(text, options).samples.networks.map((n) => [n.networkId, n.name, n.technology, n.band, n.channel]);
/** Stored in 32-bit floats: compared to the tenth of a dB they were read to. */
const tenths = (values: ArrayLike<number>) => Array.from(values, (v) => Math.round(v * 10) / 10);
const levels = (text: string) => tenths(importScanLog(text, options).samples.signalDbm);

describe("nmcli's percentage", () => {
  it("is read back with NetworkManager's linear mapping from −100 dBm (0 %) to −40 dBm (100 %)", () => {
    expect([0, 30, 50, 70, 95, 100].map(nmcliPercentToDbm)).toEqual([-100, -82, -70, -58, -43, -40]);
    // A tenth of a dB: no float noise from 0.6 · q.
    expect(nmcliPercentToDbm(71)).toBe(-57.4);
    expect(nmcliPercentToDbm(33)).toBe(-80.2);
  });
});

describe('captures as saved', () => {
  it('iw with its prompt and command line: Wi-Fi 6 from the HE block, Wi-Fi 4 from HT alone', () => {
    const track = importScanLog(IW_SESSION, options);
    expect(networks(IW_SESSION)).toEqual([
      ['3c:84:6a:10:20:31', 'Werkstatt', 'wifi6', '5GHz', 36],
      ['3c:84:6a:10:20:30', 'Werkstatt', 'wifi4', '2.4GHz', 6],
    ]);
    expect(Array.from(track.samples.signalDbm)).toEqual([-43, -61]);
    expect(track.placed).toBe(false);
    expect(Array.from(track.samples.x).every(Number.isNaN)).toBe(true);
    // The prompt left at the end of the paste.
    expect(track.skipped).toEqual({ count: 1, lines: [{ where: `line ${IW_SESSION.split('\n').length}`, field: 'file', message: 'a shell prompt' }] });
  });

  it('iw with EHT and HE blocks on 6 and 5 GHz, and a VHT-only radio: Wi-Fi 7, 6 and 5', () => {
    expect(networks(IW_EHT)).toEqual([
      ['a8:42:a1:00:b7:e2', 'Labor-7', 'wifi7', '6GHz', 33],
      ['a8:42:a1:00:b7:e1', 'Labor-6', 'wifi6', '5GHz', 100],
      ['a8:42:a1:00:b7:e0', 'Labor-5', 'wifi5', '5GHz', 149],
    ]);
    expect(levels(IW_EHT)).toEqual([-58, -66, -71]);
  });

  it('nmcli -t -f with the field list taken from the command line, escapes and all', () => {
    expect(networks(NMCLI_TERSE)).toEqual([
      ['3c:84:6a:10:20:31', 'Werkstatt', 'wifi4', '5GHz', 36],
      ['3c:84:6a:10:20:30', 'Werkstatt', 'wifi4', '2.4GHz', 6],
      ['3c:84:6a:10:20:40', 'Büro:2', 'wifi4', '5GHz', 100],
    ]);
    expect(levels(NMCLI_TERSE)).toEqual([-43, -61, -82]);
  });

  it('nmcli -g, fields in the order given', () => {
    expect(networks(NMCLI_GET_VALUES)).toEqual([
      ['3c:84:6a:10:20:31', 'Werkstatt', 'wifi4', '5GHz', 36],
      ['3c:84:6a:10:20:30', 'Werkstatt', 'wifi4', '2.4GHz', 6],
    ]);
    expect(levels(NMCLI_GET_VALUES)).toEqual([-43, -61]);
  });

  it("nmcli's default table, read by its header row: SSIDs with spaces, a hidden network", () => {
    expect(networks(NMCLI_TABLE)).toEqual([
      ['3c:84:6a:10:20:31', 'Werkstatt', 'wifi4', '5GHz', 36],
      ['3c:84:6a:10:20:30', 'Werkstatt', 'wifi4', '2.4GHz', 6],
      ['3c:84:6a:10:20:40', 'Gäste Netz 2', 'wifi4', '5GHz', 100],
      ['3c:84:6a:10:20:41', '', 'wifi4', '2.4GHz', 11],
    ]);
    expect(levels(NMCLI_TABLE)).toEqual([-43, -61, -82, -92.8]);
  });

  it('a timed loop: times from date -Iseconds, the common terse fields of -t, the loop and ^C skipped', () => {
    const track = importScanLog(NMCLI_TIMED_LOOP, options);
    const t0 = Date.parse('2026-05-01T08:00:00Z') / 1000;
    expect(Array.from(track.samples.time)).toEqual([t0, t0, t0 + 5, t0 + 11, t0 + 11]);
    expect(tenths(track.samples.signalDbm)).toEqual([-43, -61, -52, -68.8, -76]);
    expect(track.skipped?.lines.map((l) => l.where)).toEqual(['line 10']);
    expect(track.startTime).toBe(t0);
    expect(track.endTime).toBe(t0 + 11);
  });

  it('without any time, scans are numbered: a new one at each command line or network heard again', () => {
    const twice = `${IW_SESSION}\n${IW_SESSION}\n${NMCLI_TABLE}`;
    const track = importScanLog(twice, options);
    expect(Array.from(track.samples.time)).toEqual([0, 0, 1, 1, 2, 2, 2, 2]);
    // Concatenated without a command line between: the BSSID heard again starts scan 1.
    const run = IW_SESSION.split('\n').slice(1, -1).join('\n');
    expect(Array.from(importScanLog(`${run}\n${run}\n${run}`, options).samples.time)).toEqual([0, 0, 1, 1, 2, 2]);
  });

  it('refuses what cannot be read, naming the line and what to run instead', () => {
    expect(refusal(() => importScanLog(NMCLI_OLD_TABLE, options)).issues).toEqual([
      {
        where: 'line 1',
        field: 'file',
        message: 'this nmcli table has no BSSID column: run nmcli -t -f BSSID,SSID,CHAN,FREQ,SIGNAL dev wifi list instead (LC_ALL=C if nmcli prints translated headers)',
      },
    ]);
    const text = [
      '$ nmcli -m multiline dev wifi list',
      'IN-USE:                                 *',
      '$ nmcli -t -f all dev wifi',
      '$ sudo iwlist wlan0 scan',
      'wlan0     Scan completed :',
      '$ nmcli -t -f SSID,SIGNAL dev wifi list',
      'Werkstatt:95',
    ].join('\n');
    expect(refusal(() => importScanLog(text, options)).issues).toEqual([
      { where: 'line 1', field: 'file', message: "nmcli's multiline mode (-m multiline) is not read: run nmcli -t -f BSSID,SSID,CHAN,FREQ,SIGNAL dev wifi list instead" },
      {
        where: 'line 3',
        field: 'file',
        message: '-f all lists different fields in each nmcli version; name them: run nmcli -t -f BSSID,SSID,CHAN,FREQ,SIGNAL dev wifi list instead',
      },
      { where: 'line 4', field: 'file', message: "iwlist's output is not read: run sudo iw dev wlan0 scan instead" },
      { where: 'line 6', field: 'file', message: 'the fields SSID,SIGNAL lack BSSID and FREQ or CHAN: run nmcli -t -f BSSID,SSID,CHAN,FREQ,SIGNAL dev wifi list instead' },
    ]);
    // Terse lines of another field count than the command line's.
    const wrong = refusal(() => importScanLog('$ nmcli -t -f BSSID,SIGNAL,FREQ dev wifi\n3C\\:84\\:6A\\:10\\:20\\:31:95', options));
    expect(wrong.issues[0]).toEqual({ where: 'line 2', field: 'file', message: expect.stringMatching(/^has 2 nmcli fields; 3 are declared \(BSSID,SIGNAL,FREQ\)/) });
  });

  it('is recognised by its content whatever the file is called', () => {
    for (const capture of [IW_SESSION, IW_EHT, NMCLI_TERSE, NMCLI_GET_VALUES, NMCLI_TABLE, NMCLI_OLD_TABLE, NMCLI_TIMED_LOOP]) {
      expect(detectFormat('capture.csv', 'text/csv', capture.slice(0, 1024))).toBe('scanlog');
    }
    // Output saved without its command line.
    expect(detectFormat('scan.txt', undefined, NMCLI_TERSE.split('\n').slice(1).join('\n'))).toBe('scanlog');
    expect(detectFormat('scan.txt', undefined, NMCLI_TABLE.split('\n').slice(1).join('\n'))).toBe('scanlog');
    expect(detectFormat('walk.csv', undefined, 'time,x,y,bssid,signal\n0,1,1,0a:1b:2c:3d:4e:5f,-50')).toBe('csv');
  });
});
