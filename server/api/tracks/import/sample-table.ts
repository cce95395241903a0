/**
 * A track's samples, column by column in typed arrays: a 100 000-sample track is a few MB and
 * processing walks the columns without allocating an object per sample. Text fields that repeat
 * (BSSID, SSID, channel...) live once in `networks`; a sample points at its network by index.
 */

export interface TrackNetwork {
  technology: string;
  /** BSSID for Wi-Fi (lower-case, colon separated), cell id for cellular. */
  networkId: string;
  /** SSID or operator; empty when hidden or unknown. */
  name: string;
  channel: number;
  /** Centre frequency in MHz; 0 when unknown. */
  frequencyMHz: number;
  band: string;
}

export interface SampleColumns {
  count: number;
  /** Seconds, on whatever clock the file used (epoch seconds for ISO timestamps). */
  time: Float64Array;
  /** Position in floor-plan pixels. */
  x: Float32Array;
  y: Float32Array;
  network: Uint32Array;
  signalDbm: Float32Array;
  /** NaN when the sample has none. */
  noiseDbm: Float32Array;
  /** Mbit/s; NaN when the sample has none. */
  throughputMbps: Float32Array;
}

export interface SampleTable extends SampleColumns {
  networks: TrackNetwork[];
  /**
   * How nmcli's signal percentages became dBm when the samples were read: `linear` is
   * NetworkManager's own mapping (−100 + 0.6 · q); `offset120` is the `q − 120` of tables stored
   * before it (processing/nmcli-levels.ts corrects those). Absent on a table being built.
   */
  nmcliLevels?: 'linear' | 'offset120';
}

export function networkKey(n: Pick<TrackNetwork, 'technology' | 'networkId' | 'channel'>): string {
  return `${n.technology}|${n.networkId}|${n.channel}`;
}

/** Grows by doubling; `finish` trims to the rows appended. */
export class SampleTableBuilder {
  private capacity: number;
  private cols: SampleColumns;
  readonly networks: TrackNetwork[] = [];
  private readonly networkIndex = new Map<string, number>();

  constructor(initialCapacity = 1024) {
    this.capacity = Math.max(16, initialCapacity);
    this.cols = allocate(this.capacity);
  }

  get count(): number {
    return this.cols.count;
  }

  networkFor(network: TrackNetwork): number {
    const key = networkKey(network);
    let index = this.networkIndex.get(key);
    if (index === undefined) {
      index = this.networks.length;
      this.networks.push(network);
      this.networkIndex.set(key, index);
    }
    return index;
  }

  /** Pixel position may be NaN here, to be filled from the walked path. */
  append(time: number, x: number, y: number, network: number, signalDbm: number, noiseDbm: number, throughputMbps: number): void {
    if (this.cols.count === this.capacity) this.grow();
    const c = this.cols;
    const i = c.count++;
    c.time[i] = time;
    c.x[i] = x;
    c.y[i] = y;
    c.network[i] = network;
    c.signalDbm[i] = signalDbm;
    c.noiseDbm[i] = noiseDbm;
    c.throughputMbps[i] = throughputMbps;
  }

  finish(): SampleTable {
    const n = this.cols.count;
    const c = this.cols;
    return {
      count: n,
      time: c.time.slice(0, n),
      x: c.x.slice(0, n),
      y: c.y.slice(0, n),
      network: c.network.slice(0, n),
      signalDbm: c.signalDbm.slice(0, n),
      noiseDbm: c.noiseDbm.slice(0, n),
      throughputMbps: c.throughputMbps.slice(0, n),
      networks: this.networks,
    };
  }

  private grow(): void {
    const next = allocate(this.capacity * 2);
    const c = this.cols;
    next.time.set(c.time);
    next.x.set(c.x);
    next.y.set(c.y);
    next.network.set(c.network);
    next.signalDbm.set(c.signalDbm);
    next.noiseDbm.set(c.noiseDbm);
    next.throughputMbps.set(c.throughputMbps);
    next.count = c.count;
    this.cols = next;
    this.capacity *= 2;
  }
}

function allocate(capacity: number): SampleColumns {
  return {
    count: 0,
    time: new Float64Array(capacity),
    x: new Float32Array(capacity),
    y: new Float32Array(capacity),
    network: new Uint32Array(capacity),
    signalDbm: new Float32Array(capacity),
    noiseDbm: new Float32Array(capacity),
    throughputMbps: new Float32Array(capacity),
  };
}

const COLUMNS = ['time', 'x', 'y', 'network', 'signalDbm', 'noiseDbm', 'throughputMbps'] as const;

/**
 * A compact binary form for storage: a JSON header (networks, count) then each column's bytes.
 * Little-endian throughout, as typed arrays are on every platform Node runs on.
 */
export function encodeSampleTable(table: SampleTable): Buffer {
  // Every table encoded now holds nmcli levels read the linear way (or none at all).
  const header = Buffer.from(JSON.stringify({ v: 1, count: table.count, networks: table.networks, nmcli: 'linear' }), 'utf8');
  const parts: Buffer[] = [];
  const length = Buffer.alloc(4);
  length.writeUInt32LE(header.length, 0);
  parts.push(length, header);
  // Pad so every column starts 8-byte aligned and can be viewed in place when decoding.
  const pad = (8 - ((4 + header.length) % 8)) % 8;
  parts.push(Buffer.alloc(pad));
  for (const name of COLUMNS) {
    const col = table[name];
    parts.push(Buffer.from(col.buffer, col.byteOffset, col.byteLength));
    const extra = (8 - (col.byteLength % 8)) % 8;
    if (extra) parts.push(Buffer.alloc(extra));
  }
  return Buffer.concat(parts);
}

export function decodeSampleTable(bytes: Uint8Array): SampleTable {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = buf.readUInt32LE(0);
  const header = JSON.parse(buf.subarray(4, 4 + headerLength).toString('utf8')) as { v: number; count: number; networks: TrackNetwork[]; nmcli?: 'linear' };
  if (header.v !== 1) throw new Error(`Unknown sample table version ${header.v}`);
  const n = header.count;
  // Copy the columns once into a fresh (so aligned) buffer, then view them in place.
  const columnsStart = 4 + headerLength + ((8 - ((4 + headerLength) % 8)) % 8);
  const body = new Uint8Array(buf.length - columnsStart);
  body.set(buf.subarray(columnsStart));
  let offset = 0;
  const take = <T>(make: (b: ArrayBuffer, o: number, l: number) => T, bytesPer: number): T => {
    const view = make(body.buffer, offset, n);
    offset += n * bytesPer;
    offset += (8 - (offset % 8)) % 8;
    return view;
  };
  return {
    count: n,
    time: take((b, o, l) => new Float64Array(b, o, l), 8),
    x: take((b, o, l) => new Float32Array(b, o, l), 4),
    y: take((b, o, l) => new Float32Array(b, o, l), 4),
    network: take((b, o, l) => new Uint32Array(b, o, l), 4),
    signalDbm: take((b, o, l) => new Float32Array(b, o, l), 4),
    noiseDbm: take((b, o, l) => new Float32Array(b, o, l), 4),
    throughputMbps: take((b, o, l) => new Float32Array(b, o, l), 4),
    networks: header.networks,
    nmcliLevels: header.nmcli ?? 'offset120',
  };
}
