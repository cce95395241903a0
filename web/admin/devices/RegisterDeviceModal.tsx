/**
 * Registering a device: its serial and the claim code printed on it, and an optional name. The
 * answer carries the device's upload token, shown here once; then the device's page opens.
 */
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n.js';
import { goTo } from '../../lib/navigate.js';
import { FormError } from '../../ui/form/FormError.js';
import { TextField } from '../../ui/form/TextField.js';
import { useFormState } from '../../ui/form/use-form-state.js';
import { required } from '../../ui/form/validators.js';
import { Modal } from '../../ui/Modal.js';
import { SecretReveal } from '../../ui/SecretReveal.js';
import { devicePath } from './device-path.js';
import { useRegisterDevice } from './queries.js';

const EMPTY = { serial: '', claimCode: '', name: '' };

export function RegisterDeviceModal({ orgId, onClose }: { orgId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const register = useRegisterDevice(orgId);
  const [registered, setRegistered] = useState<{ id: string; token: string } | null>(null);
  const form = useFormState(EMPTY, { serial: required(t), claimCode: required(t) });

  // Rendered only while open, so every opening starts empty.
  const close = onClose;

  const submit = form.handleSubmit(
    async (values) => {
      const answer = await register.mutateAsync({ serial: values.serial.trim(), claimCode: values.claimCode.trim(), name: values.name.trim() || undefined });
      setRegistered({ id: answer.device.id, token: answer.token });
    },
    (failure) => {
      if (failure.status === 409) return t('admin.devices.alreadyRegistered');
      if (failure.field === 'claimCode') return t('admin.devices.claimMismatch');
      return undefined;
    },
  );

  if (registered) {
    return (
      <Modal
        isOpen
        onOpenChange={(open) => !open && close()}
        title={t('admin.devices.registeredTitle')}
        footer={
          <Button
            className="button button-primary"
            onPress={() => {
              close();
              goTo(devicePath(orgId, registered.id));
            }}
          >
            {t('admin.devices.openDevice')}
          </Button>
        }
      >
        <p>{t('admin.devices.registeredText')}</p>
        <SecretReveal label={t('admin.devices.uploadToken')} value={registered.token} warning={t('admin.devices.tokenOnce')} />
      </Modal>
    );
  }

  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && close()}
      title={t('admin.devices.register')}
      footer={
        <>
          <Button className="button button-secondary" onPress={close}>
            {t('admin.cancel')}
          </Button>
          <Button className="button button-primary" type="submit" form="register-device" isPending={form.pending}>
            {t('admin.devices.registerSubmit')}
          </Button>
        </>
      }
    >
      <form id="register-device" noValidate onSubmit={submit}>
        <p className="panel-text">{t('admin.devices.registerText')}</p>
        <TextField label={t('admin.devices.serial')} isRequired autoFocus maxLength={64} autoComplete="off" {...form.field('serial')} />
        <TextField label={t('admin.devices.claimCode')} isRequired maxLength={64} autoComplete="off" description={t('admin.devices.claimCodeHint')} {...form.field('claimCode')} />
        <TextField label={t('admin.devices.name')} maxLength={200} description={t('admin.devices.nameHint')} {...form.field('name')} />
        <FormError text={form.formError} />
      </form>
    </Modal>
  );
}
