/**
 * Statistics on the wire: the rows of the three statistics lists as response schemas, and the
 * types the store returns derived from them. (The project summary, `/stats`, is ProjectStatsSchema.)
 */
import { Type, type Static } from 'typebox';
import { Nullable } from '../http/response-schemas.js';

export const NetworkStatisticsSchema = Type.Object(
  {
    technology: Type.String(),
    networkId: Type.String({ description: 'BSSID or cell id.' }),
    name: Type.String(),
    band: Type.String(),
    channel: Type.Integer(),
    frequencyMHz: Type.Number(),
    tracks: Type.Integer(),
    samples: Type.Integer(),
    minSignalDbm: Type.Number(),
    meanSignalDbm: Type.Number({ description: 'Weighted by samples.' }),
    maxSignalDbm: Type.Number(),
    meanNoiseDbm: Nullable(Type.Number()),
    meanThroughputMbps: Nullable(Type.Number()),
    coveragePercent: Type.Number({ description: 'Cells at or above the minimum signal over surveyed cells, 0–100.' }),
  },
  { description: 'One network (technology, id, channel) across the processed tracks.' },
);
export type NetworkStatistics = Static<typeof NetworkStatisticsSchema>;

export const ChannelStatisticsSchema = Type.Object(
  {
    technology: Type.String(),
    band: Type.String(),
    channel: Type.Integer(),
    networks: Type.Integer(),
    samples: Type.Integer(),
    meanSignalDbm: Type.Number(),
    maxSignalDbm: Type.Number(),
    maxOverlap: Type.Integer({ description: 'Most networks of the channel heard together at one point, at the co-channel level or more.' }),
    meanOverlap: Type.Number(),
  },
  { description: 'One channel of a technology and band across the processed tracks.' },
);
export type ChannelStatistics = Static<typeof ChannelStatisticsSchema>;

export const NamedNetworkSchema = Type.Object(
  {
    technology: Type.String(),
    name: Type.String({ description: 'SSID or operator.' }),
    networkIds: Type.Integer({ description: 'Radios or cells carrying the name.' }),
    bands: Type.Array(Type.String()),
    channels: Type.Array(Type.Integer()),
    samples: Type.Integer(),
    maxSignalDbm: Type.Number(),
    floors: Type.Integer(),
  },
  { description: 'One network name (SSID or operator) of a technology.' },
);
export type NamedNetwork = Static<typeof NamedNetworkSchema>;
