/** A field's label; required fields carry an asterisk (screen readers hear "required" from the input instead). */
import { Label } from 'react-aria-components';

export function FieldLabel({ label, isRequired }: { label: string; isRequired?: boolean | undefined }) {
  return (
    <Label className="field-label">
      {label}
      {isRequired && (
        <span className="required-mark" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </Label>
  );
}
