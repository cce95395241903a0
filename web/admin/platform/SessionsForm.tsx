/** How long a sign-in lasts before the identity service asks again. */
import { useTranslation } from '../../lib/i18n.js';
import { IDENTITY_CONFIG, lifespan, positiveDuration, type ConfigFields } from './config-fields.js';
import { ConfigForm } from './ConfigForm.js';
import { DurationField } from './DurationField.js';
import type { FriendlyDuration } from './go-duration.js';
import type { PlatformProject } from './platform-types.js';

type Values = {
  lifespan: FriendlyDuration;
};

const FIELDS: ConfigFields<Values> = {
  lifespan: lifespan(`${IDENTITY_CONFIG}/session/lifespan`, { amount: 24, unit: 'h' }),
};

export function SessionsForm({ project, onReload }: { project: PlatformProject; onReload: () => Promise<unknown> }) {
  const { t } = useTranslation();
  return (
    <ConfigForm
      id="platform-sessions"
      title={t('platformAdmin.sessions.title')}
      text={t('platformAdmin.sessions.text')}
      project={project}
      fields={FIELDS}
      checks={{ lifespan: positiveDuration(t) }}
      onReload={onReload}
    >
      {({ form, storedAt }) => (
        <div className="form-grid">
          <DurationField label={t('platformAdmin.sessions.lifespan')} stored={storedAt('lifespan')} {...form.field('lifespan')} />
        </div>
      )}
    </ConfigForm>
  );
}
