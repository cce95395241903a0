/**
 * A view's legend as the viewer's (web/survey/heatmap/Legend.tsx) reads it: each band's colour
 * with the range it stands for, strongest first (requirements: passing first, then each reason in
 * the order cells are judged), the band holding the requirement marked.
 */
import { REQUIREMENTS, type ViewResult } from '../../../shared/heatmap/views.js';
import type { ReportTexts } from './texts.js';

export interface LegendRow {
  colour: string;
  label: string;
  marked: boolean;
}

export function legendRows(view: ViewResult, texts: ReportTexts): LegendRow[] {
  const unit = view.unit === 'dBm' ? 'dBm' : view.unit === 'dB' ? 'dB' : '';
  const value = (v: number) => (unit ? texts.measure(v, unit) : texts.number(v));
  const rows = view.bands.map((band, i): LegendRow => {
    const next = view.bands[i + 1];
    let label: string;
    if (view.unit === 'requirement') label = texts.t(`heatmap.requirement.${REQUIREMENTS[i]!}`);
    else if (!next) label = texts.t('heatmap.atLeast', { value: value(band.from) });
    else if (i === 0) label = texts.t('heatmap.below', { value: value(next.from) });
    else if (view.unit === 'count' && next.from - band.from === 1) label = texts.number(band.from);
    else label = texts.t('heatmap.range', { from: texts.number(band.from), to: value(next.from) });
    const marked = view.threshold !== null && band.from <= view.threshold && (!next || view.threshold < next.from);
    return { colour: band.colour, label, marked };
  });
  return view.unit === 'requirement' ? rows : rows.reverse();
}
