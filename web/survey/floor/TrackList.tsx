/**
 * The floor's walks as a single-choice list: which one the viewer shows, and where each stands
 * (waiting, processing, processed, failed with its reason). The list refreshes itself while a
 * walk is being processed.
 */
import { Radio, RadioGroup, Label } from 'react-aria-components';
import type { Track, TrackStatus } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';

const TONE: Record<TrackStatus, 'good' | 'warn' | 'bad' | undefined> = { imported: undefined, queued: 'warn', processing: 'warn', processed: 'good', failed: 'bad' };

export function TrackStatusBadge({ status }: { status: TrackStatus }) {
  const { t } = useTranslation();
  return (
    <span className="status-badge" data-tone={TONE[status]}>
      {(status === 'queued' || status === 'processing') && <span className="spinner spinner-inline" aria-hidden="true" />}
      {t(`survey.tracks.statuses.${status}`)}
    </span>
  );
}

export function TrackList({ tracks, selected, onSelect }: { tracks: readonly Track[]; selected: string | undefined; onSelect: (id: string) => void }) {
  const { t, i18n } = useTranslation();
  const count = new Intl.NumberFormat(i18n.language);
  return (
    <RadioGroup className="track-list" value={selected ?? null} onChange={onSelect}>
      <Label className="panel-title">{t('survey.tracks.title')}</Label>
      {tracks.map((track) => (
        <Radio key={track.id} value={track.id} className="track-item">
          <span className="track-name">{track.name}</span>
          <span className="track-meta">
            {track.placed ? (
              <TrackStatusBadge status={track.status} />
            ) : (
              <span className="status-badge" data-tone="warn">
                {t('survey.tracks.unplaced')}
              </span>
            )}
            <span>{t('survey.tracks.samples', { count: track.sampleCount, number: count.format(track.sampleCount) })}</span>
          </span>
          {track.status === 'failed' && track.failureReason && <span className="track-failure">{track.failureReason}</span>}
        </Radio>
      ))}
    </RadioGroup>
  );
}
