/** The datasets route's finished answers: made once per key, whoever asks at the same moment. */
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { datasetAnswer } from '../../../server/api/tracks/dataset-answers.js';

const grids = JSON.stringify({ items: [{ kind: 'signal', values: Array.from({ length: 500 }, (_, i) => -40 - (i % 50)) }] });

describe('dataset answers', () => {
  it('serialises once for viewers who open the same grids together, in either encoding', async () => {
    let made = 0;
    const compute = async () => (made++, grids);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => datasetAnswer('together', i % 2 ? 'gzip' : 'identity', compute)));
    expect(made).toBe(1);
    expect(answers[0]!.toString()).toBe(grids);
    expect(gunzipSync(answers[1]!).toString()).toBe(grids);
    expect(await datasetAnswer('together', 'gzip', compute)).toBe(answers[1]);
    expect(made).toBe(1);
  });

  it('keeps nothing from a failure: the next viewer gets a fresh try', async () => {
    let tries = 0;
    const failing = async () => {
      tries++;
      throw new Error('the database went away');
    };
    const both = await Promise.allSettled([datasetAnswer('failed', 'gzip', failing), datasetAnswer('failed', 'gzip', failing)]);
    expect(both.map((one) => one.status)).toEqual(['rejected', 'rejected']);
    expect(tries).toBe(1);
    expect((await datasetAnswer('failed', 'identity', async () => grids)).toString()).toBe(grids);
  });
});
