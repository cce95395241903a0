import { describe, expect, it } from 'vitest';
import { TrackImportError } from '../../../../server/api/tracks/import/import-error.js';
import { importScanLog } from '../../../../server/api/tracks/import/formats/scan-log.js';
import { iwEntry, nmcliLine, positionLine } from './fixtures/scan-logs.js';

const image = { width: 1000, height: 500 };

function refusal(fn: () => unknown): TrackImportError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(TrackImportError);
    return err as TrackImportError;
  }
  throw new Error('expected the import to be refused');
}

/** The file of these parts, and the line number (from 1) at which each part starts. */
function log(parts: string[]): { text: string; line: (part: number) => string } {
  const starts: number[] = [];
  let next = 1;
  for (const part of parts) {
    starts.push(next);
    next += part.split('\n').length;
  }
  return { text: parts.join('\n'), line: (part) => `line ${starts[part]!}` };
}

const office = { bssid: '0A:1B:2C:3D:4E:01', ssid: 'Office', freq: 5180, signalDbm: -54, caps: ['HT', 'VHT', 'HE'] };
const guest = { bssid: '0A:1B:2C:3D:4E:02', ssid: ' Guest\\Net ', freq: 2437, signalDbm: -71, caps: ['HT'] };
const lab = { bssid: '0A:1B:2C:3D:4E:03', ssid: 'Lab', freq: 6135, signalDbm: -63, caps: ['HE', 'EHT'] };

describe('scan logs: iw', () => {
  it('reads each block at its position, with SSID escapes, channel from the frequency and the generation from the capabilities', () => {
    const text = [
      '# Ground floor, laptop wlan0',
      positionLine(120, 340, '2026-05-01T10:00:00Z'),
      iwEntry(office),
      iwEntry(guest),
      '',
      positionLine(480.5, 340, '2026-05-01T10:00:20Z'),
      iwEntry({ ...office, signalDbm: -60 }),
      iwEntry(lab),
    ].join('\n');
    const track = importScanLog(text, { imageSize: image });
    const t0 = Date.parse('2026-05-01T10:00:00Z') / 1000;
    expect(track.samples.count).toBe(4);
    expect(track.samples.networks).toEqual([
      { technology: 'wifi6', networkId: '0a:1b:2c:3d:4e:01', name: 'Office', channel: 36, frequencyMHz: 5180, band: '5GHz' },
      // Names are trimmed, as in every format.
      { technology: 'wifi4', networkId: '0a:1b:2c:3d:4e:02', name: 'Guest\\Net', channel: 6, frequencyMHz: 2437, band: '2.4GHz' },
      { technology: 'wifi7', networkId: '0a:1b:2c:3d:4e:03', name: 'Lab', channel: 37, frequencyMHz: 6135, band: '6GHz' },
    ]);
    expect(Array.from(track.samples.network)).toEqual([0, 1, 0, 2]);
    expect(Array.from(track.samples.signalDbm)).toEqual([-54, -71, -60, -63]);
    expect(Array.from(track.samples.x)).toEqual([120, 120, 480.5, 480.5]);
    expect(Array.from(track.samples.y)).toEqual([340, 340, 340, 340]);
    expect(Array.from(track.samples.time)).toEqual([t0, t0, t0 + 20, t0 + 20]);
    expect(track.path).toEqual([]);
  });

  it('refuses a position off the plan, entries without a dBm signal, and output before the first position', () => {
    const file = log([
      iwEntry(office),
      positionLine(1200, 340, '0'),
      iwEntry(office),
      positionLine(10, 10, '5'),
      iwEntry(office).replace('signal: -54.00 dBm', 'signal: 70/100'),
      iwEntry(guest).replace(/\tsignal:.*\n/, ''),
      'command failed: Device or resource busy (-16)',
    ]);
    const err = refusal(() => importScanLog(file.text, { imageSize: image }));
    expect(err.issues).toEqual([
      { where: 'line 1', field: 'time', message: 'scan output before the first time or position line ("# at x=… y=… t=…", or a timestamp as date -Iseconds prints it)' },
      { where: file.line(1), field: 'x', message: '1200 is outside 0 to 1000' },
      { where: file.line(4), field: 'signal', message: '"signal: 70/100" is not in dBm (this driver reports its own scale)' },
      { where: file.line(5), field: 'signal', message: 'the entry has no "signal: … dBm" line' },
      { where: file.line(6), field: 'networkId', message: 'not a line of iw scan output (expected a "BSS" line or an indented line of its entry)' },
    ]);
  });

  it('refuses a position line without x, y and t, and a bad time', () => {
    const file = log(['# at x=1 y=2', iwEntry(office), '# at x=1 y=2 t=soon', iwEntry(office)]);
    const err = refusal(() => importScanLog(file.text, { imageSize: image }));
    expect(err.issues.map((i) => [i.where, i.field])).toEqual([
      ['line 1', 't'],
      [file.line(2), 'time'],
    ]);
  });
});

