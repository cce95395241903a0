/**
 * A date typed segment by segment in the reader's format or picked from a calendar (react-aria's
 * DatePicker), bounded by `minValue`/`maxValue`; a hint and an error are linked to it.
 */
import type { CalendarDate } from '@internationalized/date';
import { Button, Calendar, CalendarCell, CalendarGrid, DateInput, DatePicker, DateSegment, Dialog, FieldError, Group, Heading, Popover, Text } from 'react-aria-components';
import { useTranslation } from '../../lib/i18n.js';
import { FieldLabel } from './FieldLabel.js';
import './date-field.css';
import './field.css';

interface Props {
  label: string;
  value: CalendarDate | null;
  onChange: (value: CalendarDate | null) => void;
  minValue?: CalendarDate;
  maxValue?: CalendarDate;
  description?: string;
  error?: string;
  isRequired?: boolean;
}

export function DateField({ label, value, onChange, minValue, maxValue, description, error, isRequired }: Props) {
  const { t, i18n } = useTranslation();
  return (
    <DatePicker
      className="field date-field"
      value={value}
      onChange={onChange}
      minValue={minValue}
      maxValue={maxValue}
      isInvalid={!!error}
      isRequired={isRequired}
      validationBehavior="aria"
    >
      <FieldLabel label={label} isRequired={isRequired} />
      <Group className="input date-input-group">
        <DateInput className="date-input" lang={i18n.language}>
          {(segment) => <DateSegment className="date-segment" segment={segment} />}
        </DateInput>
        <Button className="date-button" aria-label={t('common.chooseDate')}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <rect x="3.5" y="5" width="17" height="15" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <path d="M3.5 10h17M8 3v4M16 3v4" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </Button>
      </Group>
      {description && (
        <Text slot="description" className="field-hint">
          {description}
        </Text>
      )}
      <FieldError className="field-error">{error}</FieldError>
      <Popover className="date-popover">
        <Dialog className="date-dialog" aria-label={label}>
          <Calendar className="calendar">
            <header className="calendar-header">
              <Button slot="previous" className="calendar-nav" aria-label={t('common.previousMonth')}>
                ‹
              </Button>
              <Heading className="calendar-heading" />
              <Button slot="next" className="calendar-nav" aria-label={t('common.nextMonth')}>
                ›
              </Button>
            </header>
            <CalendarGrid className="calendar-grid">{(date) => <CalendarCell className="calendar-cell" date={date} />}</CalendarGrid>
          </Calendar>
        </Dialog>
      </Popover>
    </DatePicker>
  );
}
