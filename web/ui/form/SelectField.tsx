/** Pick one of a list: a button showing the choice, opening a list box (type-ahead works). */
import { Button, FieldError, ListBox, ListBoxItem, Popover, Select, SelectValue, Text, type Key } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n.js';
import type { FieldProps } from './field-props.js';
import { FieldLabel } from './FieldLabel.js';
import './field.css';
import './select.css';

export interface SelectOption {
  id: string;
  label: string;
}

export interface SelectFieldProps extends FieldProps<string | null> {
  options: readonly SelectOption[];
  placeholder?: string;
}

export function SelectField({ label, value, onChange, onBlur, error, description, isRequired, isDisabled, name, options, placeholder }: SelectFieldProps) {
  const { t } = useTranslation();
  return (
    <Select
      className="field field-select"
      value={value}
      onChange={(key: Key | null) => onChange(key === null ? null : String(key))}
      onBlur={onBlur}
      isInvalid={!!error}
      isRequired={isRequired}
      isDisabled={isDisabled}
      validationBehavior="aria"
      name={name}
      placeholder={placeholder ?? t('admin.selectPlaceholder')}
    >
      <FieldLabel label={label} isRequired={isRequired} />
      <Button className="input select-button">
        <SelectValue className="select-value" />
        <span className="select-chevron" aria-hidden="true" />
      </Button>
      {description && (
        <Text slot="description" className="field-hint">
          {description}
        </Text>
      )}
      <FieldError className="field-error">{error}</FieldError>
      <Popover className="select-popover">
        <ListBox className="select-list" items={options}>
          {(option) => (
            <ListBoxItem id={option.id} className="select-option" textValue={option.label}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
