/**
 * How the API answers a failure: always the shared error envelope, never a stack trace. A schema
 * failure is a 400 whose reason names the field (`body/email: ...`), so a client can mark it.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { errorEnvelope } from '../../../shared/error-envelope.js';
import { isMalformedMultipart } from './malformed-multipart.js';

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

type AnyError = FastifyError & { details?: Record<string, unknown>; errorId?: string; validation?: ValidationIssue[]; validationContext?: string };

/** `body/address/city`: where the first problem is, including the property a keyword is about. */
export function fieldOf(context: string, issue: ValidationIssue): string {
  const named = issue.params.missingProperty ?? issue.params.additionalProperty ?? issue.params.propertyName;
  const path = issue.instancePath + (typeof named === 'string' ? `/${named}` : '');
  return `${context}${path}`;
}

function validationReason(field: string, issue: ValidationIssue): string {
  if (issue.keyword === 'required') return `${field}: is required`;
  if (issue.keyword === 'additionalProperties') return `${field}: is not a known field`;
  return `${field}: ${issue.message ?? 'is invalid'}`;
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: AnyError, request, reply) => {
    if (err.validation?.length) {
      const issue = err.validation[0]!;
      const field = fieldOf(err.validationContext ?? 'body', issue);
      return reply.code(400).send(errorEnvelope(400, validationReason(field, issue), { field }));
    }
    if (isMalformedMultipart(err)) return reply.code(400).send(errorEnvelope(400, `The multipart body is malformed: ${err.message}`));
    const code = typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 600 ? err.statusCode : 500;
    if (code >= 500) {
      request.log.error({ err }, 'request failed');
      return reply.code(code).send(errorEnvelope(code, code === 500 ? 'Internal error' : err.message, err.details));
    }
    const body = errorEnvelope(code, err.message, err.details);
    if (err.errorId) body.error.id = err.errorId;
    return reply.code(code).send(body);
  });
  app.setNotFoundHandler((request, reply) => reply.code(404).send(errorEnvelope(404, `No route ${request.method} ${request.url.split('?')[0]}`)));
}
