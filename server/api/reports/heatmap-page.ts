/**
 * One heatmap page: which floor, walk and view; the heatmap over the plan at full width; a scale
 * bar in metres from the plan's calibration; the legend and the share of the area meeting the
 * view's requirement.
 */
import { shareMeeting, type ViewResult } from '../../../shared/heatmap/views.js';
import type { GridSpec } from '../../../shared/heatmap/wire-types.js';
import type { PlanImage } from './heatmap-raster.js';
import { legendRows } from './legend.js';
import { CONTENT_WIDTH, INK, MUTED, PAGE, RULE, type ReportDocument } from './report-document.js';
import type { ReportTexts } from './texts.js';

/** Raster pixels per point: about 180 dpi, sharp on paper without bloating the file. */
export const PIXELS_PER_POINT = 2.5;
/** Room kept under the heatmap for the scale bar, legend and share. */
const BELOW_IMAGE = 150;
const SCALE_STEPS = [0.5, 1, 2, 5, 10, 20, 25, 50, 100, 200, 500];

export interface HeatmapPage {
  title: string;
  viewTitle: string;
  view: ViewResult;
  grid: GridSpec;
  calibrated: boolean;
}

/** The largest raster a page can hold, in pixels. */
export function heatmapBox(): { width: number; height: number } {
  const height = PAGE.height - PAGE.top - PAGE.bottom - 56 - BELOW_IMAGE;
  return { width: Math.round(CONTENT_WIDTH * PIXELS_PER_POINT), height: Math.round(height * PIXELS_PER_POINT) };
}

export function drawHeatmapHeading(rd: ReportDocument, page: Pick<HeatmapPage, 'title' | 'viewTitle'>): void {
  const { doc } = rd;
  doc.addPage();
  doc.font('bold').fontSize(14).fillColor(INK).text(page.title, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
  doc.font('regular').fontSize(11).fillColor(MUTED).text(page.viewTitle, { width: CONTENT_WIDTH });
  doc.moveDown(0.6);
}

export function drawHeatmapPage(rd: ReportDocument, texts: ReportTexts, page: HeatmapPage, image: PlanImage): void {
  const { doc } = rd;
  drawHeatmapHeading(rd, page);
  const width = image.width / PIXELS_PER_POINT;
  const height = image.height / PIXELS_PER_POINT;
  const top = doc.y;
  doc.image(image.jpeg, PAGE.margin, top, { width, height });
  doc.rect(PAGE.margin, top, width, height).lineWidth(0.5).strokeColor(RULE).stroke();
  let y = top + height + 12;
  // Scale bar: a round length of at most a quarter of the image.
  const pointsPerMetre = image.perPlanPixel / page.grid.metresPerPixel / PIXELS_PER_POINT;
  const metres = [...SCALE_STEPS].reverse().find((m) => m * pointsPerMetre <= width / 4) ?? SCALE_STEPS[0]!;
  const bar = metres * pointsPerMetre;
  doc.lineWidth(1.2).strokeColor(INK);
  doc
    .moveTo(PAGE.margin, y + 6)
    .lineTo(PAGE.margin + bar, y + 6)
    .stroke();
  for (const x of [PAGE.margin, PAGE.margin + bar]) {
    doc
      .moveTo(x, y + 2)
      .lineTo(x, y + 10)
      .stroke();
  }
  doc
    .font('regular')
    .fontSize(8.5)
    .fillColor(INK)
    .text(texts.t('heatmap.metres', { value: texts.number(metres, 1) }), PAGE.margin + bar + 6, y + 1.5, { lineBreak: false });
  if (!page.calibrated) {
    doc
      .fontSize(8)
      .fillColor(MUTED)
      .text(texts.t('heatmap.uncalibrated'), PAGE.margin, y + 16, { width: 150 });
  }
  // Legend: two columns right of the scale bar.
  const legendX = PAGE.margin + 170;
  const columnWidth = (CONTENT_WIDTH - 170) / 2;
  const rows = legendRows(page.view, texts);
  const perColumn = Math.ceil(rows.length / 2);
  rows.forEach((row, i) => {
    const x = legendX + Math.floor(i / perColumn) * columnWidth;
    const rowY = y + (i % perColumn) * 15;
    doc.rect(x, rowY, 10, 10).fillAndStroke(row.colour, '#6b7785');
    doc
      .font(row.marked ? 'bold' : 'regular')
      .fontSize(8.5)
      .fillColor(INK)
      .text(row.marked ? `${row.label} (${texts.t('heatmap.required')})` : row.label, x + 15, rowY + 0.5, { width: columnWidth - 20, lineBreak: false, ellipsis: true });
  });
  y += Math.max(perColumn * 15, 28) + 8;
  const share = shareMeeting(page.view, page.grid.cellSizeM);
  const area = texts.number(share.areaM2);
  const line = !page.view.hasData
    ? texts.t('heatmap.noData')
    : share.percent === null
      ? texts.t('heatmap.area', { area })
      : texts.t('heatmap.share', { percent: texts.percent(share.percent), area });
  doc.font('regular').fontSize(9.5).fillColor(INK).text(line, PAGE.margin, y, { width: CONTENT_WIDTH });
}
