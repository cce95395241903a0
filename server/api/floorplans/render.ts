/**
 * From an uploaded floor plan to what the survey screens show: the image's pixel size (the
 * coordinate space of calibration, tracks and photos) and a display PNG.
 *
 * PDF: sharp's prebuilt binaries carry no PDF renderer, and the alternatives (pdf.js with a
 * canvas implementation, or poppler) would add a native dependency and a large attack surface
 * for one format. A PDF is therefore refused with 415 and a message asking for its first page
 * exported as PNG or SVG; a deployment whose libvips has PDF support accepts it (the first page
 * at 150 dpi), since sharp then reads it like any image.
 */
import sharp, { type SharpOptions } from 'sharp';
import type { FloorplanType } from './image-type.js';

/** Display images are bounded: a 20 000-pixel scan is shown at most this wide or high. */
export const MAX_DISPLAY_SIDE = 4096;
/** Larger decoded images are refused rather than exhausting memory (about 400 megapixels). */
const PIXEL_LIMIT = 20_000 * 20_000;

export class FloorplanImageError extends Error {
  override name = 'FloorplanImageError';
  constructor(
    readonly status: 400 | 415,
    message: string,
  ) {
    super(message);
  }
}

export interface RenderedFloorplan {
  width: number;
  height: number;
  /** PNG, longest side at most MAX_DISPLAY_SIDE. */
  display: Buffer;
  displayWidth: number;
  displayHeight: number;
}

export function pdfSupported(): boolean {
  return Boolean((sharp.format as unknown as Record<string, { input?: { buffer?: boolean } }>).pdf?.input?.buffer);
}

export async function renderFloorplan(bytes: Buffer, type: FloorplanType): Promise<RenderedFloorplan> {
  if (type === 'pdf' && !pdfSupported()) {
    throw new FloorplanImageError(415, 'PDF floor plans cannot be read by this server: export the first page as PNG, JPEG or SVG and upload that');
  }
  const options: SharpOptions = { limitInputPixels: PIXEL_LIMIT, failOn: 'error' };
  if (type === 'pdf') Object.assign(options, { density: 150, page: 0, pages: 1 });
  let width: number;
  let height: number;
  try {
    // `autoOrient` applies EXIF orientation so the pixel space is the one people see.
    const meta = await sharp(bytes, { ...options, autoOrient: true }).metadata();
    width = meta.autoOrient?.width ?? meta.width ?? 0;
    height = meta.autoOrient?.height ?? meta.height ?? 0;
  } catch (err) {
    throw new FloorplanImageError(400, `The file is not a readable ${type.toUpperCase()} image: ${(err as Error).message}`);
  }
  if (!width || !height) throw new FloorplanImageError(400, `The ${type.toUpperCase()} image has no size`);
  try {
    const { data, info } = await sharp(bytes, { ...options, autoOrient: true })
      .resize({ width: MAX_DISPLAY_SIDE, height: MAX_DISPLAY_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .png({ compressionLevel: 6 })
      .toBuffer({ resolveWithObject: true });
    return { width, height, display: data, displayWidth: info.width, displayHeight: info.height };
  } catch (err) {
    throw new FloorplanImageError(400, `The ${type.toUpperCase()} image could not be rendered: ${(err as Error).message}`);
  }
}
