/**
 * Trait validation messages as Kratos builds them (`text/message_validation.go`): same ids,
 * English texts and context keys. Context keys are alphabetical, as Kratos marshals a Go map;
 * numbers inside texts are printed the way Go prints them.
 */
import type { UiText } from '../../../shared/identity-flow.js';
import { goFloat, goQuote } from './go-format.js';

export const ValidationMessageId = {
  generic: 4000001,
  required: 4000002,
  minLength: 4000003,
  invalidFormat: 4000004,
  maxLength: 4000017,
  minimum: 4000018,
  exclusiveMinimum: 4000019,
  maximum: 4000020,
  exclusiveMaximum: 4000021,
  multipleOf: 4000022,
  maxItems: 4000023,
  minItems: 4000024,
  uniqueItems: 4000025,
  wrongType: 4000026,
  const: 4000029,
  constGeneric: 4000030,
  email: 4000040,
  phone: 4000041,
} as const;

/** Anything no specific message covers; the text is the validator's own sentence. */
export function validationGeneric(reason: string): UiText {
  return error(ValidationMessageId.generic, reason, { reason });
}

export function validationRequired(property: string): UiText {
  return error(ValidationMessageId.required, `Property ${property} is missing.`, { property });
}

export function validationMinLength(minLength: number, actualLength: number): UiText {
  return error(ValidationMessageId.minLength, `length must be >= ${minLength}, but got ${actualLength}`, {
    actual_length: actualLength,
    min_length: minLength,
  });
}

export function validationMaxLength(maxLength: number, actualLength: number): UiText {
  return error(ValidationMessageId.maxLength, `length must be <= ${maxLength}, but got ${actualLength}`, {
    actual_length: actualLength,
    max_length: maxLength,
  });
}

/** A `pattern` mismatch; Kratos calls it an invalid format, the pattern is shown quoted. */
export function validationPattern(pattern: string): UiText {
  return error(ValidationMessageId.invalidFormat, `does not match pattern ${goQuote(pattern)}`, { pattern });
}

export function validationMinimum(minimum: number, actual: number): UiText {
  return error(ValidationMessageId.minimum, `must be >= ${goFloat(minimum)} but found ${goFloat(actual)}`, {
    actual,
    minimum,
  });
}

export function validationExclusiveMinimum(minimum: number, actual: number): UiText {
  return error(ValidationMessageId.exclusiveMinimum, `must be > ${goFloat(minimum)} but found ${goFloat(actual)}`, {
    actual,
    minimum,
  });
}

export function validationMaximum(maximum: number, actual: number): UiText {
  return error(ValidationMessageId.maximum, `must be <= ${goFloat(maximum)} but found ${goFloat(actual)}`, {
    actual,
    maximum,
  });
}

export function validationExclusiveMaximum(maximum: number, actual: number): UiText {
  return error(ValidationMessageId.exclusiveMaximum, `must be < ${goFloat(maximum)} but found ${goFloat(actual)}`, {
    actual,
    maximum,
  });
}

export function validationMultipleOf(base: number, actual: number): UiText {
  return error(ValidationMessageId.multipleOf, `${goFloat(actual)} not multipleOf ${goFloat(base)}`, { actual, base });
}

export function validationMaxItems(maxItems: number, actualItems: number): UiText {
  return error(ValidationMessageId.maxItems, `maximum ${maxItems} items allowed, but found ${actualItems} items`, {
    actual_items: actualItems,
    max_items: maxItems,
  });
}

export function validationMinItems(minItems: number, actualItems: number): UiText {
  return error(ValidationMessageId.minItems, `minimum ${minItems} items allowed, but found ${actualItems} items`, {
    actual_items: actualItems,
    min_items: minItems,
  });
}

export function validationUniqueItems(indexA: number, indexB: number): UiText {
  return error(ValidationMessageId.uniqueItems, `items at index ${indexA} and ${indexB} are equal`, {
    index_a: indexA,
    index_b: indexB,
  });
}

/** `allowedTypes` are the schema's types; `actualType` is the JSON type of the value. */
export function validationWrongType(allowedTypes: string[], actualType: string): UiText {
  return error(ValidationMessageId.wrongType, `expected ${allowedTypes.join(' or ')}, but got ${actualType}`, {
    actual_type: actualType,
    allowed_types: allowedTypes,
  });
}

/** `expected` is the constant as Go's `%#v` printed it (strings and numbers quoted). */
export function validationConst(expected: string): UiText {
  return error(ValidationMessageId.const, `must be equal to constant ${expected}`, { expected });
}

/** For object and array constants, which Kratos does not spell out. */
export function validationConstGeneric(): UiText {
  return { id: ValidationMessageId.constGeneric, text: 'const failed', type: 'error' };
}

export function validationEmail(value: string): UiText {
  return error(ValidationMessageId.email, 'Enter a valid email address', { value });
}

export function validationPhone(value: string): UiText {
  return error(ValidationMessageId.phone, 'Enter a valid phone number', { value });
}

function error(id: number, text: string, context: Record<string, unknown>): UiText {
  return { id, text, type: 'error', context };
}