describe('scan logs: nmcli', () => {
  const fields = ['BSSID', 'SSID', 'CHAN', 'FREQ', 'SIGNAL'];
  const line = (bssid: string, ssid: string, chan: number, freq: number, signal: number | string) =>
    nmcliLine({ BSSID: bssid, SSID: ssid, CHAN: chan, FREQ: `${freq} MHz`, SIGNAL: signal }, fields);

  it('reads terse lines with escaped colons, turning the signal percentage into dBm, with the default or declared fields', () => {
    const text = [
      positionLine(100, 100, '0'),
      line('0A:1B:2C:3D:4E:01', 'Office', 36, 5180, 70),
      line('0A:1B:2C:3D:4E:02', 'a:b\\c', 6, 2437, 30),
      '# nmcli -t -f SSID,BSSID,FREQ,SIGNAL dev wifi list',
      positionLine(200, 100, '10'),
      nmcliLine({ SSID: 'Office', BSSID: '0A:1B:2C:3D:4E:01', FREQ: '5180 MHz', SIGNAL: 100 }, ['SSID', 'BSSID', 'FREQ', 'SIGNAL']),
      positionLine(300, 100, '20'),
      iwEntry(office),
    ].join('\n');
    const track = importScanLog(text, { imageSize: image });
    expect(track.samples.count).toBe(4);
    expect(track.samples.networks.map((n) => [n.networkId, n.name, n.channel, n.band, n.technology])).toEqual([
      ['0a:1b:2c:3d:4e:01', 'Office', 36, '5GHz', 'wifi4'],
      ['0a:1b:2c:3d:4e:02', 'a:b\\c', 6, '2.4GHz', 'wifi4'],
      ['0a:1b:2c:3d:4e:01', 'Office', 36, '5GHz', 'wifi6'],
    ]);
    // NetworkManager's percentage is linear from −100 dBm (0 %) to −40 dBm (100 %): 70 % is −58 dBm,
    // 30 % −82 dBm and 100 % −40 dBm.
    expect(Array.from(track.samples.signalDbm)).toEqual([-58, -82, -40, -54]);
    expect(Array.from(track.samples.x)).toEqual([100, 100, 200, 300]);
  });

  it('refuses bad percentages, frequencies, field counts and field declarations, naming the lines', () => {
    const text = [
      positionLine(100, 100, '0'),
      line('0A:1B:2C:3D:4E:01', 'Office', 36, 5180, 'strong'),
      line('0A:1B:2C:3D:4E:01', 'Office', 36, 5180, 130),
      nmcliLine({ BSSID: '0A:1B:2C:3D:4E:01', SSID: 'Office', CHAN: 36, FREQ: 'five GHz', SIGNAL: 50 }, fields),
      'Office:36:50',
      line('not-a-mac', 'Office', 36, 5180, 50),
      '# nmcli -t -f SSID,CHAN dev wifi list',
      iwEntry(office),
    ].join('\n');
    const err = refusal(() => importScanLog(text, { imageSize: image }));
    expect(err.issues).toEqual([
      { where: 'line 2', field: 'signal', message: `nmcli's SIGNAL is a percentage from 0 to 100, got "strong"` },
      { where: 'line 3', field: 'signal', message: `nmcli's SIGNAL is a percentage from 0 to 100, got "130"` },
      { where: 'line 4', field: 'frequency', message: 'expected a frequency like "2437 MHz", got "five GHz"' },
      { where: 'line 5', field: 'file', message: expect.stringMatching(/^has 3 nmcli fields; 5 are declared \(BSSID,SSID,CHAN,FREQ,SIGNAL\): put the command line/) },
      { where: 'line 6', field: 'networkId', message: 'a Wi-Fi network id is a BSSID like 0a:1b:2c:3d:4e:5f, got "not-a-mac"' },
      { where: 'line 7', field: 'file', message: 'the fields SSID,CHAN lack BSSID and SIGNAL: run nmcli -t -f BSSID,SSID,CHAN,FREQ,SIGNAL dev wifi list instead' },
    ]);
  });

  it('refuses a file with positions but no networks', () => {
    expect(refusal(() => importScanLog(positionLine(1, 1, '0'), { imageSize: image })).message).toMatch(/no samples/);
  });
});
