/**
 * The OAuth2 provider's tokens: whether access tokens are opaque or JWTs, how requested scopes
 * are matched against a client's, and how long access, refresh and ID tokens last.
 */
import { useTranslation } from '../../lib/i18n.js';
import { SelectField } from '../../ui/form/SelectField.js';
import { choice, lifespan, OAUTH2_CONFIG, positiveDuration, type ConfigFields } from './config-fields.js';
import { ConfigForm } from './ConfigForm.js';
import { DurationField } from './DurationField.js';
import type { FriendlyDuration } from './go-duration.js';
import type { PlatformProject } from './platform-types.js';

const TOKEN_FORMATS = ['opaque', 'jwt'] as const;
const SCOPE_STRATEGIES = ['exact', 'wildcard'] as const;
const LIFESPANS = ['accessToken', 'refreshToken', 'idToken'] as const;

type Values = {
  tokenFormat: string | null;
  scopeStrategy: string | null;
  accessToken: FriendlyDuration;
  refreshToken: FriendlyDuration;
  idToken: FriendlyDuration;
};

const FIELDS: ConfigFields<Values> = {
  tokenFormat: choice(`${OAUTH2_CONFIG}/strategies/access_token`, TOKEN_FORMATS, 'opaque'),
  scopeStrategy: choice(`${OAUTH2_CONFIG}/strategies/scope`, SCOPE_STRATEGIES, 'exact'),
  accessToken: lifespan(`${OAUTH2_CONFIG}/ttl/access_token`, { amount: 1, unit: 'h' }),
  refreshToken: lifespan(`${OAUTH2_CONFIG}/ttl/refresh_token`, { amount: 720, unit: 'h' }),
  idToken: lifespan(`${OAUTH2_CONFIG}/ttl/id_token`, { amount: 1, unit: 'h' }),
};

export function OAuth2SettingsForm({ project, onReload }: { project: PlatformProject; onReload: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const durations = positiveDuration(t);
  return (
    <ConfigForm
      id="platform-oauth2"
      title={t('platformAdmin.oauth2.title')}
      text={t('platformAdmin.oauth2.text')}
      project={project}
      fields={FIELDS}
      checks={{ accessToken: durations, refreshToken: durations, idToken: durations }}
      onReload={onReload}
    >
      {({ form, storedAt }) => (
        <>
          <div className="form-grid">
            <SelectField
              label={t('platformAdmin.oauth2.tokenFormat')}
              description={t('platformAdmin.oauth2.tokenFormatHint')}
              isRequired
              options={TOKEN_FORMATS.map((id) => ({ id, label: t(`platformAdmin.oauth2.tokenFormats.${id}`) }))}
              {...form.field('tokenFormat')}
            />
            <SelectField
              label={t('platformAdmin.oauth2.scopeStrategy')}
              description={t('platformAdmin.oauth2.scopeStrategyHint')}
              isRequired
              options={SCOPE_STRATEGIES.map((id) => ({ id, label: t(`platformAdmin.oauth2.scopeStrategies.${id}`) }))}
              {...form.field('scopeStrategy')}
            />
          </div>
          <fieldset className="form-section">
            <legend>{t('platformAdmin.oauth2.lifespans')}</legend>
            <div className="form-grid">
              {LIFESPANS.map((name) => (
                <DurationField key={name} label={t(`platformAdmin.oauth2.${name}`)} stored={storedAt(name)} {...form.field(name)} />
              ))}
            </div>
          </fieldset>
        </>
      )}
    </ConfigForm>
  );
}
