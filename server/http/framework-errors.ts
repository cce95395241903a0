/**
 * Requests Fastify refuses before any route or hook runs — a path that is not valid
 * percent-encoding (`/api/x/%zz`), a path parameter longer than the router allows — reach no
 * error handler: without this, Fastify answers them in its own body shape instead of the
 * service's error envelope. Each service passes the builder of its own envelope.
 */
import type { FastifyError, FastifyReply, FastifyServerOptions } from 'fastify';

export type ErrorBody = (status: number, reason: string) => unknown;

function reasonOf(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return 'The request path is not valid percent-encoding';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return 'A segment of the request path is longer than any identifier';
    default:
      return 'The request could not be routed';
  }
}

export function frameworkErrors(body: ErrorBody): NonNullable<FastifyServerOptions['frameworkErrors']> {
  return (error, _request, generic) => {
    const reply = generic as unknown as FastifyReply;
    void reply
      .code(400)
      .type('application/json; charset=utf-8')
      .send(body(400, reasonOf(error)));
  };
}
