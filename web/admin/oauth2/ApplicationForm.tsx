/**
 * An application's settings, for a new one and for changing one: name, where sign-ins return to
 * and logouts end, grant types and scopes with what each means, how it authenticates at the
 * token endpoint, and whether its users are asked to consent. The API decides which URIs and
 * combinations are acceptable; a refusal is shown at the field (the row) it names and the form
 * keeps everything typed.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { apiFailureOf } from '../../lib/api-failure.js';
import type { OAuth2ApplicationInput } from '../../lib/api-types.js';
import { useTranslation } from '../../lib/i18n.js';
import { CheckboxField } from '../../ui/form/CheckboxField.js';
import { failureText } from '../../ui/form/failure-text.js';
import { FormError } from '../../ui/form/FormError.js';
import { SelectField } from '../../ui/form/SelectField.js';
import { TextField } from '../../ui/form/TextField.js';
import { AUTH_METHODS, badCustomScope, GRANT_TYPES, inputOf, STANDARD_SCOPES, type ApplicationValues, type AuthMethod } from './application-form.js';
import { OptionChecks } from './OptionChecks.js';
import { refusalText } from './refusal-text.js';
import { UriListField } from './UriListField.js';

type UriField = 'redirectUris' | 'postLogoutRedirectUris';
type Field = 'name' | UriField | 'grantTypes' | 'scopes' | 'tokenEndpointAuthMethod';

interface Refusal {
  field?: Field;
  /** The form's row, for a refused URI. */
  row?: number;
  text: string;
}

interface Props {
  id: string;
  initial: ApplicationValues;
  onSave: (input: OAuth2ApplicationInput) => Promise<unknown>;
  /** A public application stays public: the API keeps secrets to applications registered with one. */
  publicOnly?: boolean;
  /** Buttons under the fields (a page's Save); a modal puts its own in its footer instead. */
  actions?: (pending: boolean) => ReactNode;
  onPendingChange?: (pending: boolean) => void;
}

const FIELDS: readonly Field[] = ['name', 'redirectUris', 'postLogoutRedirectUris', 'grantTypes', 'scopes', 'tokenEndpointAuthMethod'];

