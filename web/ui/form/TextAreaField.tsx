/** Several lines of free text (release notes, descriptions) with label, hint and error message. */
import { FieldError, Text, TextArea, TextField as AriaTextField } from 'react-aria-components';
import type { FieldProps } from './field-props.js';
import { FieldLabel } from './FieldLabel.js';
import './field.css';

export function TextAreaField({ label, value, onChange, onBlur, error, description, isRequired, isDisabled, name, rows = 5, maxLength }: FieldProps & { rows?: number; maxLength?: number }) {
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
      maxLength={maxLength}
    >
      <FieldLabel label={label} isRequired={isRequired} />
      <div className="field-control">
        <TextArea className="input textarea" rows={rows} />
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
