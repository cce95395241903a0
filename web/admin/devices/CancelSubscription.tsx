/**
 * Cancelling: at the end of the paid period (the default: the device keeps working until then),
 * or at once. Neither refunds; the dialog says so. A subscription already cancelling can only end now.
 */
import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { Device, Subscription } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { Modal } from '../../ui/Modal.js';
import { toastStore } from '../../ui/toast-store.js';
import { DateText } from '../../ui/DateText.js';
import { useCancelSubscription } from './queries.js';

export function CancelSubscription({ device, subscription }: { device: Device; subscription: Subscription }) {
  const { t } = useTranslation();
  const cancel = useCancelSubscription(device.id);
  const [open, setOpen] = useState(false);
  const cancelling = subscription.state === 'cancelling';

  async function run(immediately: boolean) {
    try {
      await cancel.mutateAsync(immediately);
      toastStore.show(immediately ? t('admin.subscriptions.ended') : t('admin.subscriptions.willEnd'), 'success');
      setOpen(false);
    } catch {
      toastStore.show(t('admin.subscriptions.cancelFailed'), 'error');
    }
  }

  return (
    <>
      <div className="form-actions">
        <Button className="button button-danger" onPress={() => setOpen(true)}>
          {cancelling ? t('admin.subscriptions.endNow') : t('admin.subscriptions.cancel')}
        </Button>
      </div>
      <Modal
        isOpen={open}
        onOpenChange={setOpen}
        role="alertdialog"
        isDismissable={!cancel.isPending}
        title={t('admin.subscriptions.cancelTitle', { device: device.name })}
        footer={
          <>
            <Button className="button button-secondary" onPress={() => setOpen(false)} isDisabled={cancel.isPending}>
              {t('admin.subscriptions.keep')}
            </Button>
            {!cancelling && (
              <Button className="button button-secondary" onPress={() => void run(false)} isPending={cancel.isPending && cancel.variables === false}>
                {t('admin.subscriptions.cancelAtEnd')}
              </Button>
            )}
            <Button className="button button-danger" onPress={() => void run(true)} isPending={cancel.isPending && cancel.variables === true}>
              {t('admin.subscriptions.endNow')}
            </Button>
          </>
        }
      >
        <p>
          {cancelling ? t('admin.subscriptions.endNowText') : t('admin.subscriptions.cancelText')} <DateText date={subscription.currentPeriodEnd} />.
        </p>
        <p>{t('admin.subscriptions.noRefund')}</p>
      </Modal>
    </>
  );
}
