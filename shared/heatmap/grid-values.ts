/**
 * A dataset's grid as numbers: the API sends each grid as base64 of its typed array
 * (little-endian), with a value meaning "nobody measured near here". Decoded once per track and
 * kept, so switching views never waits for the network.
 */
import type { Dataset, GridSpec } from './wire-types.js';

export interface Layer {
  cols: number;
  rows: number;
  values: Int8Array | Uint8Array | Uint16Array;
  /** The encoded value meaning "no data"; null when every cell holds a value. */
  noData: number | null;
}

export function decodeLayer(dataset: Dataset, grid: GridSpec): Layer {
  if (dataset.values === undefined) throw new Error(`Dataset ${dataset.id} came without its values`);
  const binary = atob(dataset.values);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return layerFromBytes(dataset, grid, bytes);
}

/** The grid straight from its stored bytes: the server reads them from the database and need not base64 them first. */
export function layerFromBytes(dataset: Pick<Dataset, 'id' | 'encoding' | 'noData'>, grid: GridSpec, bytes: Uint8Array): Layer {
  const cells = grid.cols * grid.rows;
  const width = dataset.encoding === 'uint16le' ? 2 : 1;
  if (bytes.byteLength < cells * width) throw new Error(`Dataset ${dataset.id} holds ${Math.floor(bytes.byteLength / width)} cells, the grid ${cells}`);
  let values: Layer['values'];
  if (dataset.encoding === 'int8') values = new Int8Array(bytes.buffer, bytes.byteOffset, cells);
  else if (dataset.encoding === 'uint8') values = bytes.subarray(0, cells);
  else {
    // Little-endian on the wire; read explicitly rather than trust the platform's byte order.
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    values = new Uint16Array(cells);
    for (let i = 0; i < cells; i++) values[i] = view.getUint16(i * 2, true);
  }
  return { cols: grid.cols, rows: grid.rows, values, noData: dataset.noData };
}

/** The cell's value, or null where nothing was measured near enough. */
export function valueAt(layer: Layer, col: number, row: number): number | null {
  if (col < 0 || row < 0 || col >= layer.cols || row >= layer.rows) return null;
  const v = layer.values[row * layer.cols + col]!;
  return v === layer.noData ? null : v;
}
