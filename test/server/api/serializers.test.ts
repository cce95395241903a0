import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { PageOf, Nullable, DateTime } from '../../../server/api/http/response-schemas.js';
import { buildSerializer, nullableInPlaceOfNullUnions } from '../../../server/api/http/serializers.js';
import { TrackSchema } from '../../../server/api/tracks/track-schema.js';

const route = { method: 'GET', url: '/api/floors/:floorId/tracks', httpStatus: '200' };

function track(index: number, processed: boolean) {
  const coverage = { surveyedCells: 1200, surveyedAreaM2: 300.5, percent: 81.2, signalPercent: 90.1, snrPercent: 88.8, servingPercent: 77.7, coChannelPercent: 12.5 };
  const at = '2026-01-01T00:00:00.000Z';
  return {
    id: `track-${index}`,
    floorId: 'floor-1',
    floorplanId: 'plan-1',
    name: `Walk ${index}`,
    source: 'upload',
    deviceId: null,
    fileName: 'walk.csv',
    format: 'csv',
    sampleCount: 10_000,
    networkCount: 16,
    pathPoints: 400,
    startTime: 1,
    endTime: 900.5,
    durationS: 899.5,
    status: processed ? 'processed' : 'failed',
    placed: true,
    failureReason: processed ? null : 'The file has no samples',
    queuedAt: processed ? at : null,
    startedAt: processed ? at : null,
    finishedAt: processed ? at : null,
    processingMs: processed ? 320 : null,
    result: processed
      ? {
          method: { interpolation: 'idw', power: 2, radiusM: 8, cellSizeM: 0.5 },
          grid: { cellSizeM: 0.5, cols: 160, rows: 80, metresPerPixel: 0.05 },
          calibrated: false,
          layers: [{ technology: 'wifi-5', networks: 5, noiseAssumed: true, coverage }],
        }
      : null,
    createdBy: index % 2 ? 'user-1' : null,
    createdAt: at,
    updatedAt: at,
  };
}

describe('response serializers', () => {
  it('write the same bytes as fast-json-stringify on the published schema, nulls included', () => {
    const schema = PageOf(TrackSchema);
    const page = { items: [track(1, true), track(2, false), track(3, true)], page: 1, perPage: 25, total: 3 };
    const published = SerializerSelector()(undefined, {})({ ...route, schema });
    const ours = buildSerializer(undefined, {})({ ...route, schema });
    expect(ours(page)).toBe(published(page));
    expect(JSON.parse(ours(page))).toEqual(page);
  });

  it('turn a union with null into a nullable field and leave the published schema as it was', () => {
    const schema = Type.Object({
      at: Nullable(DateTime, { description: 'When' }),
      count: Nullable(Type.Integer()),
      role: Nullable(Type.Union([Type.Literal('owner'), Type.Literal('viewer')])),
    });
    const before = JSON.stringify(schema);
    const rewritten = nullableInPlaceOfNullUnions(schema) as { properties: Record<string, unknown> };
    expect(rewritten.properties.at).toEqual({ type: 'string', format: 'date-time', description: 'When', nullable: true });
    expect(rewritten.properties.count).toEqual({ type: 'integer', nullable: true });
    // A union inside stays a union: fast-json-stringify would not read `nullable` beside it.
    expect(rewritten.properties.role).toEqual(JSON.parse(JSON.stringify(schema.properties.role)));
    expect(JSON.stringify(schema)).toBe(before);

    const serialize = buildSerializer(undefined, {})({ ...route, schema });
    expect(serialize({ at: null, count: null, role: null })).toBe('{"at":null,"count":null,"role":null}');
    expect(serialize({ at: '2026-01-01T00:00:00.000Z', count: 3, role: 'viewer' })).toBe('{"at":"2026-01-01T00:00:00.000Z","count":3,"role":"viewer"}');
  });
});
