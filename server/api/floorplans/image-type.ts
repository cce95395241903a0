/**
 * What a floor plan upload is, judged by its first bytes rather than its name or the client's
 * media type. A PDF's first page is drawn by pdf.js rather than the image library (see render.ts).
 */

export type FloorplanType = 'png' | 'jpeg' | 'svg' | 'pdf';

export const MEDIA_TYPES: Record<FloorplanType, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
};

export function sniffFloorplanType(head: Uint8Array): FloorplanType | undefined {
  const b = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  const text = b
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(text)) return 'svg';
  return undefined;
}
