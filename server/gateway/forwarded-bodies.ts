/**
 * Request bodies the gateway forwards without using: kept as the text that came, and parsed here
 * only to refuse what every service refuses (invalid JSON, prototype keys), so an upstream never
 * sees a body its own parser would have to be trusted with.
 */
import type { FastifyInstance } from 'fastify';
import { formFields, parseJsonRefusingPrototypeKeys } from '../http/prototype-keys.js';
import { HttpError } from './http-error.js';

const BODY_LIMIT = 1024 * 1024;

export function forwardBodiesAsText(app: FastifyInstance, options: { forms: boolean; plainText?: boolean }): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(['application/json', 'application/json-patch+json'], { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
    try {
      parseJsonRefusingPrototypeKeys(body as string);
      done(null, body);
    } catch (error) {
      done(error instanceof SyntaxError ? new HttpError(400, `The request body is not valid JSON: ${error.message}`) : (error as Error), undefined);
    }
  });
  // The permission model's syntax check takes the model itself, as Keto's does.
  if (options.plainText) app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));
  if (!options.forms) return;
  // OAuth2 introspection takes a form, as Hydra's does.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
    try {
      formFields(body as string);
      done(null, body);
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
