/**
 * Finished answers of the datasets route, as the bytes sent, keyed by the route and the ETag.
 * The ETag names the processing run (its end and input) and the query, and a run's grids never
 * change, so an answer stays true on every instance until the track is processed again, which
 * changes the key. A page of grids is the largest answer a screen reads: serialising it again
 * for every viewer cost more CPU than everything else in the request, and compressing it for
 * every browser would cost more again, so the gzip form is kept beside the JSON.
 */
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';

const gzipped = promisify(gzip);

/** Bytes kept per process (about a hundred floors' worth of grids). */
const MAX_BYTES = 32 * 1024 * 1024;

/** Made by the `fetch` that missed; readers asking meanwhile wait for it, and a failure is not kept. */
const answers = new LRUCache<string, Buffer, () => Promise<Buffer>>({
  maxSize: MAX_BYTES,
  sizeCalculation: (bytes) => Math.max(1, bytes.length),
  fetchMethod: (_name, _stale, { context }) => context(),
});

export type AnswerEncoding = 'identity' | 'gzip';

/** The answer's bytes in `encoding`: `compute` gives its JSON text, once per key. */
export async function datasetAnswer(key: string, encoding: AnswerEncoding, compute: () => Promise<string>): Promise<Buffer> {
  const make = async () => (encoding === 'identity' ? Buffer.from(await compute()) : gzipped(await datasetAnswer(key, 'identity', compute)));
  const bytes = await answers.fetch(`${encoding} ${key}`, { context: make });
  if (!bytes) throw new Error('A dataset answer was dropped while it was being made');
  return bytes;
}