export function ApplicationForm({ id, initial, onSave, publicOnly = false, actions, onPendingChange }: Props) {
  const { t } = useTranslation();
  const [values, setValues] = useState(initial);
  const [tried, setTried] = useState(false);
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const checks: Partial<Record<Field, string>> = {};
  if (!values.name.trim()) checks.name = t('admin.fieldRequired');
  if (values.grantTypes.length === 0) checks.grantTypes = t('oauth2Admin.grantRequired');
  const bad = badCustomScope(values.customScopes);
  if (bad) checks.scopes = t('oauth2Admin.scopeInvalid', { scope: bad });
  const shown = tried ? checks : {};

  function set<K extends keyof ApplicationValues>(name: K, value: ApplicationValues[K]) {
    setValues((current) => ({ ...current, [name]: value }));
    const field = name === 'customScopes' ? 'scopes' : name;
    // Changing what the API refused is the answer to its complaint.
    setRefusal((current) => (current?.field === field ? null : current));
  }

  const errorOf = (field: Field) => shown[field] ?? (refusal?.field === field && refusal.row === undefined ? refusal.text : undefined);
  const rowErrors = (field: UriField) => (refusal?.field === field && refusal.row !== undefined ? { [refusal.row]: refusal.text } : {});

  function setPendingBoth(next: boolean) {
    setPending(next);
    onPendingChange?.(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (Object.keys(checks).length > 0 || pending) return;
    const { input, rows } = inputOf(values);
    setPendingBoth(true);
    setRefusal(null);
    try {
      await onSave(input);
      setTried(false);
    } catch (error) {
      const failure = apiFailureOf(error);
      const [name, index] = failure.path ?? [];
      const field = FIELDS.find((f) => f === name);
      const row = field === 'redirectUris' || field === 'postLogoutRedirectUris' ? rows[field][Number(index)] : undefined;
      const text = refusalText(t, failure) ?? failureText(t, failure, field !== undefined);
      setRefusal({ field, row, text });
    } finally {
      setPendingBoth(false);
    }
  }

  const authOptions = AUTH_METHODS.filter((m) => !publicOnly || m === 'none').map((m) => ({ id: m, label: t(`oauth2Admin.authMethods.${m}`) }));
  const isPublic = values.tokenEndpointAuthMethod === 'none';
  // A form-level sentence only when no field carries the refusal.
  const formError = refusal && !refusal.field ? refusal.text : refusal ? t('admin.form.checkMarked') : null;

  return (
    <form id={id} noValidate onSubmit={(event) => void submit(event)} className="oauth2-form">
      <TextField
        label={t('oauth2Admin.name')}
        description={t('oauth2Admin.nameHint')}
        isRequired
        maxLength={200}
        autoComplete="off"
        value={values.name}
        onChange={(v) => set('name', v)}
        error={errorOf('name')}
      />
      <UriListField
        label={t('oauth2Admin.redirectUris')}
        description={t('oauth2Admin.redirectUrisHint')}
        values={values.redirectUris}
        onChange={(v) => set('redirectUris', v)}
        errors={rowErrors('redirectUris')}
        error={errorOf('redirectUris')}
        addLabel={t('oauth2Admin.addRedirectUri')}
      />
      <UriListField
        label={t('oauth2Admin.postLogoutRedirectUris')}
        description={t('oauth2Admin.postLogoutRedirectUrisHint')}
        values={values.postLogoutRedirectUris}
        onChange={(v) => set('postLogoutRedirectUris', v)}
        errors={rowErrors('postLogoutRedirectUris')}
        error={errorOf('postLogoutRedirectUris')}
        addLabel={t('oauth2Admin.addPostLogoutUri')}
      />
      <div className="oauth2-options">
        <OptionChecks
          label={t('oauth2Admin.grantTypes')}
          value={values.grantTypes}
          onChange={(v) => set('grantTypes', v)}
          error={errorOf('grantTypes')}
          options={GRANT_TYPES.map((g) => ({
            value: g,
            label: t(`oauth2Admin.grants.${g}.label`),
            hint: t(`oauth2Admin.grants.${g}.hint`),
            isDisabled: isPublic && (g === 'client_credentials' || g === 'jwt-bearer') && !values.grantTypes.includes(g),
          }))}
        />
        <div className="oauth2-scopes">
          <OptionChecks
            label={t('oauth2Admin.scopes')}
            value={values.scopes}
            onChange={(v) => set('scopes', v)}
            options={STANDARD_SCOPES.map((s) => ({ value: s, label: s, hint: t(`oauth2Admin.scopeHints.${s}`) }))}
          />
          <TextField
            label={t('oauth2Admin.customScopes')}
            description={t('oauth2Admin.customScopesHint')}
            maxLength={2000}
            autoComplete="off"
            value={values.customScopes}
            onChange={(v) => set('customScopes', v)}
            error={errorOf('scopes')}
          />
        </div>
      </div>
      <SelectField
        label={t('oauth2Admin.authMethod')}
        description={publicOnly ? t('oauth2Admin.publicOnlyHint') : t('oauth2Admin.authMethodHint')}
        isRequired
        options={authOptions}
        value={values.tokenEndpointAuthMethod}
        onChange={(v) => v && set('tokenEndpointAuthMethod', v as AuthMethod)}
        error={errorOf('tokenEndpointAuthMethod')}
      />
      <CheckboxField label={t('oauth2Admin.skipConsent')} description={t('oauth2Admin.skipConsentHint')} value={values.skipConsent} onChange={(v) => set('skipConsent', v)} />
      <FormError text={formError} />
      {actions?.(pending)}
    </form>
  );
}
