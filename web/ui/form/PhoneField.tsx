/**
 * An international phone number: a calling-code choice (Germany unless told otherwise) beside the
 * number. A number typed without +prefix belongs to the chosen country and is rewritten in
 * international form when the field is left; typing a +prefix picks the country by itself.
 */
import { useMemo, useState } from 'react';
import { FieldError, Input, Text, TextField as AriaTextField } from 'react-aria-components';
import { AsYouType, getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js/max';
import { DEFAULT_PHONE_COUNTRY, formatPhoneNumber, PHONE_MAX_LENGTH } from '../../../shared/validation/phone.js';
import { useTranslation } from '../../lib/i18n.js';
import type { FieldProps } from './field-props.js';
import { FieldLabel } from './FieldLabel.js';
import './field.css';
import './phone.css';

export interface PhoneFieldProps extends FieldProps {
  defaultCountry?: CountryCode;
}

export function PhoneField({ label, value, onChange, onBlur, error, description, isRequired, isDisabled, name, defaultCountry = DEFAULT_PHONE_COUNTRY }: PhoneFieldProps) {
  const { t, i18n } = useTranslation();
  const [chosen, setChosen] = useState<CountryCode>(defaultCountry);
  const detected = useMemo(() => {
    if (!value.trim().startsWith('+')) return undefined;
    const formatter = new AsYouType();
    formatter.input(value);
    return formatter.getCountry();
  }, [value]);
  const country = detected ?? chosen;
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language, 'en'], { type: 'region', fallback: 'code' });
    const collator = new Intl.Collator(i18n.language);
    return getCountries()
      .map((code) => ({ code, name: names.of(code) ?? code, calling: getCountryCallingCode(code) }))
      .sort((a, b) => collator.compare(a.name, b.name));
  }, [i18n.language]);

  function chooseCountry(next: CountryCode) {
    setChosen(next);
    // A number already given with a calling code moves to the new one.
    const match = /^\s*\+\d{1,3}\s*(.*)$/.exec(value);
    if (match && detected) onChange(`+${getCountryCallingCode(next)} ${match[1] ?? ''}`.trimEnd());
  }

  return (
    <AriaTextField
      className="field"
      value={value}
      onChange={onChange}
      onBlur={() => {
        const rewritten = value.trim() ? (formatPhoneNumber(value, country)?.international ?? value) : value;
        if (rewritten !== value) onChange(rewritten);
        onBlur?.();
      }}
      isInvalid={!!error}
      isRequired={isRequired}
      isDisabled={isDisabled}
      validationBehavior="aria"
      name={name}
      type="tel"
      autoComplete="tel"
      maxLength={PHONE_MAX_LENGTH}
    >
      <FieldLabel label={label} isRequired={isRequired} />
      <div className="field-control phone-control">
        <div className="input phone-country" data-disabled={isDisabled || undefined}>
          <span aria-hidden="true">{`${country} +${getCountryCallingCode(country)}`}</span>
          <span className="phone-chevron" aria-hidden="true" />
          {/* Transparent over the short label: the open list names every country in full. */}
          <select aria-label={t('admin.phoneCountry')} value={country} disabled={isDisabled} onChange={(event) => chooseCountry(event.target.value as CountryCode)}>
            {countries.map(({ code, name: countryName, calling }) => (
              <option key={code} value={code}>
                {`${countryName} +${calling}`}
              </option>
            ))}
          </select>
        </div>
        <Input className="input phone-number" placeholder={`+${getCountryCallingCode(country)}`} />
      </div>
      {description && (
        <Text slot="description" className="field-hint">
          {description}
        </Text>
      )}
      <FieldError className="field-error">{error}</FieldError>
    </AriaTextField>
  );
}
