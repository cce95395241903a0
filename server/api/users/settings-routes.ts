/**
 * `GET`/`PUT /api/user/settings`: the caller's locale, units and default organisation. The
 * default organisation must be one the caller belongs to (400 naming `defaultOrgId`).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { LOCALES } from '../../../shared/locales.js';
import { callerOf } from '../auth/caller.js';
import type { ApiContext } from '../context.js';
import { badRequest } from '../http/api-error.js';
import { Nullable } from '../http/response-schemas.js';
import { TextEnum, Uuid } from '../http/schemas.js';
import { isMember } from '../orgs/members.js';
import { UNITS, UserSettingsSchema } from './settings-schema.js';
import { getSettings, saveSettings } from './settings-store.js';

const tags = ['your account'];
const SettingsChange = Type.Partial(Type.Object({ locale: TextEnum(LOCALES), units: TextEnum(UNITS), defaultOrgId: Nullable(Uuid) }), {
  additionalProperties: false,
  minProperties: 1,
});

export async function registerUserSettingsRoutes(fastify: FastifyInstance, ctx: ApiContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/user/settings',
    { schema: { tags, summary: "The caller's locale, units and default organisation (defaults until first saved)", response: { 200: UserSettingsSchema } } },
    async (request) => getSettings(ctx.db, callerOf(request).id),
  );

  app.put(
    '/api/user/settings',
    { schema: { tags, summary: "Change the caller's locale, units or default organisation (one they belong to)", body: SettingsChange, response: { 200: UserSettingsSchema } } },
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
