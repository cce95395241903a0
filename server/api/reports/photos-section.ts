/**
 * A floor's photos: the plan with a numbered marker where each was pinned, then each photo as a
 * thumbnail with its number and caption. Photos are read and shrunk one at a time.
 */
import sharp from 'sharp';
import type { Queryable } from '../../db/database.js';
import type { FloorplanRow } from '../floorplans/store.js';
import type { PhotoRow } from '../photos/store.js';
import type { SurveyBlobs } from '../survey/context.js';
import { planImage } from './heatmap-raster.js';
import { PIXELS_PER_POINT } from './heatmap-page.js';
import { CONTENT_WIDTH, INK, MUTED, PAGE, type ReportDocument } from './report-document.js';
import { readBlob } from './read-blob.js';
import type { ReportTexts } from './texts.js';

const MARKER = '#d55e00';
const PLAN_HEIGHT = 300;
const PER_ROW = 3;
const GAP = 12;
const THUMB_WIDTH = (CONTENT_WIDTH - (PER_ROW - 1) * GAP) / PER_ROW;
const THUMB_HEIGHT = THUMB_WIDTH * 0.75;
const CAPTION_HEIGHT = 40;

/** Numbered in the order they were taken. */
async function floorPhotos(db: Queryable, floorId: string): Promise<PhotoRow[]> {
  return (await db.query<PhotoRow>('SELECT * FROM photos WHERE floor_id = $1 ORDER BY created_at, id', [floorId])).rows;
}

function marker(rd: ReportDocument, x: number, y: number, n: number): void {
  const { doc } = rd;
  const label = String(n);
  const r = label.length > 2 ? 9 : 7.5;
  doc.circle(x, y, r).lineWidth(1).fillAndStroke(MARKER, '#ffffff');
  doc
    .font('bold')
    .fontSize(7.5)
    .fillColor('#ffffff')
    .text(label, x - r, y - 5, { width: 2 * r, align: 'center', lineBreak: false });
}

export async function drawPhotos(
  rd: ReportDocument,
  texts: ReportTexts,
  db: Queryable,
  blobs: SurveyBlobs,
  floor: { id: string; name: string },
  plan: FloorplanRow | undefined,
): Promise<void> {
  const photos = await floorPhotos(db, floor.id);
  if (photos.length === 0) return;
  const { doc } = rd;
  doc.addPage();
  doc
    .font('bold')
    .fontSize(13)
    .fillColor(INK)
    .text(texts.t('photos.title', { floor: floor.name }), PAGE.margin, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.5);
  const display = plan ? await readBlob(blobs, plan.display_key) : undefined;
  if (plan && display) {
    const image = await planImage(display, plan, CONTENT_WIDTH * PIXELS_PER_POINT, PLAN_HEIGHT * PIXELS_PER_POINT);
    const width = image.width / PIXELS_PER_POINT;
    const height = image.height / PIXELS_PER_POINT;
    const left = PAGE.margin + (CONTENT_WIDTH - width) / 2;
    const top = doc.y;
    doc.image(image.jpeg, left, top, { width, height });
    const toPoints = image.perPlanPixel / PIXELS_PER_POINT;
    photos.forEach((p, i) => marker(rd, left + Math.min(p.x * toPoints, width), top + Math.min(p.y * toPoints, height), i + 1));
    doc.x = PAGE.margin;
    doc.y = top + height + 16;
  }
  for (let i = 0; i < photos.length; i += PER_ROW) {
    rd.ensure(THUMB_HEIGHT + CAPTION_HEIGHT);
    const top = doc.y;
    for (const [j, photo] of photos.slice(i, i + PER_ROW).entries()) {
      const x = PAGE.margin + j * (THUMB_WIDTH + GAP);
      const bytes = await readBlob(blobs, photo.blob_key);
      let placed = false;
      if (bytes) {
        try {
          const thumb = await sharp(bytes, { autoOrient: true })
            .resize(Math.round(THUMB_WIDTH * PIXELS_PER_POINT), Math.round(THUMB_HEIGHT * PIXELS_PER_POINT), { fit: 'inside' })
            .flatten({ background: '#ffffff' })
            .jpeg({ quality: 80 })
            .toBuffer({ resolveWithObject: true });
          const w = thumb.info.width / PIXELS_PER_POINT;
          const h = thumb.info.height / PIXELS_PER_POINT;
          doc.image(thumb.data, x + (THUMB_WIDTH - w) / 2, top + (THUMB_HEIGHT - h) / 2, { width: w, height: h });
          placed = true;
        } catch {
          placed = false;
        }
      }
      if (!placed) {
        doc
          .font('regular')
          .fontSize(8.5)
          .fillColor(MUTED)
          .text(texts.t('photos.unreadable'), x, top + THUMB_HEIGHT / 2 - 5, { width: THUMB_WIDTH, align: 'center' });
      }
      marker(rd, x + 9, top + 9, i + j + 1);
      const caption = photo.caption.trim();
      doc
        .font('regular')
        .fontSize(8.5)
        .fillColor(caption ? INK : MUTED)
        .text(`${i + j + 1}. ${caption || texts.t('photos.noCaption')}`, x, top + THUMB_HEIGHT + 4, { width: THUMB_WIDTH, height: CAPTION_HEIGHT - 6, ellipsis: true });
    }
    doc.x = PAGE.margin;
    doc.y = top + THUMB_HEIGHT + CAPTION_HEIGHT;
  }
}
