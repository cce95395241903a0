/**
 * Two validators for every service: JSON bodies are checked as they are — `{"name": 12345}` is
 * refused, not turned into the name "12345" — while query strings and path parameters, which are
 * always text on the wire, are coerced to the types their schemas declare (`?page=2` is the
 * number 2). Both fill in declared defaults.
 *
 * Unknown fields are refused where the API is ours. The identity and OAuth2 services speak Ory's
 * wire format, whose Go decoders ignore fields they do not know, so there they are dropped.
 */
import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

// ajv-formats is CommonJS; its default export arrives wrapped under ES module interop.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

export interface ValidatorOptions {
  /** Drop fields a schema with `additionalProperties: false` does not name, instead of refusing them. */
  dropUnknownFields?: boolean;
}

function validator(coerceTypes: Options['coerceTypes'], options: ValidatorOptions): Ajv {
  const ajv = new Ajv({ removeAdditional: options.dropUnknownFields ?? false, useDefaults: true, allErrors: false, strict: false, coerceTypes });
  addFormats(ajv);
  return ajv;
}

export function installValidators(app: FastifyInstance, options: ValidatorOptions = {}): void {
  const bodies = validator(false, options);
  const text = validator('array', options);
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodies : text).compile(schema));
}
