/** How people recover their account and verify their address: an e-mailed code or an e-mailed link. */
import { useTranslation } from '../../lib/i18n.js';
import { SelectField } from '../../ui/form/SelectField.js';
import { choice, IDENTITY_CONFIG, type ConfigFields } from './config-fields.js';
import { ConfigForm } from './ConfigForm.js';
import type { PlatformProject } from './platform-types.js';

const WAYS = ['code', 'link'] as const;

type Values = {
  recovery: string | null;
  verification: string | null;
};

const FIELDS: ConfigFields<Values> = {
  recovery: choice(`${IDENTITY_CONFIG}/selfservice/flows/recovery/use`, WAYS, 'code'),
  verification: choice(`${IDENTITY_CONFIG}/selfservice/flows/verification/use`, WAYS, 'code'),
};

export function RecoveryForm({ project, onReload }: { project: PlatformProject; onReload: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const options = WAYS.map((id) => ({ id, label: t(`platformAdmin.recovery.ways.${id}`) }));
  return (
    <ConfigForm id="platform-recovery" title={t('platformAdmin.recovery.title')} text={t('platformAdmin.recovery.text')} project={project} fields={FIELDS} onReload={onReload}>
      {({ form }) => (
        <div className="form-grid">
          <SelectField
            label={t('platformAdmin.recovery.recovery')}
            description={t('platformAdmin.recovery.recoveryHint')}
            isRequired
            options={options}
            {...form.field('recovery')}
          />
          <SelectField
            label={t('platformAdmin.recovery.verification')}
            description={t('platformAdmin.recovery.verificationHint')}
            isRequired
            options={options}
            {...form.field('verification')}
          />
        </div>
      )}
    </ConfigForm>
  );
}
