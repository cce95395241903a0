/**
 * An EU VAT ID, checked against the member states' formats by its prefix (or the given country's
 * format when it has none); written in capitals without spaces when the field is left.
 */
import { normalizeVatId, VAT_EXAMPLES, vatPrefix } from '../../../shared/validation/vat.js';
import { useTranslation } from '../../lib/i18n.js';
import type { FieldProps } from './field-props.js';
import { TextField } from './TextField.js';

export interface VatIdFieldProps extends Omit<FieldProps, 'label'> {
  label?: string;
  /** ISO code of the country the number must belong to, when known. */
  country?: string | undefined;
}

export function VatIdField({ label, value, onChange, onBlur, country, description, ...rest }: VatIdFieldProps) {
  const { t } = useTranslation();
  const example = VAT_EXAMPLES[(country && vatPrefix(country)) || 'DE'];
  return (
    <TextField
      {...rest}
      label={label ?? t('admin.vatLabel')}
      value={value}
      onChange={onChange}
      onBlur={() => {
        const normalized = normalizeVatId(value);
        if (normalized !== value) onChange(normalized);
        onBlur?.();
      }}
      description={description ?? t('admin.vatHint', { example })}
      autoComplete="off"
      maxLength={20}
    />
  );
}
