/**
 * The account forms' own check of a field before sending, in place of the browser's bubbles
 * ("Please fill out this field" in the browser's language, gone when the mouse moves): the
 * field's ValidityState read as a catalogue key, shown under the field and linked to it.
 */
import { createContext, useContext } from 'react';

/** Catalogue key (`validation.*`) of the first problem with this field, if any. */
export function validationKey(field: HTMLInputElement): string | undefined {
  const { validity } = field;
  if (validity.valid) return undefined;
  if (validity.valueMissing) return field.type === 'checkbox' ? 'validation.checkboxRequired' : 'validation.required';
  if (validity.typeMismatch) {
    if (field.type === 'email') return 'validation.email';
    if (field.type === 'url') return 'validation.url';
  }
  if (validity.badInput || validity.stepMismatch) return field.type === 'number' ? 'validation.number' : 'validation.invalid';
  if (validity.patternMismatch) return 'validation.pattern';
  if (validity.tooShort || validity.tooLong) return 'validation.length';
  if (validity.rangeUnderflow || validity.rangeOverflow) return 'validation.range';
  return 'validation.invalid';
}

/** Field name → catalogue key of the problem found when the form was last sent. */
export type FieldProblems = Readonly<Record<string, string>>;

export const FieldProblemsContext = createContext<FieldProblems>({});

/** The catalogue key of this field's problem, from the form around it. */
export function useFieldProblem(name: string): string | undefined {
  return useContext(FieldProblemsContext)[name];
}
