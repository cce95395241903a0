/** The cover: whose report (the organisation's logo), what was surveyed, for whom, where, when and by whom. */
import { CONTENT_WIDTH, INK, MUTED, PAGE, RULE, type ReportDocument } from './report-document.js';
import type { ReportTexts } from './texts.js';

export interface CoverFacts {
  project: string;
  customer: string;
  address: string;
  date: Date;
  surveyors: string[];
  organisation: string;
  floors: number;
  walks: number;
  /** The organisation's logo (a PNG), when it has one. */
  logo?: Buffer;
}

export function drawCover({ doc }: ReportDocument, texts: ReportTexts, facts: CoverFacts): void {
  doc.addPage();
  if (facts.logo) doc.image(facts.logo, PAGE.margin, 90, { fit: [200, 72] });
  doc.y = 190;
  doc.font('regular').fontSize(13).fillColor(MUTED).text(texts.t('title'), PAGE.margin, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.4);
  doc.font('bold').fontSize(28).fillColor(INK).text(facts.project, { width: CONTENT_WIDTH });
  doc.moveDown(1);
  const top = doc.y;
  doc
    .moveTo(PAGE.margin, top)
    .lineTo(PAGE.width - PAGE.margin, top)
    .lineWidth(1)
    .strokeColor(RULE)
    .stroke();
  doc.y = top + 18;
  const rows: [string, string][] = [
    [texts.t('cover.customer'), facts.customer],
    [texts.t('cover.address'), facts.address],
    [texts.t('cover.date'), texts.date(facts.date)],
    [texts.t('cover.surveyedBy'), facts.surveyors.length > 0 ? facts.surveyors.join(', ') : texts.t('cover.nobody')],
    [texts.t('cover.organisation'), facts.organisation],
    [texts.t('cover.floors'), texts.number(facts.floors)],
    [texts.t('cover.walks'), texts.number(facts.walks)],
  ];
  const labelWidth = 150;
  for (const [label, value] of rows) {
    if (value.trim() === '') continue;
    const y = doc.y;
    doc
      .font('regular')
      .fontSize(10)
      .fillColor(MUTED)
      .text(label, PAGE.margin, y, { width: labelWidth - 10 });
    const labelBottom = doc.y;
    doc
      .font('regular')
      .fontSize(11)
      .fillColor(INK)
      .text(value, PAGE.margin + labelWidth, y, { width: CONTENT_WIDTH - labelWidth });
    doc.y = Math.max(doc.y, labelBottom) + 8;
  }
}
