/**
 * The summary page: the requirements of the project's main technology, then per floor the share
 * of the surveyed area meeting each one, met or not against the project's pass mark.
 */
import type { TechnologyThresholds } from '../reporting/thresholds.js';
import { DEFAULT_IDW } from '../tracks/processing/idw.js';
import { CONTENT_WIDTH, INK, MUTED, PAGE, type ReportDocument } from './report-document.js';
import { percentMeeting, REQUIREMENT_VIEWS, type RequirementView, type Tally } from './requirement-shares.js';
import { drawTable, type Column } from './table.js';
import type { ReportTexts } from './texts.js';

const PASS = '#00734f';
const FAIL = '#b3261e';

export function requirementText(texts: ReportTexts, view: RequirementView, t: TechnologyThresholds): string {
  switch (view) {
    case 'primary':
      return texts.t('summary.atLeast', { value: texts.measure(t.minSignalDbm, 'dBm') });
    case 'secondary':
      return texts.t('summary.atLeast', { value: texts.measure(t.minSecondaryDbm, 'dBm') });
    case 'snr':
      return texts.t('summary.atLeast', { value: texts.measure(t.minSnrDb, 'dB') });
    case 'serving':
      return texts.t('summary.atLeast', { value: texts.number(t.minServing) });
    case 'coChannel':
      return texts.t('summary.atMost', { value: texts.number(t.maxCoChannel) });
  }
}

/**
 * The interpolation radius the report's walks were processed with, as the method sentence states
 * it: one value, or the range when walks differ; the default when there is no walk.
 */
export function radiusText(texts: ReportTexts, radiiM: readonly number[]): string {
  if (radiiM.length === 0) return texts.number(DEFAULT_IDW.radiusM);
  const least = Math.min(...radiiM);
  const most = Math.max(...radiiM);
  return least === most ? texts.number(least) : `${texts.number(least)}–${texts.number(most)}`;
}

export interface FloorTally {
  name: string;
  tally: Tally | null;
}

/** `radiiM`: each walk's interpolation radius, as its processing recorded it. */
export function drawSummary(
  rd: ReportDocument,
  texts: ReportTexts,
  technologyName: string,
  thresholds: TechnologyThresholds,
  floors: FloorTally[],
  radiiM: readonly number[],
): void {
  const { doc } = rd;
  doc.addPage();
  doc.font('bold').fontSize(18).fillColor(INK).text(texts.t('summary.title'), PAGE.margin, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.5);
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(INK)
    .text(texts.t('summary.intro', { technology: technologyName, percent: texts.percent(thresholds.minAreaPercent) }), { width: CONTENT_WIDTH });
  doc.moveDown(0.4);
  // How the figures were made, and how far the viewer's prediction can be trusted (docs/heatmap-processing.md).
  doc
    .fontSize(9)
    .fillColor(MUTED)
    .text(texts.t('summary.method', { radius: radiusText(texts, radiiM) }), { width: CONTENT_WIDTH });
  doc.moveDown(0.8);
  drawTable(
    rd,
    [
      { title: texts.t('summary.requirement'), width: 260 },
      { title: texts.t('summary.required'), width: CONTENT_WIDTH - 260 },
    ],
    REQUIREMENT_VIEWS.map((v) => [texts.t(`summary.${v}`), requirementText(texts, v, thresholds)]),
  );
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(MUTED)
    .text(texts.t('summary.coChannelFrom', { value: texts.measure(thresholds.coChannelDbm, 'dBm') }), PAGE.margin, doc.y + 4, { width: CONTENT_WIDTH });
  doc.moveDown(1.2);
  doc.font('bold').fontSize(12).fillColor(INK).text(texts.t('summary.perFloor'), PAGE.margin, doc.y, { width: CONTENT_WIDTH });
  doc.moveDown(0.5);
  const floorWidth = 110;
  const areaWidth = 70;
  const each = (CONTENT_WIDTH - floorWidth - areaWidth) / REQUIREMENT_VIEWS.length;
  const columns: Column[] = [
    { title: texts.t('summary.floor'), width: floorWidth },
    { title: texts.t('summary.area'), width: areaWidth, align: 'right' },
    ...REQUIREMENT_VIEWS.map((v): Column => ({ title: `${texts.t(`summary.${v}`)}\n${requirementText(texts, v, thresholds)}`, width: each, align: 'right' })),
  ];
  const rows = floors.map(({ name, tally }) => {
    if (!tally) return [name, { text: texts.t('summary.noWalks'), colour: MUTED, span: REQUIREMENT_VIEWS.length + 1 }];
    return [
      name,
      texts.t('summary.areaValue', { area: texts.number(tally.areaM2) }),
      ...REQUIREMENT_VIEWS.map((v) => {
        const percent = percentMeeting(tally, v);
        if (percent === null) return { text: '–', colour: MUTED };
        const met = percent >= thresholds.minAreaPercent;
        return { text: `${texts.percent(percent)}\n${texts.t(met ? 'summary.met' : 'summary.notMet')}`, colour: met ? PASS : FAIL };
      }),
    ];
  });
  drawTable(rd, columns, rows);
}
