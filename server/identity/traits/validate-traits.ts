/**
 * Trait validation against an identity schema, reported as Kratos reports it: one UiText per
 * failed keyword, addressed to the form field its JSON pointer names (`/traits/name/first` →
 * `traits.name.first`). The traits are validated as the identity document `{traits}`, as Kratos
 * does, so pointers and required-property names match its messages.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import formatsModule from 'ajv-formats';
import type { UiNode, UiText } from '../../../shared/identity-flow.js';
import { goQuote, goSyntax } from './go-format.js';
import { isObject, type JsonSchema } from './identity-schema.js';
import { isEmailAddress, isPhoneNumber } from './trait-formats.js';
import {
  validationConst,
  validationConstGeneric,
  validationEmail,
  validationExclusiveMaximum,
  validationExclusiveMinimum,
  validationGeneric,
  validationMaximum,
  validationMaxItems,
  validationMaxLength,
  validationMinimum,
  validationMinItems,
  validationMinLength,
  validationMultipleOf,
  validationPattern,
  validationPhone,
  validationRequired,
  validationUniqueItems,
  validationWrongType,
} from './validation-messages.js';

/** A message and the field it belongs to; `field` is '' for the document as a whole. */
export interface TraitValidationMessage {
  field: string;
  message: UiText;
}

export interface TraitValidationResult {
  valid: boolean;
  messages: TraitValidationMessage[];
}

const ajv = createAjv();
const compiled = new WeakMap<JsonSchema, ValidateFunction>();

function createAjv(): Ajv {
  const instance = new Ajv({
    allErrors: true,
    // The keyword's schema, parent schema and data on each error: needed to rebuild Kratos' texts.
    verbose: true,
    // Kratos ignores keywords and formats it does not know (its own extension among them).
    strict: false,
    logger: false,
    // Schemas are compiled by object, not registered by `$id`: two loads of the same file
    // must not collide on their shared `$id`.
    addUsedSchema: false,
  });
  formatsModule.default(instance);
  instance.addFormat('email', isEmailAddress);
  instance.addFormat('tel', isPhoneNumber);
  // Kratos' opt-out for addresses whose shape the schema `pattern` alone governs.
  instance.addFormat('no-validate', () => true);
  return instance;
}

/** Compiled once per schema object; schemas are long-lived configuration. */
export function compileIdentitySchema(schema: JsonSchema): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

export function validateTraits(schema: JsonSchema, traits: unknown): TraitValidationResult {
  const validate = compileIdentitySchema(schema);
  if (validate({ traits })) return { valid: true, messages: [] };
  return { valid: false, messages: translateErrors(validate.errors ?? []) };
}

/**
 * Puts each message on the node with its field's name and returns the rest as the flow's own
 * messages (`ui.messages`). The nodes are copied, not changed.
 */
export function attachValidationMessages(nodes: readonly UiNode[], messages: readonly TraitValidationMessage[]): { nodes: UiNode[]; messages: UiText[] } {
  const out = nodes.map((node) => ({ ...node, messages: [...node.messages] }));
  const flow: UiText[] = [];
  for (const { field, message } of messages) {
    const node = field === '' ? undefined : out.find((n) => n.attributes.node_type === 'input' && n.attributes.name === field);
    if (node) node.messages.push(message);
    else flow.push(message);
  }
  return { nodes: out, messages: flow };
}

function translateErrors(errors: readonly ErrorObject[]): TraitValidationMessage[] {
  // A value of the wrong type gets only the type error, as in Kratos: the other keywords
  // (enum, const) were written for values of the right type.
  const wrongType = new Set(errors.filter((e) => e.keyword === 'type').map((e) => e.instancePath));
  // Kratos words all unexpected properties of one object as one message; ajv has one each.
  const additional = new Map<string, string[]>();
  const out: (TraitValidationMessage | { field: string; additional: string[] })[] = [];

  for (const error of errors) {
    if (error.keyword !== 'type' && wrongType.has(error.instancePath)) continue;
    if (error.keyword === 'additionalProperties') {
      const field = fieldName(error.instancePath);
      const name = String(error.params.additionalProperty);
      const names = additional.get(field);
      if (names) names.push(name);
      else {
        additional.set(field, [name]);
        out.push({ field, additional: additional.get(field) ?? [] });
      }
      continue;
    }
    out.push(...translateError(error));
  }

  return out.map((entry) =>
    'additional' in entry
      ? {
          field: entry.field,
          message: validationGeneric(`additionalProperties ${entry.additional.map(goQuote).join(', ')} not allowed`),
        }
      : entry,
  );
}

