/**
 * The report's page frame: A4, an embedded font that sets every character of the eight
 * languages, and on every page a header (project, report title) and a page number. Pages are not
 * buffered (each is written out as soon as the next begins), so the total page count is unknown
 * when a footer is drawn: "Page 3", not "3 of 20".
 */
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { ReportTexts } from './texts.js';

const require = createRequire(import.meta.url);
// Noto Sans (SIL OFL 1.1): Latin, Latin Extended (Polish ł ś ż), the minus sign and typographic quotes.
const FONTS = {
  regular: require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
};

export const PAGE = { width: 595.28, height: 841.89, margin: 48, top: 64, bottom: 56 };
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
export const INK = '#1f2933';
export const MUTED = '#5f6b7a';
export const RULE = '#c9d1da';

export type Doc = PDFKit.PDFDocument;

export interface ReportDocument {
  doc: Doc;
  /** Room left on the current page, in points. */
  room(): number;
  /** A new page unless `needed` points still fit on this one. */
  ensure(needed: number): void;
}

export function reportDocument(texts: ReportTexts, meta: { project: string; organisation: string }): ReportDocument {
  const doc = new PDFDocument({
    size: 'A4',
    autoFirstPage: false,
    margins: { top: PAGE.top, bottom: PAGE.bottom, left: PAGE.margin, right: PAGE.margin },
    lang: texts.language,
    displayTitle: true,
    info: { Title: `${meta.project} · ${texts.t('title')}`, Author: meta.organisation, Creator: 'Sitewave' },
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  let page = 0;
  doc.on('pageAdded', () => {
    page++;
    // The frame is drawn outside the margins; lifting the bottom margin keeps pdfkit from breaking the page for it.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('regular').fontSize(8).fillColor(MUTED);
    doc.text(texts.t('header', { project: meta.project }), PAGE.margin, 28, { width: CONTENT_WIDTH, lineBreak: false, ellipsis: true });
    doc
      .moveTo(PAGE.margin, 42)
      .lineTo(PAGE.width - PAGE.margin, 42)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.text(texts.t('page', { page }), PAGE.margin, PAGE.height - 34, { width: CONTENT_WIDTH, align: 'center', lineBreak: false });
    doc.page.margins.bottom = bottom;
    doc.font('regular').fontSize(10).fillColor(INK);
    doc.x = PAGE.margin;
    doc.y = PAGE.top;
  });
  const room = () => PAGE.height - PAGE.bottom - doc.y;
  return {
    doc,
    room,
    ensure(needed) {
      if (room() < needed) doc.addPage();
    },
  };
}
