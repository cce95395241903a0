/** A device's name and whether it may upload; read-only for those who may not manage devices. */
import { useMemo } from 'react';
import type { Device } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { FormActions } from '../../ui/form/FormActions.js';
import { FormError } from '../../ui/form/FormError.js';
import { SelectField } from '../../ui/form/SelectField.js';
import { TextField } from '../../ui/form/TextField.js';
import { useFormState } from '../../ui/form/use-form-state.js';
import { required } from '../../ui/form/validators.js';
import { toastStore } from '../../ui/toast-store.js';
import { DateText } from '../../ui/DateText.js';
import { useUpdateDevice } from './queries.js';

export function DeviceDetailsPanel({ device, mayManage }: { device: Device; mayManage: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateDevice(device.id);
  // The status is edited as a select's value, which may be empty while choosing.
  const stored = useMemo((): { name: string; status: string | null } => ({ name: device.name, status: device.status }), [device.name, device.status]);
  const form = useFormState(stored, { name: required(t) });
  const save = form.handleSubmit(async (values) => {
    const status = values.status === 'disabled' ? 'disabled' : 'active';
    await update.mutateAsync({ name: values.name.trim(), status });
    toastStore.show(t('admin.settings.saved'), 'success');
  });

  return (
    <form className="panel" aria-labelledby="device-details" noValidate onSubmit={save}>
      <h2 id="device-details" className="panel-title">
        {t('admin.devices.details')}
      </h2>
      <div className="form-grid">
        <TextField label={t('admin.devices.name')} isRequired maxLength={200} isDisabled={!mayManage} {...form.field('name')} />
        <SelectField
          label={t('admin.devices.status')}
          isDisabled={!mayManage}
          description={t('admin.devices.statusHint')}
          options={[
            { id: 'active', label: t('admin.devices.statuses.active') },
            { id: 'disabled', label: t('admin.devices.statuses.disabled') },
          ]}
          {...form.field('status')}
        />
      </div>
      <dl className="facts">
        <dt>{t('admin.devices.firmware')}</dt>
        <dd>{device.firmwareVersion ?? '—'}</dd>
        <dt>{t('admin.devices.lastSeen')}</dt>
        <dd>{device.lastSeenAt ? <DateText date={device.lastSeenAt} withTime /> : t('admin.devices.neverSeen')}</dd>
        <dt>{t('admin.devices.registeredOn')}</dt>
        <dd>
          <DateText date={device.createdAt} />
        </dd>
      </dl>
      <FormError text={form.formError} />
      {mayManage && <FormActions dirty={form.dirty} pending={form.pending} onReset={form.reset} />}
    </form>
  );
}
