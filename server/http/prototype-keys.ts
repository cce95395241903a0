/**
 * A body key that names an object's prototype (`__proto__`, or `constructor` holding a
 * `prototype`) is never data: code that copies such a body with `Object.assign` or a merge would
 * change the prototype of every object. Every service refuses these bodies with a 400 before a
 * handler sees them. The Fastify options say so explicitly on each instance (they are Fastify's
 * defaults today; a default can change); the gateway, which forwards JSON it only checks, and
 * form parsers apply the same rule themselves. Each service's JSON parser is replaced by one
 * whose 400 says which key it refused (Fastify's only says the body is not valid JSON).
 */
import type { FastifyInstance } from 'fastify';

export const REFUSE_PROTOTYPE_KEYS = { onProtoPoisoning: 'error', onConstructorPoisoning: 'error' } as const;

/** Keys a form body may not use: it has no nesting to tell `constructor` the data from the prototype's. */
const FORM_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export class PrototypeKeyError extends Error {
  readonly statusCode = 400;
}

/** JSON.parse that refuses what Fastify's own JSON parser refuses with the options above. */
export function parseJsonRefusingPrototypeKeys(text: string): unknown {
  // The scan costs a second walk of the document, so only bodies that could hold such a key get it.
  if (!text.includes('__proto__') && !text.includes('constructor')) return JSON.parse(text);
  return JSON.parse(text, function (key, value: unknown) {
    if (key === '__proto__') throw new PrototypeKeyError('The request body may not use the key __proto__');
    if (key === 'constructor' && value !== null && typeof value === 'object' && Object.prototype.hasOwnProperty.call(value, 'prototype')) {
      throw new PrototypeKeyError('The request body may not use the key constructor.prototype');
    }
    return value;
  });
}

/** The fields of an `application/x-www-form-urlencoded` body, refusing prototype keys. */
export function formFields(body: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    if (FORM_KEYS.has(key)) throw new PrototypeKeyError(`The request body may not use the key ${key}`);
    fields[key] = value;
  }
  return fields;
}

/** A JSON body's 400, naming the problem. */
class BodyError extends Error {
  readonly statusCode = 400;
}

/** Fastify's JSON body parsing, with refusals that say what was wrong. */
export function installJsonParser(app: FastifyInstance, contentType = 'application/json'): void {
  if (app.hasContentTypeParser(contentType)) app.removeContentTypeParser(contentType);
  app.addContentTypeParser(contentType, { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.length === 0) return done(new BodyError(`The request body is empty but its content type is ${contentType}`), undefined);
    try {
      done(null, parseJsonRefusingPrototypeKeys(text));
    } catch (error) {
      done(error instanceof PrototypeKeyError ? error : new BodyError(`The request body is not valid JSON: ${(error as Error).message}`), undefined);
    }
  });
}
