/**
 * Helping someone back into their account: a recovery link (or a code to type on the recovery
 * page) valid for a chosen time, shown once with a copy button, to hand over by a trusted channel.
 */
import { useState } from 'react';
import { Button } from 'react-aria-components';
import type { RecoveryGrant, User } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { DateText } from '../../ui/DateText.js';
import { FilterSelect } from '../../ui/FilterSelect.js';
import { SecretReveal } from '../../ui/SecretReveal.js';
import { toastStore } from '../../ui/toast-store.js';
import { useRecovery } from './queries.js';

const METHODS = ['link', 'code'] as const;
const LIFETIMES = ['1h', '24h', '72h'] as const;

export function RecoveryPanel({ user }: { user: User }) {
  const { t } = useTranslation();
  const recovery = useRecovery(user.id);
  const [method, setMethod] = useState<(typeof METHODS)[number]>('link');
  const [expiresIn, setExpiresIn] = useState<(typeof LIFETIMES)[number]>('24h');
  const [grant, setGrant] = useState<RecoveryGrant | null>(null);

  async function issue() {
    try {
      setGrant(await recovery.mutateAsync({ method, expiresIn }));
    } catch {
      toastStore.show(t('admin.users.recoveryFailed'), 'error');
    }
  }

  return (
    <section className="panel" aria-labelledby="user-recovery">
      <h2 id="user-recovery" className="panel-title">
        {t('admin.users.recovery')}
      </h2>
      <p className="panel-text">{t('admin.users.recoveryText')}</p>
      <div className="list-toolbar">
        <FilterSelect
          label={t('admin.users.recoveryMethod')}
          value={method}
          options={METHODS.map((value) => ({ value, label: t(`admin.users.methods.${value}`) }))}
          onChange={setMethod}
        />
        <FilterSelect
          label={t('admin.users.validFor')}
          value={expiresIn}
          options={LIFETIMES.map((value) => ({ value, label: t(`admin.users.lifetimes.${value}`) }))}
          onChange={setExpiresIn}
        />
        <Button className="button button-secondary" isPending={recovery.isPending} onPress={() => void issue()}>
          {method === 'link' ? t('admin.users.issueLink') : t('admin.users.issueCode')}
        </Button>
      </div>
      {grant && (
        <>
          <SecretReveal label={t('admin.users.recoveryLink')} value={grant.link} />
          {grant.code && <SecretReveal label={t('admin.users.recoveryCode')} value={grant.code} />}
          <p className="notice">
            {t('admin.users.recoveryOnce')}{' '}
            {grant.expiresAt && (
              <>
                {t('admin.users.validUntil')} <DateText date={grant.expiresAt} withTime />.
              </>
            )}
          </p>
        </>
      )}
    </section>
  );
}
