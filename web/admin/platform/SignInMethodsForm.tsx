/**
 * Which ways of signing in the identity service offers: the first factors (password, e-mailed
 * one-time code, passkeys, social sign-in) and the second factors (authenticator app, backup
 * codes, security keys). Turning off every way in is refused before it is sent.
 */
import { useTranslation } from '../../lib/i18n.js';
import { CheckboxField } from '../../ui/form/CheckboxField.js';
import { flag, METHODS, PROVIDERS, type ConfigFields } from './config-fields.js';
import { valueAt } from './config-patch.js';
import { ConfigForm } from './ConfigForm.js';
import type { PlatformProject } from './platform-types.js';

type Values = {
  password: boolean;
  code: boolean;
  passkey: boolean;
  oidc: boolean;
  totp: boolean;
  lookup_secret: boolean;
  webauthn: boolean;
};

const FIELDS: ConfigFields<Values> = {
  password: flag(`${METHODS}/password/enabled`, true),
  code: flag(`${METHODS}/code/enabled`, false),
  passkey: flag(`${METHODS}/passkey/enabled`, false),
  oidc: flag(`${METHODS}/oidc/enabled`, false),
  totp: flag(`${METHODS}/totp/enabled`, false),
  lookup_secret: flag(`${METHODS}/lookup_secret/enabled`, false),
  webauthn: flag(`${METHODS}/webauthn/enabled`, false),
};

const FIRST_FACTORS = ['password', 'code', 'passkey', 'oidc'] as const;
const SECOND_FACTORS = ['totp', 'lookup_secret', 'webauthn'] as const;

export function SignInMethodsForm({ project, onReload }: { project: PlatformProject; onReload: () => Promise<unknown> }) {
  const { t } = useTranslation();
  const providers = valueAt(project, PROVIDERS);
  const providerCount = Array.isArray(providers) ? providers.length : 0;
  return (
    <ConfigForm
      id="platform-methods"
      title={t('platformAdmin.methods.title')}
      text={t('platformAdmin.methods.text')}
      project={project}
      fields={FIELDS}
      onReload={onReload}
      problem={(values) => (values.password || values.code || values.passkey || (values.oidc && providerCount > 0) ? undefined : t('platformAdmin.methods.noWayIn'))}
    >
      {({ form }) => (
        <>
          <fieldset className="form-section">
            <legend>{t('platformAdmin.methods.firstFactors')}</legend>
            <div className="form-grid method-grid">
              {FIRST_FACTORS.map((name) => (
                <CheckboxField key={name} label={t(`platformAdmin.methods.${name}`)} description={t(`platformAdmin.methods.${name}Hint`)} {...form.field(name)} />
              ))}
            </div>
          </fieldset>
          <fieldset className="form-section">
            <legend>{t('platformAdmin.methods.secondFactors')}</legend>
            <div className="form-grid method-grid">
              {SECOND_FACTORS.map((name) => (
                <CheckboxField key={name} label={t(`platformAdmin.methods.${name}`)} description={t(`platformAdmin.methods.${name}Hint`)} {...form.field(name)} />
              ))}
            </div>
          </fieldset>
        </>
      )}
    </ConfigForm>
  );
}
