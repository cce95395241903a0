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

const answers = new LRUCache<string, Buffer>({ maxSize: MAX_BYTES, sizeCalculation: (bytes) => Math.max(1, bytes.length) });

export type AnswerEncoding = 'identity' | 'gzip';

/** Answers being made: viewers opening a floor together wait for one, not one each. */
const making = new Map<string, Promise<Buffer>>();

/** The answer's bytes in `encoding`: `compute` gives its JSON text, once per key. */
export function datasetAnswer(key: string, encoding: AnswerEncoding, compute: () => Promise<string>): Promise<Buffer> {
  const name = `${encoding} ${key}`;
  const known = answers.get(name);
  if (known) return Promise.resolve(known);
  const running = making.get(name);
  if (running) return running;
  const made = (async () => {
    const bytes = encoding === 'identity' ? Buffer.from(await compute()) : await gzipped(await datasetAnswer(key, 'identity', compute));
    answers.set(name, bytes);
    return bytes;
  })();
  making.set(name, made);
  const done = () => making.delete(name);
  made.then(done, done);
  return made;
}
