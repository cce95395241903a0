/**
 * `GET`/`PUT /api/user/settings`: the caller's locale, units and default organisation. The
 * default organisation must be one the caller belongs to (400 naming `defaultOrgId`).
 */
import type { FastifyInstance } from 'fastify';
import { LOCALES } from '../../../shared/locales.js';
import { callerOf } from '../auth/caller.js';
import type { ApiContext } from '../context.js';
import { UUID_PATTERN } from '../http/schemas.js';
import { isMember } from '../orgs/members.js';
import { badRequest } from '../http/api-error.js';
import { getSettings, saveSettings, type UserSettings } from './settings-store.js';

export async function registerUserSettingsRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  app.get('/api/user/settings', async (request) => getSettings(ctx.db, callerOf(request).id));

  app.put<{ Body: Partial<Omit<UserSettings, 'updatedAt'>> }>(
    '/api/user/settings',
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          minProperties: 1,
          properties: {
            locale: { type: 'string', enum: LOCALES },
            units: { type: 'string', enum: ['metric', 'imperial'] },
            defaultOrgId: { anyOf: [{ type: 'string', pattern: UUID_PATTERN }, { type: 'null' }] },
          },
        },
      },
    },
    async (request) => {
      const userId = callerOf(request).id;
      const change = { ...request.body, ...(request.body.defaultOrgId ? { defaultOrgId: request.body.defaultOrgId.toLowerCase() } : {}) };
      return ctx.db.transaction(async (tx) => {
        if (change.defaultOrgId && !(await isMember(tx, change.defaultOrgId, userId))) {
          throw badRequest('body/defaultOrgId: not an organisation you belong to', { field: 'body/defaultOrgId' });
        }
        return saveSettings(tx, userId, change, ctx.now());
      });
    },
  );
}
