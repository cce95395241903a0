/** The plans side by side, priced in the chosen interval and currency; one button starts the choice. */
import { useState } from 'react';
import { Button, Label, Radio, RadioGroup } from 'react-aria-components';
import type { Device, NewSubscription, Plan } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { formatMoney } from '../../lib/money.js';
import { useConfirm } from '../../ui/ConfirmProvider.js';
import { FilterSelect } from '../../ui/FilterSelect.js';
import { toastStore } from '../../ui/toast-store.js';
import { apiFailureOf } from '../../lib/api-failure.js';
import { usePlans, useStartSubscription } from './queries.js';
import './subscription.css';

type Interval = NewSubscription['interval'];
type Currency = NonNullable<NewSubscription['currency']>;
const INTERVALS: readonly Interval[] = ['monthly', 'yearly'];
const CURRENCIES: readonly Currency[] = ['EUR', 'USD', 'GBP'];

export function StartSubscriptionForm({ device }: { device: Device }) {
  const { t, i18n } = useTranslation();
  const catalogue = usePlans();
  const start = useStartSubscription(device.id);
  const confirm = useConfirm();
  const [planId, setPlanId] = useState<string>('professional');
  const [interval, setInterval] = useState<Interval>('monthly');
  const [currency, setCurrency] = useState<Currency>('EUR');
  if (!catalogue.data) return <div className="spinner" />;
  const plans = catalogue.data.plans;
  const chosen = plans.find((p) => p.id === planId) ?? plans[0]!;
  const priceOf = (plan: Plan) => formatMoney(plan.prices[interval][currency] ?? 0, currency, i18n.language);
  const planName = (plan: Plan) => t(`admin.subscriptions.plans.${plan.id}`, { defaultValue: plan.name });

  async function subscribe() {
    const price = t(`admin.subscriptions.per.${interval}`, { price: priceOf(chosen) });
    const sure = await confirm({
      title: t('admin.subscriptions.startTitle', { plan: planName(chosen) }),
      message: t('admin.subscriptions.startText', { device: device.name, price }),
      confirmLabel: t('admin.subscriptions.start'),
    });
    if (!sure) return;
    try {
      await start.mutateAsync({ plan: chosen.id as NewSubscription['plan'], interval, currency });
      toastStore.show(t('admin.subscriptions.started_toast', { plan: planName(chosen) }), 'success');
    } catch (error) {
      const status = apiFailureOf(error).status;
      toastStore.show(status === 409 ? t('admin.subscriptions.conflict') : t('admin.subscriptions.startFailed'), 'error');
    }
  }

  return (
    <div className="subscription-start">
      <div className="subscription-options">
        <RadioGroup className="segmented" orientation="horizontal" value={interval} onChange={(value) => setInterval(value as Interval)}>
          <Label className="segmented-label">{t('admin.subscriptions.billing')}</Label>
          <div className="segmented-items">
            {INTERVALS.map((value) => (
              <Radio key={value} value={value} className="segmented-item">
                {t(`admin.subscriptions.intervals.${value}`)}
              </Radio>
            ))}
          </div>
        </RadioGroup>
        <FilterSelect
          label={t('admin.subscriptions.currency')}
          value={currency}
          options={CURRENCIES.map((value) => ({ value, label: value }))}
          onChange={(value) => setCurrency(value)}
        />
      </div>
      <RadioGroup className="plan-cards" value={chosen.id} onChange={setPlanId} aria-label={t('admin.subscriptions.plan')}>
        {plans.map((plan) => (
          <Radio key={plan.id} value={plan.id} className="plan-card">
            <span className="plan-card-name">{planName(plan)}</span>
            <span className="plan-card-price">{priceOf(plan)}</span>
            <span className="plan-card-per">{t(`admin.subscriptions.perShort.${interval}`)}</span>
          </Radio>
        ))}
      </RadioGroup>
      {interval === 'yearly' && <p className="panel-text">{t('admin.subscriptions.yearlySaving')}</p>}
      <Button className="button button-primary" isPending={start.isPending} onPress={() => void subscribe()}>
        {t('admin.subscriptions.startFor', { plan: planName(chosen), price: t(`admin.subscriptions.per.${interval}`, { price: priceOf(chosen) }) })}
      </Button>
    </div>
  );
}
