/**
 * Response serializers compiled without a validator per nullable field. TypeBox writes `T | null`
 * as `anyOf: [T, {type: 'null'}]`, and fast-json-stringify picks an anyOf branch at run time by
 * validating the value against each branch with Ajv: a track's whole processing result, say,
 * validated again for every row of every list. The same field as `T` with `nullable: true`
 * is one `=== null` test. Only the copy the serializer is compiled from changes: the route's
 * schema, the OpenAPI document and the client's types keep the anyOf.
 */
import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';

type Schema = Record<string, unknown>;

const COMBINATORS = ['anyOf', 'oneOf', 'allOf', '$ref', 'not', 'if'];

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNullType(schema: unknown): boolean {
  return isSchema(schema) && schema.type === 'null' && Object.keys(schema).length === 1;
}

/** A copy of `schema` with every `anyOf: [T, {type: 'null'}]` written as T, nullable. */
export function nullableInPlaceOfNullUnions(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableInPlaceOfNullUnions);
  if (!isSchema(schema)) return schema;
  const copy: Schema = {};
  for (const key of Object.keys(schema)) copy[key] = nullableInPlaceOfNullUnions(schema[key]);
  const union = copy.anyOf;
  if (!Array.isArray(union) || union.length !== 2) return copy;
  const nullAt = union.findIndex(isNullType);
  const other: unknown = union[1 - nullAt];
  // Only a plain typed branch: fast-json-stringify reads `nullable` after, not inside, a combinator.
  if (nullAt < 0 || !isSchema(other) || typeof other.type !== 'string' || COMBINATORS.some((key) => key in other)) return copy;
  const { anyOf: _union, ...siblings } = copy;
  return { ...other, ...siblings, nullable: true };
}

const compilers = SerializerSelector();

/** Fastify's `schemaController.compilersFactory.buildSerializer`: its own, on the rewritten schemas. */
export const buildSerializer: SerializerFactory = (externalSchemas, options) => {
  const compile = compilers(nullableInPlaceOfNullUnions(externalSchemas), options);
  return (route) => compile({ ...route, schema: nullableInPlaceOfNullUnions(route.schema) });
};
