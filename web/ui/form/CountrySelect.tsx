/**
 * The ISO countries, named in the reader's language and sorted in its order. The value is the
 * country code, or, with `valueType="name"`, the English name only (shared/countries.ts); either
 * form is understood when it comes in.
 */
import { useMemo } from 'react';
import { COUNTRIES, countryCode, countryName } from '../../../shared/countries.js';
import { useTranslation } from '../../lib/i18n.js';
import type { FieldProps } from './field-props.js';
import { SelectField, type SelectOption } from './SelectField.js';

export interface CountrySelectProps extends Omit<FieldProps<string | null>, 'label'> {
  label?: string;
  valueType?: 'code' | 'name';
}

export function useCountryOptions(): SelectOption[] {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language, 'en'], { type: 'region', fallback: 'none' });
    const collator = new Intl.Collator(i18n.language);
    return COUNTRIES.map(([code, english]) => ({ id: code, label: names.of(code) ?? english })).sort((a, b) => collator.compare(a.label, b.label));
  }, [i18n.language]);
}

export function CountrySelect({ label, value, onChange, valueType = 'code', ...rest }: CountrySelectProps) {
  const { t } = useTranslation();
  const options = useCountryOptions();
  const code = value ? (countryCode(value) ?? null) : null;
  return (
    <SelectField
      {...rest}
      label={label ?? t('admin.countryLabel')}
      placeholder={t('admin.countryPlaceholder')}
      options={options}
      value={code}
      onChange={(next) => onChange(next && valueType === 'name' ? (countryName(next) ?? next) : next)}
    />
  );
}
