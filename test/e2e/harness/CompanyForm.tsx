/** Every form field with its checks, saved into the page (the status line says what was saved). */
import { useState } from 'react';
import { useTranslation } from '../../../web/lib/i18n.js';
import { CheckboxField } from '../../../web/ui/form/CheckboxField.js';
import { CountrySelect } from '../../../web/ui/form/CountrySelect.js';
import { FormActions } from '../../../web/ui/form/FormActions.js';
import { PasswordField } from '../../../web/ui/form/PasswordField.js';
import { PhoneField } from '../../../web/ui/form/PhoneField.js';
import { SelectField } from '../../../web/ui/form/SelectField.js';
import { TextField } from '../../../web/ui/form/TextField.js';
import { useFormState } from '../../../web/ui/form/use-form-state.js';
import { phoneNumber } from '../../../web/ui/form/phone-validator.js';
import { password, required, vatId } from '../../../web/ui/form/validators.js';
import { VatIdField } from '../../../web/ui/form/VatIdField.js';

const STORED = { name: 'Acme GmbH', phone: '+49 30 1234567', vat: 'DE123456789', country: 'DE' as string | null, plan: 'basic' as string | null, newsletter: false, secret: '' };

export function CompanyForm() {
  const { t } = useTranslation();
  const [stored, setStored] = useState(STORED);
  const [saved, setSaved] = useState('');
  const form = useFormState(stored, {
    name: required(t),
    phone: phoneNumber(t),
    vat: vatId(t),
    secret: (value) => (value ? password(t)(value) : undefined),
  });
  return (
    <form
      className="harness-form"
      aria-label="Company"
      noValidate
      onSubmit={form.handleSubmit((values) => {
        setStored(values);
        setSaved(`Saved ${values.name}, ${values.phone}, ${values.vat}`);
      })}
    >
      <TextField label="Company name" isRequired {...form.field('name')} />
      <PhoneField label={t('admin.phoneLabel')} isRequired {...form.field('phone')} />
      <VatIdField {...form.field('vat')} />
      <CountrySelect isRequired {...form.field('country')} />
      <SelectField
        label="Plan"
        options={[
          { id: 'basic', label: 'Basic' },
          { id: 'pro', label: 'Professional' },
        ]}
        {...form.field('plan')}
      />
      <PasswordField label="New password" description="At least 12 characters" {...form.field('secret')} />
      <CheckboxField label="Send me the newsletter" {...form.field('newsletter')} />
      <FormActions dirty={form.dirty} pending={form.pending} onReset={form.reset} />
      <p role="status" aria-label="Form status">
        {saved}
      </p>
    </form>
  );
}
