/**
 * Stores a new floor plan from its bytes: checks the type, renders the display image, writes both
 * blobs, then the row. If the row cannot be written the blobs are removed, so a failure leaves
 * nothing behind. Used by the upload route and by the demo data.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { SurveyContext } from '../survey/context.js';
import { ApiError } from '../http/api-error.js';
import { MEDIA_TYPES, sniffFloorplanType, type FloorplanType } from './image-type.js';
import { FloorplanImageError, renderFloorplan, type RenderedFloorplan } from './render.js';
import { insertFloorplan, type Floorplan } from './store.js';

export async function renderOrRefuse(bytes: Buffer, type: FloorplanType): Promise<RenderedFloorplan> {
  try {
    return await renderFloorplan(bytes, type);
  } catch (err) {
    if (err instanceof FloorplanImageError) throw new ApiError(err.status, err.message);
    throw err;
  }
}

export async function createFloorplan(ctx: SurveyContext, floorId: string, bytes: Buffer, fileName: string | undefined): Promise<Floorplan> {
  const type = sniffFloorplanType(bytes.subarray(0, 2048));
  if (!type) throw new ApiError(415, 'A floor plan is a PNG, JPEG, SVG or PDF file; this file is none of them');
  const rendered = await renderOrRefuse(bytes, type);
  const id = randomUUID();
  const originalKey = `floorplans/${id}/original.${type}`;
  const displayKey = `floorplans/${id}/display-${Date.now()}.png`;
  await ctx.blobs.put(originalKey, bytes, MEDIA_TYPES[type]);
  try {
    await ctx.blobs.put(displayKey, rendered.display, 'image/png');
    return await insertFloorplan(
      ctx.db,
      {
        id,
        floorId,
        fileName: (fileName || `floorplan.${type}`).slice(0, 255),
        mediaType: MEDIA_TYPES[type],
        byteSize: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        width: rendered.width,
        height: rendered.height,
        originalKey,
        displayKey,
        displayWidth: rendered.displayWidth,
        displayHeight: rendered.displayHeight,
      },
      ctx.now(),
    );
  } catch (err) {
    await Promise.all([ctx.blobs.delete(originalKey), ctx.blobs.delete(displayKey)]);
    throw err;
  }
}
