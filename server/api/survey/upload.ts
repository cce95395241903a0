/** The one file of a multipart upload, in field `file`, with the text fields sent before it; and a look at its first bytes. */
import type { MultipartFile } from '@fastify/multipart';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { ApiError, badRequest } from '../http/api-error.js';

export async function uploadedFile(request: FastifyRequest, maxBytes: number): Promise<MultipartFile> {
  if (!request.isMultipart()) throw new ApiError(415, 'Send the file as multipart/form-data in a field named "file"');
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 64 * 1024 } });
  if (!part) throw badRequest('The field "file" is required');
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw badRequest(`The file must be sent in a field named "file", not "${part.fieldname}"`);
  }
  return part;
}

/** Buffers the file, refusing one over the limit with 413 (nothing is kept). */
export async function fileBytes(part: MultipartFile, maxBytes: number): Promise<Buffer> {
  try {
    return await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiError(413, `The file is larger than ${maxBytes} bytes`);
    throw err;
  }
}

export function textField(part: MultipartFile, name: string): string | undefined {
  const field = part.fields[name];
  const one = Array.isArray(field) ? field[0] : field;
  return one && one.type === 'field' && typeof one.value === 'string' ? one.value : undefined;
}

/**
 * The first `bytes` bytes of a stream (fewer if it ends sooner), and a stream of the whole content
 * from its start, to be read instead of the original.
 */
export async function peek(stream: Readable, bytes: number): Promise<{ head: Buffer; input: Readable }> {
  const iterator = stream[Symbol.asyncIterator]();
  const taken: Buffer[] = [];
  let length = 0;
  while (length < bytes) {
    const next = await iterator.next();
    if (next.done) break;
    const chunk = next.value as Buffer;
    taken.push(chunk);
    length += chunk.length;
  }
  const input = Readable.from(
    (async function* () {
      yield* taken;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value as Buffer;
    })(),
  );
  return { head: Buffer.concat(taken).subarray(0, bytes), input };
}
