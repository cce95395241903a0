import { describe, expect, it } from 'vitest';
import type { NamedNetwork } from '../../web/lib/api-types.js';
import { technologySummaries } from '../../web/survey/statistics/technology-summary.js';

const named = (technology: string, name: string, networkIds: number): NamedNetwork => ({
  technology,
  name,
  networkIds,
  bands: [],
  channels: [],
  samples: 1,
  maxSignalDbm: -50,
  floors: 1,
});
const technologies = [
  { id: 'wifi5', name: 'Wi-Fi 5' },
  { id: 'wifi6', name: 'Wi-Fi 6' },
  { id: 'lte', name: '4G LTE' },
];

describe('technologySummaries', () => {
  it('adds up radios and names per technology and takes coverage from the project figures, in the API order', () => {
    const rows = technologySummaries(
      [named('wifi6', 'Office', 8), named('lte', 'Operator', 3), named('wifi6', '', 2), named('wifi5', 'Cafe', 2)],
      [
        { technology: 'wifi6', percent: 87.5, surveyedAreaM2: 640 },
        { technology: 'wifi5', percent: 12, surveyedAreaM2: 640 },
      ],
      technologies,
    );
    expect(rows).toEqual([
      { technology: 'wifi5', name: 'Wi-Fi 5', radios: 2, names: 1, coveragePercent: 12, surveyedAreaM2: 640 },
      { technology: 'wifi6', name: 'Wi-Fi 6', radios: 10, names: 2, coveragePercent: 87.5, surveyedAreaM2: 640 },
      { technology: 'lte', name: '4G LTE', radios: 3, names: 1, coveragePercent: null, surveyedAreaM2: null },
    ]);
  });

  it('keeps a technology the catalogue does not know, by its id, last', () => {
    const rows = technologySummaries([named('wifi9', 'Future', 1), named('wifi6', 'Office', 1)], [], technologies);
    expect(rows.map((r) => r.name)).toEqual(['Wi-Fi 6', 'wifi9']);
  });
});
