/**
 * What a new password must be: its minimum length, not too close to the account's address, and
 * not on the server's own list of breached passwords. Kratos' `ignore_network_errors` is left
 * out: the list is local, there is no network call to fail.
 */
import { useTranslation } from '../../lib/i18n.js';
import { CheckboxField } from '../../ui/form/CheckboxField.js';
import { NumberField } from '../../ui/form/NumberField.js';
import { flag, METHODS, whole, wholeBetween, type ConfigFields } from './config-fields.js';
import { ConfigForm } from './ConfigForm.js';
import type { PlatformProject } from './platform-types.js';

const POLICY = `${METHODS}/password/config`;
/** The configuration schema's bounds (server/platform/config-schema.ts). */
const MIN_LENGTH = { min: 6, max: 1024 };
const MAX_BREACHES = { min: 0, max: 1_000_000 };

type Values = {
  minLength: number;
  similarity: boolean;
  breaches: boolean;
  maxBreaches: number;
};

const FIELDS: ConfigFields<Values> = {
  minLength: whole(`${POLICY}/min_password_length`, 8),
  similarity: flag(`${POLICY}/identifier_similarity_check_enabled`, true),
  breaches: flag(`${POLICY}/haveibeenpwned_enabled`, true),
  maxBreaches: whole(`${POLICY}/max_breaches`, 0),
};

export function PasswordPolicyForm({ project, onReload }: { project: PlatformProject; onReload: () => Promise<unknown> }) {
  const { t } = useTranslation();
  return (
    <ConfigForm
      id="platform-password"
      title={t('platformAdmin.password.title')}
      text={t('platformAdmin.password.text')}
      project={project}
      fields={FIELDS}
      checks={{ minLength: wholeBetween(t, MIN_LENGTH.min, MIN_LENGTH.max), maxBreaches: wholeBetween(t, MAX_BREACHES.min, MAX_BREACHES.max) }}
      onReload={onReload}
    >
      {({ form }) => {
        const breaches = form.values.breaches;
        return (
          <div className="config-fields">
            <NumberField
              label={t('platformAdmin.password.minLength')}
              description={t('platformAdmin.password.minLengthHint', { min: MIN_LENGTH.min, max: MIN_LENGTH.max })}
              isRequired
              minValue={MIN_LENGTH.min}
              maxValue={MIN_LENGTH.max}
              {...form.field('minLength')}
            />
            <CheckboxField label={t('platformAdmin.password.similarity')} description={t('platformAdmin.password.similarityHint')} {...form.field('similarity')} />
            <CheckboxField label={t('platformAdmin.password.breaches')} description={t('platformAdmin.password.breachesHint')} {...form.field('breaches')} />
            <div className="config-dependent">
              <NumberField
                label={t('platformAdmin.password.maxBreaches')}
                description={t('platformAdmin.password.maxBreachesHint')}
                isRequired
                isDisabled={!breaches}
                minValue={MAX_BREACHES.min}
                maxValue={MAX_BREACHES.max}
                {...form.field('maxBreaches')}
              />
            </div>
          </div>
        );
      }}
    </ConfigForm>
  );
}
