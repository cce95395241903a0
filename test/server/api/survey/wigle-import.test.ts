import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { TrackImportError } from '../../../../server/api/tracks/import/import-error.js';
import { importWigle, WIGLE_NOT_PLACEABLE } from '../../../../server/api/tracks/import/formats/wigle.js';
import { WIGLE_14, WIGLE_16 } from './fixtures/wigle.js';

async function refusal(text: string): Promise<TrackImportError> {
  // In small pieces, as an upload arrives.
  const chunks = text.match(/[\s\S]{1,7}/g) ?? [];
  try {
    await importWigle(Readable.from(chunks.map((c) => Buffer.from(c))));
  } catch (err) {
    expect(err).toBeInstanceOf(TrackImportError);
    return err as TrackImportError;
  }
  throw new Error('expected the import to be refused');
}

describe('WiGLE CSV', () => {
  it('recognises versions 1.4 and 1.6 and refuses them: there is no geographic reference to place them by', async () => {
    for (const file of [WIGLE_14, WIGLE_16]) {
      expect((await refusal(file)).issues).toEqual([{ where: 'file', field: 'CurrentLatitude', message: WIGLE_NOT_PLACEABLE }]);
    }
  });

  it('names a wrong pre-header, an unknown version and missing columns', async () => {
    expect((await refusal(WIGLE_14.replace('WigleWifi-1.4', 'WigleWiFi 1.4'))).issues[0]).toMatchObject({ where: 'line 1', field: 'file' });
    expect((await refusal(WIGLE_14.replace('WigleWifi-1.4', 'WigleWifi-2.0'))).issues[0]).toEqual({
      where: 'line 1',
      field: 'file',
      message: 'WiGLE format version 2.0 is not read (1.4 and 1.6 are)',
    });
    const noRssi = await refusal(WIGLE_16.replace(',RSSI,', ',Signal,'));
    expect(noRssi.issues[0]).toMatchObject({ where: 'line 2', field: 'RSSI', message: expect.stringMatching(/^the WiGLE column header lacks RSSI/) });
    expect((await refusal('WigleWifi-1.6,appRelease=1')).issues[0]).toMatchObject({ where: 'line 2', field: 'MAC' });
  });
});
