/**
 * An organisation's logo: one image in the blob store under a key named for the organisation,
 * normalised on upload to a PNG of bounded size (transparency kept), so the report's cover and
 * the settings page can show it as it is.
 */
import { loadSharp } from '../sharp-on-demand.js';
import { ApiError, badRequest } from '../http/api-error.js';

export const LOGO_BOX = { width: 800, height: 320 };
const ACCEPTED = new Set(['png', 'jpeg', 'webp']);

export function logoKey(orgId: string): string {
  return `orgs/${orgId}/logo.png`;
}

/** A PNG at most LOGO_BOX, from a PNG, JPEG or WebP upload; anything else is refused. */
export async function normaliseLogo(bytes: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: 50_000_000 }).metadata()).format;
  } catch {
    throw new ApiError(415, 'A logo is a PNG, JPEG or WebP image');
  }
  if (!format || !ACCEPTED.has(format)) throw new ApiError(415, 'A logo is a PNG, JPEG or WebP image');
  try {
    return await sharp(bytes, { autoOrient: true, limitInputPixels: 50_000_000 })
      .resize(LOGO_BOX.width, LOGO_BOX.height, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch (err) {
    throw badRequest(`The logo is not a readable image: ${(err as Error).message}`);
  }
}