function translateError(error: ErrorObject): TraitValidationMessage[] {
  const field = fieldName(error.instancePath);
  const at = (message: UiText): TraitValidationMessage[] => [{ field, message }];
  const { params, data } = error;

  switch (error.keyword) {
    case 'required': {
      const missing = String(params.missingProperty);
      return [{ field: joinField(field, missing), message: validationRequired(missing) }];
    }
    case 'minLength':
      return at(validationMinLength(Number(params.limit), runeCount(data)));
    case 'maxLength':
      return at(validationMaxLength(Number(params.limit), runeCount(data)));
    case 'pattern':
      return at(validationPattern(String(params.pattern)));
    case 'format':
      return at(formatMessage(String(params.format), data));
    case 'minimum':
      return at(validationMinimum(Number(params.limit), Number(data)));
    case 'exclusiveMinimum':
      return at(validationExclusiveMinimum(Number(params.limit), Number(data)));
    case 'maximum':
      return at(validationMaximum(Number(params.limit), Number(data)));
    case 'exclusiveMaximum':
      return at(validationExclusiveMaximum(Number(params.limit), Number(data)));
    case 'multipleOf':
      return at(validationMultipleOf(Number(params.multipleOf), Number(data)));
    case 'minItems':
      return at(validationMinItems(Number(params.limit), Array.isArray(data) ? data.length : 0));
    case 'maxItems':
      return at(validationMaxItems(Number(params.limit), Array.isArray(data) ? data.length : 0));
    case 'uniqueItems':
      // Kratos reports every equal pair, lower index first.
      return equalPairs(data).map(([a, b]) => ({ field, message: validationUniqueItems(a, b) }));
    case 'type':
      return at(validationWrongType(allowedTypes(error.parentSchema), jsonType(data)));
    case 'const': {
      const expected = params.allowedValue;
      return at(typeof expected === 'object' && expected !== null ? validationConstGeneric() : validationConst(goSyntax(expected)));
    }
    case 'enum':
      return at(validationGeneric(enumReason(Array.isArray(params.allowedValues) ? params.allowedValues : [])));
    case 'minProperties':
      return at(validationGeneric(`minimum ${params.limit} properties allowed, but found ${propertyCount(data)} properties`));
    case 'maxProperties':
      return at(validationGeneric(`maximum ${params.limit} properties allowed, but found ${propertyCount(data)} properties`));
    case 'dependencies':
    case 'dependentRequired':
      return [
        {
          field,
          message: validationGeneric(`property ${goQuote(String(params.missingProperty))} is required, if ${goQuote(String(params.property))} property exists`),
        },
      ];
    case 'not':
      return at(validationGeneric('not failed'));
    case 'contains':
      return at(validationGeneric('contains failed'));
    case 'false schema':
      return at(validationGeneric('always fail'));
    case 'oneOf':
      if (Array.isArray(params.passingSchemas)) {
        const [a, b] = params.passingSchemas as number[];
        return at(validationGeneric(`valid against schemas at indexes ${a} and ${b}`));
      }
      return [];
    case 'anyOf':
    case 'if':
    case 'allOf':
      // Kratos reports the failures inside a combinator, which ajv lists separately.
      return [];
    default:
      return at(validationGeneric(error.message ?? `${error.keyword} failed`));
  }
}

function formatMessage(format: string, value: unknown): UiText {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (format === 'email') return validationEmail(text);
  if (format === 'tel') return validationPhone(text);
  return validationGeneric(`${goQuote(text)} is not valid ${goQuote(format)}`);
}

function enumReason(allowed: unknown[]): string {
  if (allowed.some((v) => typeof v === 'object' && v !== null)) return 'enum failed';
  if (allowed.length === 1) return `value must be ${goSyntax(allowed[0])}`;
  return `value must be one of ${allowed.map(goSyntax).join(', ')}`;
}

/** `/traits/name/first` → `traits.name.first`. */
export function fieldName(instancePath: string): string {
  if (instancePath === '') return '';
  return instancePath
    .slice(1)
    .split('/')
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'))
    .join('.');
}

function joinField(parent: string, child: string): string {
  return parent === '' ? child : `${parent}.${child}`;
}

/** Kratos counts characters as Unicode code points, not UTF-16 units. */
function runeCount(value: unknown): number {
  return typeof value === 'string' ? [...value].length : 0;
}

function propertyCount(value: unknown): number {
  return isObject(value) ? Object.keys(value).length : 0;
}

function allowedTypes(parentSchema: unknown): string[] {
  const type = isObject(parentSchema) ? parentSchema.type : undefined;
  if (Array.isArray(type)) return type.map(String);
  return type === undefined ? [] : [String(type)];
}

/** JSON type names as Kratos' validator reports them: integers are numbers too. */
function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'boolean':
      return 'boolean';
    case 'number':
      return 'number';
    case 'string':
      return 'string';
    default:
      return 'object';
  }
}

function equalPairs(value: unknown): [number, number][] {
  if (!Array.isArray(value)) return [];
  const keys = value.map(canonicalJson);
  const pairs: [number, number][] = [];
  for (let i = 1; i < keys.length; i++) {
    for (let j = 0; j < i; j++) if (keys[i] === keys[j]) pairs.push([j, i]);
  }
  return pairs;
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isObject(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
