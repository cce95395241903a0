/** The shared form fields: labels and asterisks, errors linked to their inputs, the phone, VAT and country fields, Save/Reset. */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import deApp from '../../locales/app/de.json' with { type: 'json' };
import enApp from '../../locales/app/en.json' with { type: 'json' };
import de from '../../locales/de.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import { setCatalogue, useTranslation } from '../../web/lib/i18n.js';
import { CheckboxField } from '../../web/ui/form/CheckboxField.js';
import { CountrySelect } from '../../web/ui/form/CountrySelect.js';
import { FormActions } from '../../web/ui/form/FormActions.js';
import { PasswordField } from '../../web/ui/form/PasswordField.js';
import { PhoneField } from '../../web/ui/form/PhoneField.js';
import { TextField } from '../../web/ui/form/TextField.js';
import { useFormState } from '../../web/ui/form/use-form-state.js';
import { phoneNumber } from '../../web/ui/form/phone-validator.js';
import { all, emailAddress, optional, password, required, vatId } from '../../web/ui/form/validators.js';
import { VatIdField } from '../../web/ui/form/VatIdField.js';

function describedText(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');
}

type Company = {
  name: string;
  phone: string;
  vat: string;
  country: string | null;
  terms: boolean;
  secret: string;
};

const STORED: Company = { name: 'Acme', phone: '+49 30 1234567', vat: '', country: 'DE', terms: true, secret: '' };

function CompanyForm({ stored = STORED, onSave }: { stored?: Company; onSave: (values: Company) => Promise<void> | void }) {
  const { t } = useTranslation();
  const form = useFormState(stored, {
    name: required(t),
    phone: phoneNumber(t),
    vat: vatId(t),
    terms: required(t),
    secret: (value) => (value ? password(t)(value) : undefined),
  });
  return (
    <form onSubmit={form.handleSubmit(onSave)} noValidate>
      <TextField label="Company name" isRequired {...form.field('name')} />
      <PhoneField label={t('admin.phoneLabel')} isRequired {...form.field('phone')} />
      <VatIdField {...form.field('vat')} />
      <CountrySelect {...form.field('country')} />
      <CheckboxField label="I accept the terms" isRequired {...form.field('terms')} />
      <PasswordField label="New password" {...form.field('secret')} />
      <FormActions dirty={form.dirty} pending={form.pending} onReset={form.reset} />
    </form>
  );
}

