/**
 * Every error the gateway answers leaves in the identity wire envelope, with a reason that
 * names the problem and never a stack trace. A refusal it decided itself (403, 429; not an
 * upstream's envelope passed on, which that upstream records) is marked for the audit trail
 * (refusal-reports.ts).
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { errorEnvelope } from '../../shared/error-envelope.js';
import type { RefusalAction } from '../audit/refusal-report.js';
import { CsrfRefusal } from './csrf.js';
import { HttpError } from './http-error.js';

function refusalOf(error: HttpError): RefusalAction | undefined {
  if (error.envelope) return undefined;
  if (error.statusCode === 429) return 'refusal.rate_limited';
  if (error.statusCode !== 403) return undefined;
  return error instanceof CsrfRefusal ? 'refusal.csrf' : 'refusal.permission_denied';
}

export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      request.refusal = refusalOf(error) ?? null;
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.statusCode).send(error.envelope ?? errorEnvelope(error.statusCode, error.reason, error.details));
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: error.code, reason: error.message }, 'request rejected');
    const reason = status >= 500 && status !== 503 ? 'The gateway could not complete the request' : clientReason(error);
    return reply.code(status).send(errorEnvelope(status, reason));
  });
}

function clientReason(error: FastifyError): string {
  if (error.validation) {
    return error.validation
      .map((issue) => {
        const field = `${error.validationContext ?? 'request'}${issue.instancePath}`;
        const extra = (issue.params as { additionalProperty?: string }).additionalProperty;
        return extra ? `${field}: unknown field ${extra}` : `${field} ${issue.message}`;
      })
      .join('; ');
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return `The request body is not valid JSON: ${error.message}`;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is larger than this route accepts';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return `Unsupported content type: ${error.message}`;
    default:
      return error.message;
  }
}
