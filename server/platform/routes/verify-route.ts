/**
 * For the gateway only: whether a presented API key is live, and whose. Not part of Ory's API;
 * the gateway calls it (with the service's admin token) before letting a key through.
 */
import type { FastifyInstance } from 'fastify';
import type { PlatformContext } from '../context.js';
import { PlatformError } from '../platform-error.js';

export async function verifyRoute(app: FastifyInstance, context: PlatformContext): Promise<void> {
  app.post<{ Body: { value: string } }>(
    '/internal/api-keys/verify',
    { schema: { body: { type: 'object', properties: { value: { type: 'string', maxLength: 200 } }, required: ['value'] } } },
    async (request) => {
      const key = await context.keys.verify(request.body.value, context.now());
      if (!key) throw new PlatformError(401, 'The API key is not valid: it is unknown, revoked or expired');
      return { id: key.id, project_id: key.projectId, expires_at: key.expiresAt?.toISOString() ?? null };
    },
  );
}
