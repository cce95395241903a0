/** Several checkboxes answering one question, read as one group by assistive technology. */
import { Checkbox, CheckboxGroup, Label, Text } from 'react-aria-components';
import './checkbox.css';
import './field.css';

interface Props {
  label: string;
  description?: string;
  options: readonly { value: string; label: string }[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  isDisabled?: boolean;
}

export function CheckboxGroupField({ label, description, options, value, onChange, isDisabled }: Props) {
  return (
    <CheckboxGroup className="field checkbox-group" value={[...value]} onChange={onChange} isDisabled={isDisabled}>
      <Label className="field-label">{label}</Label>
      <div className="checkbox-group-options">
        {options.map((o) => (
          <Checkbox key={o.value} className="checkbox" value={o.value}>
            <span className="checkbox-box" aria-hidden="true" />
            <span>{o.label}</span>
          </Checkbox>
        ))}
      </div>
      {description && (
        <Text slot="description" className="field-hint">
          {description}
        </Text>
      )}
    </CheckboxGroup>
  );
}
