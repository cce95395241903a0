/** A stored file as bytes (a plan's display image, a photo): these are read whole by sharp anyway. */
import type { SurveyBlobs } from '../survey/context.js';

export async function readBlob(blobs: SurveyBlobs, key: string): Promise<Buffer | undefined> {
  const stream = await blobs.get(key);
  if (!stream) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
