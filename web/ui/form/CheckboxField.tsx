/** A checkbox with its label; an error under it is linked to the input. */
import { useId } from 'react';
import { Checkbox } from 'react-aria-components';
import type { FieldProps } from './field-props.js';
import './checkbox.css';
import './field.css';

export function CheckboxField({ label, value, onChange, onBlur, error, description, isRequired, isDisabled, name }: FieldProps<boolean>) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [description ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field field-checkbox">
      <Checkbox
        className="checkbox"
        isSelected={value}
        onChange={onChange}
        onBlur={onBlur}
        isInvalid={!!error}
        isRequired={isRequired}
        isDisabled={isDisabled}
        validationBehavior="aria"
        name={name}
        aria-describedby={describedBy}
      >
        <span className="checkbox-box" aria-hidden="true" />
        <span>
          {label}
          {isRequired && (
            <span className="required-mark" aria-hidden="true">
              {' '}
              *
            </span>
          )}
        </span>
      </Checkbox>
      {description && (
        <span id={hintId} className="field-hint">
          {description}
        </span>
      )}
      {error && (
        <span id={errorId} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}
