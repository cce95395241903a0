/**
 * Making a share link: who it is for (a label the list shows), which floors (none ticked: every
 * floor, also those added later) and until which day (at most a year ahead; unticked: no end).
 */
import { getLocalTimeZone, today, type CalendarDate } from '@internationalized/date';
import { useState, type FormEvent } from 'react';
import { Button } from 'react-aria-components';
import type { CreatedShareLink, Floor } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { CheckboxField } from '../../ui/form/CheckboxField.js';
import { CheckboxGroupField } from '../../ui/form/CheckboxGroupField.js';
import { DateField } from '../../ui/form/DateField.js';
import { FormError } from '../../ui/form/FormError.js';
import { TextField } from '../../ui/form/TextField.js';
import { useCreateShareLink } from './share-queries.js';

/** A link made without thinking about its end lasts a month. */
const DEFAULT_DAYS = 30;
const MAX_DAYS = 365;

interface Props {
  projectId: string;
  floors: readonly Floor[];
  onCreated: (created: CreatedShareLink) => void;
}

export function NewShareLinkForm({ projectId, floors, onCreated }: Props) {
  const { t } = useTranslation();
  const create = useCreateShareLink(projectId);
  const first = today(getLocalTimeZone()).add({ days: 1 });
  const last = today(getLocalTimeZone()).add({ days: MAX_DAYS });
  const [label, setLabel] = useState('');
  const [floorIds, setFloorIds] = useState<string[]>([]);
  const [expires, setExpires] = useState(true);
  const [until, setUntil] = useState<CalendarDate | null>(today(getLocalTimeZone()).add({ days: DEFAULT_DAYS }));
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const labelError = tried && !label.trim() ? t('survey.shares.labelRequired') : undefined;
  const dateError = tried && expires && (!until || until.compare(first) < 0 || until.compare(last) > 0) ? t('survey.shares.expiryRange') : undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    setFailure(null);
    if (!label.trim() || (expires && (!until || until.compare(first) < 0 || until.compare(last) > 0))) return;
    try {
      const created = await create.mutateAsync({
        label: label.trim(),
        ...(floorIds.length > 0 ? { floorIds } : {}),
        // The link works through the whole chosen day, in the maker's time zone.
        ...(expires && until ? { expiresAt: new Date(until.add({ days: 1 }).toDate(getLocalTimeZone()).getTime() - 1000).toISOString() } : {}),
      });
      setLabel('');
      setFloorIds([]);
      setTried(false);
      onCreated(created);
    } catch {
      setFailure(t('survey.shares.createFailed'));
    }
  }

  return (
    <form className="form-stack share-link-form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby="share-new-title">
      <h3 id="share-new-title" className="panel-title">
        {t('survey.shares.newTitle')}
      </h3>
      <TextField label={t('survey.shares.label')} description={t('survey.shares.labelHint')} isRequired maxLength={100} value={label} onChange={setLabel} error={labelError} />
      {floors.length > 0 && (
        <CheckboxGroupField
          label={t('survey.shares.floors')}
          description={t('survey.shares.floorsHint')}
          options={floors.map((floor) => ({ value: floor.id, label: floor.name }))}
          value={floorIds}
          onChange={setFloorIds}
        />
      )}
      <CheckboxField label={t('survey.shares.expires')} value={expires} onChange={setExpires} />
      {expires && (
        <DateField
          label={t('survey.shares.until')}
          description={t('survey.shares.untilHint')}
          value={until}
          onChange={setUntil}
          minValue={first}
          maxValue={last}
          error={dateError}
          isRequired
        />
      )}
      <FormError text={failure} />
      <div className="form-actions">
        <Button type="submit" className="button button-primary" isPending={create.isPending}>
          {t('survey.shares.create')}
        </Button>
      </div>
    </form>
  );
}
