/**
 * Access points per channel, one chart per band: how crowded each channel is, and at most how many
 * of its networks were heard together at one place (the overlap that causes co-channel
 * interference). The bars are drawn for the eye; the same figures follow as a table for everyone.
 */

import { useTranslation } from '../../lib/i18n.js';

type Channel = { technology: string; band: string; channel: number; networks: number; maxOverlap: number; meanSignalDbm: number };

const BAR = 28;
const GAP = 10;
const HEIGHT = 140;
// Room above the tallest bar for its count.
const TOP = 18;

export function ChannelChart({ band, channels }: { band: string; channels: readonly Channel[] }) {
  const { t } = useTranslation();
  const sorted = [...channels].sort((a, b) => a.channel - b.channel);
  const most = Math.max(1, ...sorted.map((c) => c.networks));
  const width = sorted.length * (BAR + GAP) + GAP;
  return (
    // Wider than a phone: a tab stop, so the keyboard scrolls it too.
    <figure className="channel-chart" tabIndex={0} aria-label={band}>
      <figcaption className="panel-title">{band}</figcaption>
      <svg viewBox={`0 ${-TOP} ${width} ${HEIGHT + 24 + TOP}`} width={width} height={HEIGHT + 24 + TOP} aria-hidden="true">
        {sorted.map((c, i) => {
          const x = GAP + i * (BAR + GAP);
          const h = (c.networks / most) * HEIGHT;
          const overlap = (Math.min(c.maxOverlap, c.networks) / most) * HEIGHT;
          return (
            <g key={c.channel}>
              <rect className="channel-bar" x={x} y={HEIGHT - h} width={BAR} height={h} rx={3} />
              {overlap > 0 && <rect className="channel-overlap" x={x} y={HEIGHT - overlap} width={BAR} height={overlap} rx={3} />}
              <text className="channel-count" x={x + BAR / 2} y={HEIGHT - h - 4} textAnchor="middle">
                {c.networks}
              </text>
              <text className="channel-label" x={x + BAR / 2} y={HEIGHT + 16} textAnchor="middle">
                {c.channel}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="table table-compact">
        <caption className="visually-hidden">{t('survey.statistics.channelsOf', { band })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('survey.viewer.channel')}</th>
            <th scope="col" className="align-end">
              {t('survey.statistics.accessPoints')}
            </th>
            <th scope="col" className="align-end">
              {t('survey.statistics.maxOverlap')}
            </th>
            <th scope="col" className="align-end">
              {t('survey.statistics.meanSignal')}
            </th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((c) => (
            <tr key={c.channel}>
              <th scope="row">{c.channel}</th>
              <td className="align-end">{c.networks}</td>
              <td className="align-end">{c.maxOverlap}</td>
              <td className="align-end">{Math.round(c.meanSignalDbm)} dBm</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
