/**
 * A list of URIs, one row each: rows are added and removed, and a refused row shows why under
 * itself. The whole list has one label and hint, read as a group.
 */
import { useId } from 'react';
import { Button, FieldError, Input, TextField } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n.js';
import '../../ui/form/field.css';

interface Props {
  label: string;
  description: string;
  values: readonly string[];
  onChange: (values: string[]) => void;
  /** Errors by row index. */
  errors: Readonly<Record<number, string>>;
  /** An error about the list as a whole (none given where one is needed). */
  error?: string;
  addLabel: string;
}

export function UriListField({ label, description, values, onChange, errors, error, addLabel }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const set = (index: number, value: string) => onChange(values.map((v, i) => (i === index ? value : v)));
  return (
    <div role="group" className="field uri-list" aria-labelledby={`${id}-label`} aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
      <span id={`${id}-label`} className="field-label">
        {label}
      </span>
      <span id={`${id}-hint`} className="field-hint">
        {description}
      </span>
      {values.map((value, index) => (
        <div key={index} className="uri-row">
          <TextField
            className="uri-input"
            aria-label={t('oauth2Admin.uriRow', { label, number: index + 1 })}
            value={value}
            onChange={(next) => set(index, next)}
            isInvalid={!!errors[index]}
            validationBehavior="aria"
            type="url"
            maxLength={2048}
          >
            <Input className="input" placeholder="https://app.example/callback" />
            <FieldError className="field-error">{errors[index]}</FieldError>
          </TextField>
          <Button
            className="button button-secondary button-small"
            aria-label={t('oauth2Admin.removeUri', { uri: value || String(index + 1) })}
            onPress={() => onChange(values.filter((_, i) => i !== index))}
          >
            {t('oauth2Admin.remove')}
          </Button>
        </div>
      ))}
      <Button className="button button-secondary button-small uri-add" onPress={() => onChange([...values, ''])}>
        {addLabel}
      </Button>
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}
