/**
 * Two validators: JSON bodies are checked as they are — `{"name": 12345}` is refused, not turned
 * into the project name "12345" — while query strings and path parameters, which are always text
 * on the wire, are coerced to the types their schemas declare (`?page=2` is the number 2).
 * Both refuse unknown fields rather than dropping them, and fill in declared defaults.
 */
import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

// ajv-formats is CommonJS; its default export arrives wrapped under ES module interop.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

const COMMON: Options = { removeAdditional: false, useDefaults: true, allErrors: false, strict: false };

function validator(coerceTypes: Options['coerceTypes']): Ajv {
  const ajv = new Ajv({ ...COMMON, coerceTypes });
  addFormats(ajv);
  return ajv;
}

export function installValidators(app: FastifyInstance): void {
  const bodies = validator(false);
  const text = validator('array');
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodies : text).compile(schema));
}
