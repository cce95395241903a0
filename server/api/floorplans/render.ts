/**
 * From an uploaded floor plan to what the survey screens show: the image's pixel size (the
 * coordinate space of calibration, tracks and photos) and a display PNG.
 *
 * PDF: sharp's prebuilt binaries carry no PDF renderer, so the first page is drawn by pdf.js in a
 * child process (render-pdf.ts) at 4096 pixels on its longest side, and that PNG goes through the
 * same steps as an uploaded PNG: the plan's pixel size is the raster's.
 */
import type { SharpOptions } from 'sharp';
import { loadSharp } from '../sharp-on-demand.js';
import { FloorplanImageError } from './floorplan-image-error.js';
import type { FloorplanType } from './image-type.js';
import { renderPdfFirstPage } from './render-pdf.js';

export { FloorplanImageError };

/** Display images are bounded: a 20 000-pixel scan is shown at most this wide or high. */
export const MAX_DISPLAY_SIDE = 4096;
/** Larger decoded images are refused rather than exhausting memory (about 400 megapixels). */
const PIXEL_LIMIT = 20_000 * 20_000;

export interface RenderedFloorplan {
  width: number;
  height: number;
  /** PNG, longest side at most MAX_DISPLAY_SIDE. */
  display: Buffer;
  displayWidth: number;
  displayHeight: number;
}

export async function renderFloorplan(bytes: Buffer, type: FloorplanType): Promise<RenderedFloorplan> {
  if (type === 'pdf') return renderImage(await renderPdfFirstPage(bytes), 'PDF');
  return renderImage(bytes, type.toUpperCase());
}

/** `label` names the uploaded format in the reasons given for a refusal. */
async function renderImage(bytes: Buffer, label: string): Promise<RenderedFloorplan> {
  const options: SharpOptions = { limitInputPixels: PIXEL_LIMIT, failOn: 'error' };
  const sharp = await loadSharp();
  let width: number;
  let height: number;
  try {
    // `autoOrient` applies EXIF orientation so the pixel space is the one people see.
    const meta = await sharp(bytes, { ...options, autoOrient: true }).metadata();
    width = meta.autoOrient?.width ?? meta.width ?? 0;
    height = meta.autoOrient?.height ?? meta.height ?? 0;
  } catch (err) {
    throw new FloorplanImageError(400, `The file is not a readable ${label} image: ${(err as Error).message}`);
  }
  if (!width || !height) throw new FloorplanImageError(400, `The ${label} image has no size`);
  try {
    const { data, info } = await sharp(bytes, { ...options, autoOrient: true })
      .resize({ width: MAX_DISPLAY_SIDE, height: MAX_DISPLAY_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .png({ compressionLevel: 6 })
      .toBuffer({ resolveWithObject: true });
    return { width, height, display: data, displayWidth: info.width, displayHeight: info.height };
  } catch (err) {
    throw new FloorplanImageError(400, `The ${label} image could not be rendered: ${(err as Error).message}`);
  }
}
