/**
 * The predicted layer's accuracy on an independent simulated office survey (test/support/office-survey.ts):
 * uploaded as CSV through the importer, processed with the drawn walls, scored at 3 000 held-out
 * points against the true local mean. The table printed here is the one in docs/heatmap-processing.md.
 */
import { describe, expect, it } from 'vitest';
import { importCsvText } from '../../../../server/api/tracks/import/import-track.js';
import { processTrack } from '../../../../server/api/tracks/processing/process-track.js';
import { heldOutPoints, officeSurvey } from '../../../support/office-survey.js';
import { scoreOffice, scoreTable } from '../../../support/office-survey-score.js';

describe('predicted layer on a simulated office survey', () => {
  it('meets the accuracy goals and states an honest uncertainty', async () => {
    const survey = officeSurvey({ seed: 18 });
    const track = await importCsvText(survey.csv, { imageSize: survey.image });
    const started = performance.now();
    const result = processTrack(track.samples, { image: survey.image, metresPerPixel: survey.metresPerPixel, calibrated: true, walls: survey.walls });
    const ms = performance.now() - started;
    const scores = scoreOffice(survey, result, heldOutPoints(19, 3000));
    console.log(`${survey.readings} readings, ${result.networks.length} networks, processed in ${ms.toFixed(0)} ms\n${scoreTable(scores)}`);
    const [near, beside, far] = scores;
    expect(near!.predicted.drawn).toBe(100);
    expect(far!.predicted.drawn).toBe(100);
    expect(near!.predicted.mae).toBeLessThanOrEqual(2.0);
    expect(beside!.predicted.mae).toBeLessThanOrEqual(3.5);
    expect(far!.predicted.mae).toBeLessThanOrEqual(5.0);
    for (const s of scores) {
      expect(s.predicted.withinSigma).toBeGreaterThanOrEqual(55);
      expect(s.predicted.withinSigma).toBeLessThanOrEqual(80);
    }
    // The measured layer stays honest: beyond 5 m of the route only the surveyor's sideways wander reaches (IDW radius 5 m).
    expect(far!.measured.drawn).toBeLessThan(10);
  });
});
