/** One self-service request as every flow handler sees it. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityContext } from '../context.js';

export interface Call {
  ctx: IdentityContext;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Answer with JSON (API clients and browser JavaScript) rather than with redirects (HTML forms). */
  json: boolean;
}
