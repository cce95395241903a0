/**
 * Reporting settings on the wire: the thresholds per technology a project reports against. One
 * schema validates a change, describes the answer and, through `Static`, is the type the
 * processing code reads (reporting/thresholds.ts).
 */
import { Type, type Static } from 'typebox';
import { DateTime, Nullable } from '../http/response-schemas.js';

export const ColourStopSchema = Type.Object(
  {
    dbm: Type.Number({ minimum: -150, maximum: 30, description: 'From this signal level (dBm) up, until the next stop.' }),
    colour: Type.String({ pattern: '^#[0-9a-fA-F]{6}$', description: 'CSS hex colour.' }),
  },
  { additionalProperties: false },
);

export const ThresholdsSchema = Type.Object(
  {
    minSignalDbm: Type.Number({ minimum: -150, maximum: 0, description: 'Best-server signal needed, dBm (RSSI for Wi-Fi, RSRP for cellular).' }),
    minSecondaryDbm: Type.Number({ minimum: -150, maximum: 0, description: 'Second-best server signal needed, dBm: a device can roam before it loses the first.' }),
    minSnrDb: Type.Number({ minimum: -30, maximum: 80, description: 'Signal over noise needed, dB.' }),
    minServing: Type.Integer({ minimum: 0, maximum: 50, description: 'Networks heard at or above minSignalDbm needed at a point (redundancy, roaming).' }),
    maxCoChannel: Type.Integer({ minimum: 0, maximum: 255, description: "At most this many other networks on the best server's channel may be heard at coChannelDbm or more." }),
    coChannelDbm: Type.Number({ minimum: -150, maximum: 0 }),
    bands: Type.Array(Type.String({ minLength: 1, maxLength: 16 }), { maxItems: 64, uniqueItems: true, description: 'Bands that count; empty means all.' }),
    colourScale: Type.Array(ColourStopSchema, { minItems: 2, maxItems: 16, description: 'Ascending by dbm.' }),
    minAreaPercent: Type.Number({ minimum: 0, maximum: 100, description: 'Share of the surveyed area (%) that must meet a requirement for the report to call it met.' }),
  },
  { additionalProperties: false },
);
/** A change may leave out what a client saved before it existed; the stored settings gain its default. */
export const ThresholdsChangeSchema = Type.Object(
  { ...ThresholdsSchema.properties, minAreaPercent: Type.Optional(ThresholdsSchema.properties.minAreaPercent) },
  { additionalProperties: false },
);
export type TechnologyThresholds = Static<typeof ThresholdsSchema>;
export type ColourStop = Static<typeof ColourStopSchema>;

export const ReportingSettingsSchema = Type.Object({
  projectId: Type.String(),
  settings: Type.Record(Type.String(), ThresholdsSchema, { description: 'Thresholds by technology id; defaults where the project set none.' }),
  updatedAt: Nullable(DateTime),
  updatedBy: Nullable(Type.String()),
});

export const NetworkTechnologiesSchema = Type.Object({
  items: Type.Array(Type.Object({ id: Type.String(), name: Type.String(), family: Type.String(), standard: Type.String(), bands: Type.Array(Type.String()) })),
  total: Type.Integer(),
});
