/**
 * A track on the wire: the response schema and the types derived from it — the track the store
 * returns and the summary of its processing result, whose grid and coverage are the very types
 * processing computes, so a result cannot hold a field the answer would drop.
 */
import { Type, type Static } from 'typebox';
import { DateTime, Nullable } from '../http/response-schemas.js';

export const TRACK_STATUSES = ['imported', 'queued', 'processing', 'processed', 'failed'] as const;
/** The format of the file a track was imported from (docs/survey-formats.md). */
export const TRACK_FORMATS = ['csv', 'json', 'esx', 'wigle', 'scanlog'] as const;
export type TrackFormat = (typeof TRACK_FORMATS)[number];

export const GridSchema = Type.Object(
  {
    cellSizeM: Type.Number(),
    cols: Type.Integer(),
    rows: Type.Integer(),
    metresPerPixel: Type.Number({ description: 'Metres per image pixel.' }),
  },
  { description: "Square cells of cellSizeM metres along the image's own axes, row by row from its top-left corner." },
);
export type GridSpec = Static<typeof GridSchema>;

export const MethodSchema = Type.Object({ interpolation: Type.Literal('idw'), power: Type.Number(), radiusM: Type.Number(), cellSizeM: Type.Number() });
export type ProcessingMethod = Static<typeof MethodSchema>;

export const LayerCoverageSchema = Type.Object(
  {
    surveyedCells: Type.Integer(),
    surveyedAreaM2: Type.Number(),
    percent: Type.Number({ description: 'Share of surveyed cells meeting all thresholds, 0–100.' }),
    signalPercent: Type.Number(),
    secondaryPercent: Type.Optional(
      Type.Number({ description: 'Absent from results processed before the secondary-signal requirement existed; processing the track again adds it.' }),
    ),
    snrPercent: Type.Number(),
    servingPercent: Type.Number(),
    coChannelPercent: Type.Number(),
  },
  { description: 'Share of surveyed cells meeting all thresholds, and each one alone.' },
);
export type LayerCoverage = Static<typeof LayerCoverageSchema>;

export const TrackResultSchema = Type.Object({
  method: MethodSchema,
  grid: GridSchema,
  calibrated: Type.Boolean({ description: 'False when the plan was not calibrated and 5 cm per pixel was assumed.' }),
  layers: Type.Array(Type.Object({ technology: Type.String(), networks: Type.Integer(), noiseAssumed: Type.Boolean(), coverage: LayerCoverageSchema })),
});
export type TrackResultSummary = Static<typeof TrackResultSchema>;

export const TrackSchema = Type.Object({
  id: Type.String(),
  floorId: Type.String(),
  floorplanId: Type.String(),
  name: Type.String(),
  source: Type.Enum(['upload', 'device']),
  deviceId: Nullable(Type.String()),
  fileName: Type.String(),
  format: Type.Enum(TRACK_FORMATS),
  sampleCount: Type.Integer(),
  networkCount: Type.Integer(),
  pathPoints: Type.Integer(),
  placed: Type.Boolean({ description: 'False for a walk imported without positions: it is placed on the plan (PUT /api/tracks/{trackId}/positions) before it can be processed.' }),
  startTime: Type.Number({ description: 'Earliest sample time, seconds.' }),
  endTime: Type.Number({ description: 'Latest sample time, seconds.' }),
  durationS: Type.Number(),
  status: Type.Enum(TRACK_STATUSES),
  failureReason: Nullable(Type.String()),
  queuedAt: Nullable(DateTime),
  startedAt: Nullable(DateTime),
  finishedAt: Nullable(DateTime),
  processingMs: Nullable(Type.Integer()),
  result: Nullable(TrackResultSchema),
  createdBy: Nullable(Type.String()),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type Track = Static<typeof TrackSchema>;
export type TrackStatus = Track['status'];

export const SkippedLinesSchema = Type.Object(
  {
    count: Type.Integer({ description: 'How many lines the reader left out on purpose.' }),
    lines: Type.Array(Type.Object({ where: Type.String(), field: Type.String(), message: Type.String() }), { description: 'The first 20 of them, with why.' }),
  },
  { description: "Lines of the file left out on purpose (a scan log's prompt lines, other commands, comments)." },
);

/** The answer to an import: the track, and what of the file was left out, when anything was. */
export const ImportedTrackSchema = Type.Object({
  ...TrackSchema.properties,
  skipped: Type.Optional(SkippedLinesSchema),
  ekahauFloors: Type.Optional(
    Type.Array(Type.Object({ ekahauFloor: Type.String(), floorId: Type.String(), trackId: Type.String() }), {
      description:
        'An Ekahau project surveyed on several floors: one walk per Ekahau floor, on the project floor it was matched to. The answer is the walk on the floor uploaded to (else the first).',
    }),
  ),
});
export type ImportedTrackAnswer = Static<typeof ImportedTrackSchema>;
