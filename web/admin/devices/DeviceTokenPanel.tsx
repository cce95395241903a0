/**
 * The upload token a device sends with its tracks. It is never shown again after it was issued;
 * rotating issues a new one (shown once, with a copy button) and the old one stops working at once.
 */
import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { Device } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { useConfirm } from '../../ui/ConfirmProvider.js';
import { Modal } from '../../ui/Modal.js';
import { SecretReveal } from '../../ui/SecretReveal.js';
import { toastStore } from '../../ui/toast-store.js';
import { useUpdateDevice } from './queries.js';

export function DeviceTokenPanel({ device }: { device: Device }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const update = useUpdateDevice(device.id);
  const [token, setToken] = useState<string | null>(null);

  async function rotate() {
    const sure = await confirm({ title: t('admin.devices.rotateTitle'), message: t('admin.devices.rotateText'), confirmLabel: t('admin.devices.rotate'), destructive: true });
    if (!sure) return;
    try {
      const answer = await update.mutateAsync({ rotateToken: true });
      setToken(answer.token ?? null);
    } catch {
      toastStore.show(t('admin.devices.rotateFailed'), 'error');
    }
  }

  return (
    <section className="panel" aria-labelledby="device-token">
      <div className="panel-row">
        <div>
          <h2 id="device-token" className="panel-title">
            {t('admin.devices.uploadToken')}
          </h2>
          <p className="panel-text">{t('admin.devices.tokenText')}</p>
        </div>
        <Button className="button button-secondary" isPending={update.isPending} onPress={() => void rotate()}>
          {t('admin.devices.rotate')}
        </Button>
      </div>
      {token && (
        <Modal
          isOpen
          onOpenChange={(open) => !open && setToken(null)}
          title={t('admin.devices.newToken')}
          footer={
            <Button className="button button-primary" onPress={() => setToken(null)}>
              {t('admin.devices.tokenSaved')}
            </Button>
          }
        >
          <SecretReveal label={t('admin.devices.uploadToken')} value={token} warning={t('admin.devices.tokenOnce')} />
        </Modal>
      )}
    </section>
  );
}
