/**
 * The strongest signal heard along the walk against the time since it started, with the
 * project's minimum primary signal as a dashed line and the stretches below it in the danger
 * colour: where in the walk coverage dropped. Drawn at the width it is given (text keeps its
 * size on a phone); the figures follow as a sentence for everyone, and name the chart for
 * screen readers.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { TrackPoints } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { dbmAxis, signalOverTime, timeTicks } from './signal-over-time.js';

interface Props {
  points: TrackPoints;
  requirementDbm: number;
  /** The technology whose requirement is drawn, by name. */
  technology: string;
}

const HEIGHT = 200;
const PAD = { top: 22, right: 12, bottom: 40, left: 44 };

/** The element's content width, following it as the layout changes. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(Math.floor(element.clientWidth)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

export function SignalOverTime({ points, requirementDbm, technology }: Props) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [ref, width] = useWidth();
  const summary = useMemo(() => signalOverTime(points, requirementDbm), [points, requirementDbm]);
  if (!summary) return null;

  const whole = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 0 });
  const dbm = (v: number) => `${whole.format(v)} dBm`;
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: summary.belowShare > 0 && summary.belowShare < 0.01 ? 1 : 0 });
  const text = t('survey.signalOverTime.summary', {
    min: dbm(summary.minDbm),
    median: dbm(summary.medianDbm),
    max: dbm(summary.maxDbm),
    percent: percent.format(summary.belowShare),
    requirement: dbm(requirementDbm),
    technology,
  });

  const plotW = Math.max(0, width - PAD.left - PAD.right);
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const axis = dbmAxis(summary);
  const x = (s: number) => PAD.left + (summary.durationS > 0 ? (s / summary.durationS) * plotW : plotW / 2);
  const y = (v: number) => PAD.top + ((axis.high - v) / (axis.high - axis.low)) * plotH;
  const ticks = timeTicks(summary.durationS, Math.max(2, Math.floor(plotW / 60)));
  const inMinutes = ticks.length > 1 && ticks[1]! >= 60;
  const timeFormat = new Intl.NumberFormat(i18n.language, { style: 'unit', unit: inMinutes ? 'minute' : 'second', unitDisplay: 'short', maximumFractionDigits: 1 });
  const line = summary.series.map((s, i) => `${i === 0 ? 'M' : 'L'}${x(s.t).toFixed(1)},${y(s.dbm).toFixed(1)}`).join('');
  const requirementY = y(requirementDbm);
  // React's ids hold characters a CSS url() reference does not take.
  const clip = `${id.replace(/[^\w-]/g, '')}-below`;

  return (
    <figure className="signal-chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="panel-title">
        {t('survey.signalOverTime.title')}
      </figcaption>
      <div ref={ref} className="signal-chart-frame">
        {width > 0 && (
          <svg width={width} height={HEIGHT} role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`}>
            <defs>
              <clipPath id={clip}>
                <rect x={PAD.left} y={requirementY} width={plotW} height={Math.max(0, PAD.top + plotH - requirementY)} />
              </clipPath>
            </defs>
            <text className="signal-chart-axis-title" x={PAD.left} y={12}>
              {t('survey.signalOverTime.signalAxis')}
            </text>
            {axis.ticks.map((v) => (
              <g key={v}>
                <line className="signal-chart-grid" x1={PAD.left} x2={PAD.left + plotW} y1={y(v)} y2={y(v)} />
                <text className="signal-chart-tick" x={PAD.left - 6} y={y(v) + 4} textAnchor="end">
                  {whole.format(v)}
                </text>
              </g>
            ))}
            {ticks.map((s) => (
              <text key={s} className="signal-chart-tick" x={x(s)} y={PAD.top + plotH + 16} textAnchor={s === 0 ? 'start' : 'middle'}>
                {timeFormat.format(inMinutes ? s / 60 : s)}
              </text>
            ))}
            <text className="signal-chart-axis-title" x={PAD.left + plotW} y={HEIGHT - 4} textAnchor="end">
              {t('survey.signalOverTime.timeAxis')}
            </text>
            <path className="signal-chart-line" d={line} />
            <path className="signal-chart-line signal-chart-line-below" d={line} clipPath={`url(#${clip})`} />
            <line className="signal-chart-requirement" x1={PAD.left} x2={PAD.left + plotW} y1={requirementY} y2={requirementY} />
            <text className="signal-chart-requirement-label" x={PAD.left + plotW} y={requirementY - 5} textAnchor="end">
              {t('survey.signalOverTime.requirement', { value: dbm(requirementDbm) })}
            </text>
          </svg>
        )}
      </div>
      <p id={`${id}-summary`} className="signal-chart-summary">
        {text}
      </p>
    </figure>
  );
}
