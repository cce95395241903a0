/**
 * The binary measurement file of an Ekahau survey (`track-<binaryFileId>.bin`). Ekahau does not
 * publish this layout; it is the one public tools write and read: big-endian, a header 02 01, then
 * scans, each `00` + int32 scan number, measurement records, and `10`. A record is `01`, tagged
 * fields, `09`: `02` int32 milliseconds since the survey started, `04` uint16 index into the
 * track's accessPointMeasurementIds, `05` int8 RSSI in dBm, `11` int32 centre frequency in MHz.
 * Anything else is refused rather than guessed at, naming the byte where it was met.
 */

export interface EsxMeasurement {
  /** Byte offset of the record, for messages. */
  offset: number;
  timeMs: number;
  apIndex: number;
  rssiDbm: number;
  /** 0 when the record has none. */
  frequencyMHz: number;
}

export type EsxTrackProblem = { offset: number; message: string };

const FIELD_BYTES: Record<number, number> = { 0x02: 4, 0x04: 2, 0x05: 1, 0x11: 4 };

function hex(tag: number): string {
  return `0x${tag.toString(16).padStart(2, '0')}`;
}

/** Decodes the whole file or returns the first problem (a layout error makes the rest unreadable). */
export function decodeEsxTrack(bytes: Buffer): { measurements: EsxMeasurement[] } | { problem: EsxTrackProblem } {
  if (bytes.length < 2 || bytes[0] !== 0x02 || bytes[1] !== 0x01) {
    return { problem: { offset: 0, message: 'does not start with the header 02 01 of an Ekahau measurement file' } };
  }
  const measurements: EsxMeasurement[] = [];
  const cutOff = (offset: number): { problem: EsxTrackProblem } => ({ problem: { offset, message: 'the file ends inside a scan: it is cut off' } });
  let pos = 2;
  let inScan = false;
  while (pos < bytes.length) {
    const tag = bytes[pos]!;
    if (tag === 0x00 && !inScan) {
      if (pos + 5 > bytes.length) return cutOff(pos);
      inScan = true;
      pos += 5;
    } else if (tag === 0x10 && inScan) {
      inScan = false;
      pos += 1;
    } else if (tag === 0x01 && inScan) {
      const offset = pos;
      pos += 1;
      const fields = new Map<number, number>();
      for (;;) {
        if (pos >= bytes.length) return cutOff(offset);
        const field = bytes[pos]!;
        if (field === 0x09) {
          pos += 1;
          break;
        }
        const width = FIELD_BYTES[field];
        if (width === undefined) return { problem: { offset: pos, message: `unknown field tag ${hex(field)} in a measurement record` } };
        if (pos + 1 + width > bytes.length) return cutOff(offset);
        const at = pos + 1;
        fields.set(field, width === 4 ? bytes.readInt32BE(at) : width === 2 ? bytes.readUInt16BE(at) : bytes.readInt8(at));
        pos = at + width;
      }
      const timeMs = fields.get(0x02);
      const apIndex = fields.get(0x04);
      const rssiDbm = fields.get(0x05);
      if (timeMs === undefined || apIndex === undefined || rssiDbm === undefined) {
        const missing = [timeMs === undefined && 'time', apIndex === undefined && 'access point', rssiDbm === undefined && 'signal'].filter(Boolean).join(', ');
        return { problem: { offset, message: `a measurement record without ${missing}` } };
      }
      measurements.push({ offset, timeMs, apIndex, rssiDbm, frequencyMHz: fields.get(0x11) ?? 0 });
    } else {
      return { problem: { offset: pos, message: `unexpected byte ${hex(tag)} ${inScan ? 'inside a scan' : 'between scans'}` } };
    }
  }
  if (inScan) return cutOff(pos);
  return { measurements };
}
