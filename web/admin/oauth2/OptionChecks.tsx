/** Checkboxes answering one question, each with a line saying what ticking it means. */
import { useId } from 'react';
import { Checkbox, CheckboxGroup, Label, Text } from 'react-aria-components';
import '../../ui/form/checkbox.css';
import '../../ui/form/field.css';

interface Props {
  label: string;
  options: readonly { value: string; label: string; hint: string; isDisabled?: boolean }[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  error?: string;
}

export function OptionChecks({ label, options, value, onChange, error }: Props) {
  const id = useId();
  return (
    <CheckboxGroup className="field option-checks" value={[...value]} onChange={onChange} isInvalid={!!error} validationBehavior="aria">
      <Label className="field-label">{label}</Label>
      <div className="option-checks-list">
        {options.map((o) => (
          <div key={o.value} className="option-check">
            <Checkbox className="checkbox" value={o.value} isDisabled={o.isDisabled} aria-describedby={`${id}-${o.value}`}>
              <span className="checkbox-box" aria-hidden="true" />
              <span>{o.label}</span>
            </Checkbox>
            <span id={`${id}-${o.value}`} className="field-hint option-check-hint">
              {o.hint}
            </span>
          </div>
        ))}
      </div>
      {error && (
        <Text slot="errorMessage" className="field-error">
          {error}
        </Text>
      )}
    </CheckboxGroup>
  );
}