describe('form fields', () => {
  it('mark required fields with an asterisk and aria-required', () => {
    render(<CompanyForm onSave={() => undefined} />);
    const name = screen.getByRole('textbox', { name: /Company name/ });
    expect(name.getAttribute('aria-required')).toBe('true');
    expect(name.closest('.field')!.querySelector('.required-mark')!.textContent).toBe(' *');
    const optional = screen.getByLabelText(/New password/);
    expect(optional.getAttribute('aria-required')).toBeNull();
    expect(optional.closest('.field')!.querySelector('.required-mark')).toBeNull();
  });

  it('Save and Reset wait for a change; Reset brings back the stored values', async () => {
    render(<CompanyForm onSave={() => undefined} />);
    const save = screen.getByRole('button', { name: 'Save' });
    const reset = screen.getByRole('button', { name: 'Reset' });
    expect(save.hasAttribute('disabled')).toBe(true);
    expect(reset.hasAttribute('disabled')).toBe(true);
    const name = screen.getByRole<HTMLInputElement>('textbox', { name: /Company name/ });
    await userEvent.type(name, ' Ltd');
    expect(save.hasAttribute('disabled')).toBe(false);
    await userEvent.clear(name);
    await userEvent.type(name, 'Acme');
    // Typed back to what was stored: nothing to save.
    expect(save.hasAttribute('disabled')).toBe(true);
    await userEvent.type(name, ' Ltd');
    await userEvent.click(reset);
    expect(name.value).toBe('Acme');
    expect(save.hasAttribute('disabled')).toBe(true);
  });

  it('shows a failed check once the field is left: red border state, message linked by aria-describedby', async () => {
    render(<CompanyForm onSave={() => undefined} />);
    const name = screen.getByRole('textbox', { name: /Company name/ });
    await userEvent.clear(name);
    expect(name.getAttribute('aria-invalid')).toBeNull();
    await userEvent.tab();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.closest('.field')!.hasAttribute('data-invalid')).toBe(true);
    expect(describedText(name)).toContain('This field is required');
  });

  it('refuses a bad phone number and a bad VAT ID, and saves nothing', async () => {
    const onSave = vi.fn();
    render(<CompanyForm onSave={onSave} />);
    const phone = screen.getByRole('textbox', { name: /Phone number/ });
    await userEvent.clear(phone);
    await userEvent.type(phone, '+49 12');
    const vat = screen.getByRole('textbox', { name: /VAT ID/ });
    await userEvent.type(vat, 'de 12345');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(phone)).toContain('Invalid phone number');
    expect(vat.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(vat)).toContain('Invalid VAT ID');
    // The hint says what is expected.
    expect(describedText(vat)).toContain('DE123456789');
  });

  it('writes a German number without prefix internationally and a VAT ID in capitals when left, then saves', async () => {
    const onSave = vi.fn();
    render(<CompanyForm onSave={onSave} />);
    const phone = screen.getByRole<HTMLInputElement>('textbox', { name: /Phone number/ });
    await userEvent.clear(phone);
    await userEvent.type(phone, '030 9876543');
    await userEvent.tab();
    expect(phone.value).toBe('+49 30 9876543');
    const vat = screen.getByRole<HTMLInputElement>('textbox', { name: /VAT ID/ });
    await userEvent.type(vat, 'de 123 456 789');
    await userEvent.tab();
    expect(vat.value).toBe('DE123456789');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ ...STORED, phone: '+49 30 9876543', vat: 'DE123456789' });
    // Saved values are the stored ones now.
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
  });

  it('the phone country defaults to Germany and follows a typed +prefix', async () => {
    render(<CompanyForm stored={{ ...STORED, phone: '' }} onSave={() => undefined} />);
    const country = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Country calling code' });
    expect(country.value).toBe('DE');
    await userEvent.type(screen.getByRole('textbox', { name: /Phone number/ }), '+33 6 12 34 56 78');
    expect(country.value).toBe('FR');
  });

  it('the password field shows and hides what was typed and checks the length', async () => {
    render(<CompanyForm onSave={() => undefined} />);
    const secret = screen.getByLabelText<HTMLInputElement>(/New password/);
    expect(secret.type).toBe('password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(secret.type).toBe('text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(secret.type).toBe('password');
    await userEvent.type(secret, 'short');
    await userEvent.tab();
    expect(describedText(secret)).toContain('Password must have at least 12 characters');
  });

  it('a required checkbox left unticked is invalid and linked to its message', async () => {
    render(<CompanyForm onSave={() => undefined} />);
    const terms = screen.getByRole('checkbox', { name: /I accept the terms/ });
    await userEvent.click(terms);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(terms.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(terms)).toBe('This field is required');
  });
});

describe('CountrySelect', () => {
  it('offers the 249 countries named in the reader’s language and keeps a code or an English name', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<CountrySelect value="Germany" onChange={onChange} valueType="name" />);
    const trigger = screen.getByRole('button', { name: /Country/ });
    expect(trigger.textContent).toContain('Germany');
    await userEvent.click(trigger);
    const list = screen.getByRole('listbox');
    expect(within(list).getAllByRole('option')).toHaveLength(249);
    await userEvent.click(within(list).getByRole('option', { name: 'France' }));
    expect(onChange).toHaveBeenLastCalledWith('France');

    rerender(<CountrySelect value="DE" onChange={onChange} />);
    setCatalogue('de', { ...de, ...deApp });
    try {
      rerender(<CountrySelect value="DE" onChange={onChange} />);
      await userEvent.click(screen.getByRole('button', { name: /Land/ }));
      await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Frankreich' }));
      expect(onChange).toHaveBeenLastCalledWith('FR');
    } finally {
      setCatalogue('en', { ...en, ...enApp });
    }
  });
});

describe('validators', () => {
  it('give the first failing message', () => {
    const t = (key: string) => key;
    const check = all<string>(required(t), phoneNumber(t));
    expect(check('')).toBe('admin.fieldRequired');
    expect(check('12')).toBe('admin.phoneInvalid');
    expect(check('+49 30 1234567')).toBeUndefined();
    expect(vatId(t)('')).toBeUndefined();
    expect(vatId(t, 'AT')('DE123456789')).toBe('admin.vatInvalid');
  });

  it('let an optional field stay empty, but check whatever is typed into it', () => {
    const t = (key: string) => key;
    expect(emailAddress(t)('')).toBe('admin.form.emailInvalid');
    expect(emailAddress(t)(' dana@example.com ')).toBeUndefined();
    expect(optional(emailAddress(t))('  ')).toBeUndefined();
    expect(optional(emailAddress(t))('dana@')).toBe('admin.form.emailInvalid');
    expect(optional(phoneNumber(t))('')).toBeUndefined();
    expect(optional(phoneNumber(t))('12')).toBe('admin.phoneInvalid');
  });
});
