/** The fields of an organisation, shared by its settings page and the global "new organisation" form. */
import { useTranslation } from '../../lib/i18n.js';
import { CountrySelect } from '../../ui/form/CountrySelect.js';
import { PhoneField } from '../../ui/form/PhoneField.js';
import { TextField } from '../../ui/form/TextField.js';
import type { FieldBinding } from '../../ui/form/use-form-state.js';
import { VatIdField } from '../../ui/form/VatIdField.js';
import type { OrgFormValues } from './org-form.js';

type Bind = <K extends keyof OrgFormValues>(name: K) => FieldBinding<OrgFormValues[K]>;

export function OrgFields({ field, isDisabled = false }: { field: Bind; isDisabled?: boolean }) {
  const { t } = useTranslation();
  const country = field('country').value ?? undefined;
  return (
    <>
      <fieldset className="form-section">
        <legend>{t('admin.orgs.identity')}</legend>
        <div className="form-grid">
          <TextField label={t('admin.orgs.name')} isRequired maxLength={200} isDisabled={isDisabled} {...field('name')} />
          <TextField label={t('admin.orgs.legalName')} maxLength={200} isDisabled={isDisabled} {...field('legalName')} />
          <VatIdField country={country} isDisabled={isDisabled} {...field('vatId')} />
        </div>
      </fieldset>
      <fieldset className="form-section">
        <legend>{t('admin.orgs.contact')}</legend>
        <div className="form-grid">
          <TextField label={t('admin.orgs.email')} type="email" autoComplete="email" maxLength={254} isDisabled={isDisabled} {...field('email')} />
          <PhoneField label={t('admin.phoneLabel')} isDisabled={isDisabled} {...field('phone')} />
        </div>
      </fieldset>
      <fieldset className="form-section">
        <legend>{t('admin.orgs.address')}</legend>
        <div className="form-grid">
          <TextField label={t('admin.orgs.street')} autoComplete="street-address" maxLength={200} isDisabled={isDisabled} {...field('street')} />
          <TextField label={t('admin.orgs.postalCode')} autoComplete="postal-code" maxLength={20} isDisabled={isDisabled} {...field('postalCode')} />
          <TextField label={t('admin.orgs.city')} autoComplete="address-level2" maxLength={100} isDisabled={isDisabled} {...field('city')} />
          <CountrySelect isDisabled={isDisabled} {...field('country')} />
        </div>
      </fieldset>
    </>
  );
}
