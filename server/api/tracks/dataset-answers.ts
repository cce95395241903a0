/**
 * Finished answers of the datasets route, as the JSON text sent, keyed by the route and the ETag.
 * The ETag names the processing run (its end and input) and the query, and a run's grids never
 * change, so an answer stays true on every instance until the track is processed again, which
 * changes the key. A page of grids is the largest answer a screen reads: serialising it again
 * for every viewer cost more CPU than everything else in the request.
 */
import { LRUCache } from 'lru-cache';

/** Bytes of answer text kept per process (about a hundred floors' worth of grids). */
const MAX_BYTES = 32 * 1024 * 1024;

const answers = new LRUCache<string, string>({ maxSize: MAX_BYTES, sizeCalculation: (text) => Math.max(1, text.length) });

export async function datasetAnswer(key: string, compute: () => Promise<string>): Promise<string> {
  const known = answers.get(key);
  if (known !== undefined) return known;
  const text = await compute();
  answers.set(key, text);
  return text;
}
