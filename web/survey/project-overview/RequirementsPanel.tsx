/**
 * What "covered" means for this project, per technology: the minimum best- and second-best-server
 * signal, SNR and number of serving access points, how much co-channel interference is tolerated,
 * which bands count, the colours of the signal views and how much of the area must meet each requirement in the report. The heatmap's requirements view reads these at once and the project's
 * walks are processed again for the statistics; only the people who manage the project's reporting
 * may change them.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Input, Label, NumberField } from 'react-aria-components';
import { api, dataOf } from '../../lib/api-client.js';
import type { Thresholds } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { usePermissions } from '../../shell/use-permissions.js';
import { FilterSelect } from '../../ui/FilterSelect.js';
import { CheckboxGroupField } from '../../ui/form/CheckboxGroupField.js';
import { ColourScaleField } from './ColourScaleField.js';
import { FormActions } from '../../ui/form/FormActions.js';
import { FormError } from '../../ui/form/FormError.js';
import { useFormState } from '../../ui/form/use-form-state.js';
import { toastStore } from '../../ui/toast-store.js';
import { floorKeys, useNetworkTechnologies, useReportingSettings } from '../floor/queries.js';
import '../../ui/form/field.css';

type Values = Pick<Thresholds, 'minSignalDbm' | 'minSecondaryDbm' | 'minSnrDb' | 'minServing' | 'maxCoChannel' | 'coChannelDbm' | 'minAreaPercent' | 'bands' | 'colourScale'>;
type NumberName = Exclude<keyof Values, 'bands' | 'colourScale'>;

const FIELDS: { name: NumberName; min: number; max: number }[] = [
  { name: 'minSignalDbm', min: -150, max: 0 },
  { name: 'minSecondaryDbm', min: -150, max: 0 },
  { name: 'minSnrDb', min: -30, max: 80 },
  { name: 'minServing', min: 0, max: 50 },
  { name: 'maxCoChannel', min: 0, max: 255 },
  { name: 'coChannelDbm', min: -150, max: 0 },
  { name: 'minAreaPercent', min: 0, max: 100 },
];

export function RequirementsPanel({ projectId, orgId, technologies: present }: { projectId: string; orgId: string; technologies: readonly string[] }) {
  const { t } = useTranslation();
  const settings = useReportingSettings(projectId);
  const names = useNetworkTechnologies();
  const { can } = usePermissions({ orgId, projectId });
  const ids = Object.keys(settings.data?.settings ?? {});
  // The technologies this project's walks heard come first, the most surveyed first; the others follow.
  const ordered = [...present.filter((id) => ids.includes(id)), ...ids.filter((id) => !present.includes(id))];
  const [chosen, setChosen] = useState<string | null>(null);
  const technology = chosen ?? ordered[0] ?? '';
  const current = settings.data?.settings[technology];
  if (!settings.data || !current) return null;
  const nameOf = (id: string) => names.data?.items.find((x) => x.id === id)?.name ?? id;
  const bands = names.data?.items.find((x) => x.id === technology)?.bands ?? [];
  return (
    <section aria-labelledby="requirements-title" className="requirements-panel">
      <h2 id="requirements-title" className="section-title">
        {t('survey.requirements.title')}
      </h2>
      <p className="panel-text">{t('survey.requirements.intro')}</p>
      <FilterSelect label={t('survey.viewer.technology')} value={technology} options={ordered.map((id) => ({ value: id, label: nameOf(id) }))} onChange={setChosen} />
      <RequirementsForm key={technology} projectId={projectId} technology={technology} bands={bands} current={current} mayChange={can('project:reporting:manage')} />
    </section>
  );
}

interface FormProps {
  projectId: string;
  technology: string;
  /** The bands the technology can use. */
  bands: readonly string[];
  current: Thresholds;
  mayChange: boolean;
}

function RequirementsForm({ projectId, technology, bands, current, mayChange }: FormProps) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (values: Values) =>
      dataOf(api.PUT('/api/projects/{projectId}/reporting/settings', { params: { path: { projectId } }, body: { settings: { [technology]: { ...current, ...values } } } })),
    onSuccess: (answer) => client.setQueryData(floorKeys.reporting(projectId), answer),
  });
  const stored: Values = {
    minSignalDbm: current.minSignalDbm,
    minSecondaryDbm: current.minSecondaryDbm,
    minSnrDb: current.minSnrDb,
    minServing: current.minServing,
    maxCoChannel: current.maxCoChannel,
    coChannelDbm: current.coChannelDbm,
    minAreaPercent: current.minAreaPercent,
    bands: current.bands,
    colourScale: current.colourScale,
  };
  const form = useFormState(stored, {
    colourScale: (scale) => (new Set(scale.map((s) => s.dbm)).size === scale.length ? undefined : t('survey.requirements.colourTwice')),
  });
  const scale = form.field('colourScale');
  const submit = form.handleSubmit(async (values) => {
    await save.mutateAsync(values);
    toastStore.show(t('survey.requirements.saved'), 'success');
  });
  return (
    <form className="requirements-form" noValidate onSubmit={submit}>
      <div className="requirements-fields">
        {FIELDS.map(({ name, min, max }) => {
          const field = form.field(name);
          return (
            <NumberField
              key={name}
              className="field"
              minValue={min}
              maxValue={max}
              step={1}
              value={field.value}
              onChange={(v) => field.onChange(Number.isNaN(v) ? stored[name] : v)}
              isDisabled={!mayChange}
            >
              <Label className="field-label">{t(`survey.requirements.${name}`)}</Label>
              <Input className="input" />
            </NumberField>
          );
        })}
      </div>
      {bands.length > 1 && (
        <CheckboxGroupField
          label={t('survey.requirements.bands')}
          description={t('survey.requirements.bandsHint')}
          options={bands.map((b) => ({ value: b, label: b }))}
          value={form.field('bands').value}
          onChange={form.field('bands').onChange}
          isDisabled={!mayChange}
        />
      )}
      <ColourScaleField value={scale.value} onChange={scale.onChange} error={scale.error} isDisabled={!mayChange} />
      {!mayChange && <p className="panel-text">{t('survey.requirements.readOnly')}</p>}
      <FormError text={form.formError} />
      {mayChange && <FormActions dirty={form.dirty} pending={form.pending} onReset={form.reset} />}
    </form>
  );
}
