/**
 * A lifespan: an amount and a unit (days, hours, minutes, seconds) instead of Go's duration text,
 * with the text the project stores shown under it, and what saving would store once changed.
 */
import { FieldError, Input, NumberField, Text } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n.js';
import type { FieldProps } from '../../ui/form/field-props.js';
import { FieldLabel } from '../../ui/form/FieldLabel.js';
import { DURATION_UNITS, goDurationOf, isValidAmount, type DurationUnit, type FriendlyDuration } from './go-duration.js';
import '../../ui/form/field.css';

export interface DurationFieldProps extends FieldProps<FriendlyDuration> {
  /** What the project stores now (Go's text), or undefined when it stores nothing. */
  stored: unknown;
}

export function DurationField({ label, value, onChange, onBlur, error, description, stored, isDisabled }: DurationFieldProps) {
  const { t } = useTranslation();
  const next = isValidAmount(value.amount) ? goDurationOf(value) : undefined;
  const storedText = typeof stored === 'string' ? stored : undefined;
  const storage =
    storedText === undefined
      ? next && t('platformAdmin.duration.willStore', { value: next })
      : next && next !== storedText
        ? t('platformAdmin.duration.storedAndNext', { stored: storedText, value: next })
        : t('platformAdmin.duration.stored', { stored: storedText });
  return (
    <NumberField
      className="field duration-field"
      value={value.amount}
      onChange={(amount) => onChange({ ...value, amount })}
      onBlur={onBlur}
      minValue={0}
      isInvalid={!!error}
      isDisabled={isDisabled}
      validationBehavior="aria"
      formatOptions={{ useGrouping: false, maximumFractionDigits: 3 }}
    >
      <FieldLabel label={label} />
      <div className="duration-row">
        <Input className="input duration-amount" />
        <select
          className="input duration-unit"
          aria-label={t('platformAdmin.duration.unitOf', { label })}
          value={value.unit}
          disabled={isDisabled}
          onChange={(event) => {
            const unit = DURATION_UNITS.find((u) => u === event.target.value);
            if (unit) onChange({ ...value, unit: unit satisfies DurationUnit });
          }}
        >
          {DURATION_UNITS.map((unit) => (
            <option key={unit} value={unit}>
              {t(`platformAdmin.duration.units.${unit}`)}
            </option>
          ))}
        </select>
      </div>
      <Text slot="description" className="field-hint">
        {description && <span className="duration-hint">{description}</span>}
        {storage && <span className="duration-stored">{storage}</span>}
      </Text>
      <FieldError className="field-error">{error}</FieldError>
    </NumberField>
  );
}
