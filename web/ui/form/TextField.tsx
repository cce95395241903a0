/** A text input with label, optional hint and error message; with `rows`, several lines of free text. */
import { FieldError, Input, Text, TextArea, TextField as AriaTextField } from 'react-aria-components';
import type { FieldProps } from './field-props.js';
import { FieldLabel } from './FieldLabel.js';
import './field.css';

export interface TextFieldProps extends FieldProps {
  type?: 'text' | 'email' | 'url' | 'tel' | 'search';
  autoComplete?: string;
  maxLength?: number;
  placeholder?: string;
  autoFocus?: boolean;
  /** Several lines (release notes, descriptions): a text area this many rows high. */
  rows?: number;
}

export function TextField({
  label,
  value,
  onChange,
  onBlur,
  error,
  description,
  isRequired,
  isDisabled,
  name,
  type = 'text',
  autoComplete,
  maxLength,
  placeholder,
  autoFocus,
  rows,
}: TextFieldProps) {
  return (
    <AriaTextField
      className="field"
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      isInvalid={!!error}
      isRequired={isRequired}
      isDisabled={isDisabled}
      validationBehavior="aria"
      name={name}
      type={type}
      autoComplete={autoComplete}
      maxLength={maxLength}
      autoFocus={autoFocus}
    >
      <FieldLabel label={label} isRequired={isRequired} />
      <div className="field-control">
        {rows ? <TextArea className="input textarea" rows={rows} placeholder={placeholder} /> : <Input className="input" placeholder={placeholder} />}
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
