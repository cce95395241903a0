/**
 * A multipart file cut at the size limit ends like a complete one (busboy truncates it and sets
 * `truncated`). Passed through this, it fails instead, so the blob store discards it rather than
 * storing half a firmware image; it also counts the bytes that went through.
 */
import { Transform } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import { ApiError } from '../http/api-error.js';

export interface CountedStream extends Transform {
  readonly bytes: number;
}

export function failOnTruncation(part: MultipartFile, maxBytes: number): CountedStream {
  let bytes = 0;
  const tooLarge = () => new ApiError(413, `file: is larger than ${maxBytes} bytes`, { field: 'file' });
  const guard = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      done(null, chunk);
    },
    flush(done) {
      done(part.file.truncated ? tooLarge() : null);
    },
  });
  part.file.once('limit', () => guard.destroy(tooLarge()));
  // A broken request (client gone, malformed body) must fail the write, not end it early.
  part.file.once('error', (err) => guard.destroy(err));
  // If the write gives up early, the rest of the request must still be read, or it hangs.
  guard.once('close', () => {
    if (!part.file.readableEnded) part.file.resume();
  });
  part.file.pipe(guard);
  return Object.defineProperty(guard, 'bytes', { get: () => bytes }) as CountedStream;
}
