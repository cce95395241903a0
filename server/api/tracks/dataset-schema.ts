/**
 * A processed track's datasets on the wire: the response schema and the dataset type the reader
 * builds, derived from it. How the grids are encoded is in the descriptions, so the reference says it.
 */
import { Type, type Static } from 'typebox';
import { PageOf, Nullable } from '../http/response-schemas.js';
import { ColourStopSchema } from '../reporting/settings-schema.js';
import { GridSchema, MethodSchema } from './track-schema.js';

/**
 * `predicted` is a network's predicted layer (path-loss model with walls plus kriged residuals) over
 * the whole floor; `predictedSigma` its stated standard deviation per cell, in tenths of a dB.
 */
export const DATASET_KINDS = ['signal', 'predicted', 'predictedSigma', 'best', 'second', 'bestNetwork', 'snr', 'serving', 'coChannel'] as const;

const DatasetNetworkSchema = Type.Object({
  index: Type.Integer({ description: 'The network index bestNetwork grids refer to.' }),
  networkId: Type.String(),
  name: Type.String(),
  band: Type.String(),
  channel: Type.Integer(),
  frequencyMHz: Type.Number(),
  samples: Type.Integer(),
  minSignalDbm: Type.Number(),
  meanSignalDbm: Type.Number(),
  maxSignalDbm: Type.Number(),
  meanNoiseDbm: Nullable(Type.Number()),
  meanThroughputMbps: Nullable(Type.Number()),
  cells: Type.Integer({ description: 'Cells with an interpolated value.' }),
  coveredCells: Type.Integer({ description: "Cells at or above the layer's minimum signal." }),
  coveragePercent: Type.Number(),
});

export const DatasetSchema = Type.Object({
  id: Type.String(),
  kind: Type.Enum(DATASET_KINDS),
  technology: Type.String(),
  unit: Type.Enum(['dBm', 'dB', '0.1dB', 'count', 'index']),
  encoding: Type.Enum(['int8', 'uint8', 'uint16le']),
  noData: Nullable(Type.Integer({ description: 'The value meaning "no data" in this encoding, if any.' })),
  network: Type.Optional(DatasetNetworkSchema),
  colourScale: Type.Optional(Type.Array(ColourStopSchema)),
  values: Type.Optional(Type.String({ contentEncoding: 'base64', description: 'With include=values: base64 of the grid, cols × rows cells in the encoding (little-endian).' })),
});
export type Dataset = Static<typeof DatasetSchema>;
export type DatasetKind = Dataset['kind'];

export const DatasetPageSchema = Type.Object({ grid: GridSchema, method: MethodSchema, calibrated: Type.Boolean(), ...PageOf(DatasetSchema).properties });
