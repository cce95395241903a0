/**
 * A device's subscription: the plan, its price and the next renewal while it runs; the end date
 * while it is cancelling; otherwise the plans to start one with, priced in the chosen interval and
 * currency. Starting invoices the first period at once, so the price is repeated in the question.
 */
import type { Device, Subscription } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { formatMoney } from '../../lib/money.js';
import { DateText } from '../../ui/DateText.js';
import { SubscriptionBadge } from './SubscriptionBadge.js';
import { CancelSubscription } from './CancelSubscription.js';
import { StartSubscriptionForm } from './StartSubscriptionForm.js';

export function SubscriptionPanel({ device, mayManage }: { device: Device; mayManage: boolean }) {
  const { t } = useTranslation();
  const running = device.subscription && device.subscription.state !== 'cancelled' ? device.subscription : null;
  return (
    <section className="panel" aria-labelledby="device-subscription">
      <h2 id="device-subscription" className="panel-title">
        {t('admin.devices.subscription')} <SubscriptionBadge subscription={running} />
      </h2>
      {running ? (
        <RunningSubscription subscription={running} device={device} mayManage={mayManage} />
      ) : (
        <>
          <p className="panel-text">{t('admin.subscriptions.noneText')}</p>
          {mayManage ? <StartSubscriptionForm device={device} /> : <p className="panel-text">{t('admin.subscriptions.askBilling')}</p>}
        </>
      )}
    </section>
  );
}

function RunningSubscription({ subscription: s, device, mayManage }: { subscription: Subscription; device: Device; mayManage: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <dl className="facts">
        <dt>{t('admin.subscriptions.plan')}</dt>
        <dd className="cell-strong">{t(`admin.subscriptions.plans.${s.plan}`, { defaultValue: s.plan })}</dd>
        <dt>{t('admin.subscriptions.price')}</dt>
        <dd>{t(`admin.subscriptions.per.${s.interval}`, { price: formatMoney(s.priceMinor, s.currency, i18n.language) })}</dd>
        <dt>{t('admin.subscriptions.started')}</dt>
        <dd>
          <DateText date={s.startedAt} />
        </dd>
        <dt>{t('admin.subscriptions.currentPeriod')}</dt>
        <dd>
          <DateText date={s.currentPeriodStart} /> – <DateText date={s.currentPeriodEnd} />
        </dd>
        <dt>{s.state === 'cancelling' ? t('admin.subscriptions.endsOn') : t('admin.subscriptions.renewsOn')}</dt>
        <dd className="cell-strong">
          <DateText date={s.currentPeriodEnd} />
        </dd>
      </dl>
      {s.state === 'cancelling' && <p className="notice">{t('admin.subscriptions.cancellingText')}</p>}
      {mayManage && <CancelSubscription device={device} subscription={s} />}
    </>
  );
}
