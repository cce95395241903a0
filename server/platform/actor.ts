/**
 * Who is changing the project, as the gateway tells it after checking them: `identity:<id>` for a
 * global administrator's session, `api-key:<id>` for an API key. Only the gateway can say so: the
 * service answers nothing without its admin token.
 */
import type { FastifyRequest } from 'fastify';
import { PlatformError } from './platform-error.js';

export const ACTOR_HEADER = 'x-platform-actor';
const ACTOR = /^(identity|api-key):[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface Actor {
  kind: 'identity' | 'api-key';
  id: string;
  /** As stored in revisions. */
  text: string;
}

export function actorOf(request: FastifyRequest): Actor {
  const text = request.headers[ACTOR_HEADER];
  if (typeof text !== 'string' || !ACTOR.test(text)) {
    throw new PlatformError(400, `The ${ACTOR_HEADER} header must name who makes this change: identity:<id> or api-key:<id>`);
  }
  const [kind, id] = text.split(':') as [Actor['kind'], string];
  return { kind, id, text };
}
