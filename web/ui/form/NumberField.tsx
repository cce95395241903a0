/**
 * A whole number typed or stepped with the arrow keys, bounded by `minValue`/`maxValue`, with
 * label, optional hint and error linked to it. An emptied field is `NaN`: the form's check says
 * what is missing.
 */
import { FieldError, Input, NumberField as AriaNumberField, Text } from 'react-aria-components';
import type { FieldProps } from './field-props.js';
import { FieldLabel } from './FieldLabel.js';
import './field.css';

export interface NumberFieldProps extends FieldProps<number> {
  minValue?: number;
  maxValue?: number;
  step?: number;
}

export function NumberField({ label, value, onChange, onBlur, error, description, isRequired, isDisabled, name, minValue, maxValue, step = 1 }: NumberFieldProps) {
  return (
    <AriaNumberField
      className="field"
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      minValue={minValue}
      maxValue={maxValue}
      step={step}
      isInvalid={!!error}
      isRequired={isRequired}
      isDisabled={isDisabled}
      validationBehavior="aria"
      name={name}
      formatOptions={{ useGrouping: false }}
    >
      <FieldLabel label={label} isRequired={isRequired} />
      <div className="field-control">
        <Input className="input" />
      </div>
      {description && (
        <Text slot="description" className="field-hint">
          {description}
        </Text>
      )}
      <FieldError className="field-error">{error}</FieldError>
    </AriaNumberField>
  );
}
