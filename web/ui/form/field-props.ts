/** What every form field takes: a label, its value, and the message of a failed check. */
export interface FieldProps<V = string> {
  label: string;
  value: V;
  onChange: (value: V) => void;
  onBlur?: () => void;
  /** Set when the value failed a check: red border, message under the field, linked to it. */
  error?: string | undefined;
  description?: string | undefined;
  isRequired?: boolean;
  isDisabled?: boolean;
  name?: string;
}
