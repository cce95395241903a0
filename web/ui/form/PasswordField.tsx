/** A password input with a show/hide toggle. */
import { useState } from 'react';
import { FieldError, Input, Text, TextField as AriaTextField } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n.js';
import { EyeIcon } from '../EyeIcon.js';
import type { FieldProps } from './field-props.js';
import { FieldLabel } from './FieldLabel.js';
import './field.css';

export interface PasswordFieldProps extends FieldProps {
  autoComplete?: 'new-password' | 'current-password';
}

export function PasswordField({ label, value, onChange, onBlur, error, description, isRequired, isDisabled, name, autoComplete = 'new-password' }: PasswordFieldProps) {
  const { t } = useTranslation();
  const [revealed, setRevealed] = useState(false);
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
      type={revealed ? 'text' : 'password'}
      autoComplete={autoComplete}
    >
      <FieldLabel label={label} isRequired={isRequired} />
      <div className="field-control">
        <Input className="input" />
        <button
          type="button"
          className="reveal-button"
          aria-label={revealed ? t('common.hidePassword') : t('common.showPassword')}
          aria-pressed={revealed}
          disabled={isDisabled}
          onClick={() => setRevealed((shown) => !shown)}
        >
          <EyeIcon crossed={revealed} />
        </button>
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
