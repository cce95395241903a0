/**
 * Devices of an organisation: list (query, model, status, subscription state), register by
 * serial and claim code (answering the device's upload token, shown once), update name, status
 * and firmware version, or rotate the token.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { isUniqueViolation } from '../../db/errors.js';
import type { FleetContext } from '../fleet/context.js';
import { existingOrg } from '../fleet/orgs.js';
import { ApiError, badRequest, checkId, conflict, found } from '../http/api-error.js';
import { PageQueryFields, pageArgs, type Page } from '../http/list-query.js';
import { keptOrComputed } from '../../db/until-next-write.js';
import { settleIfDue } from '../subscriptions/settle.js';
import { inventoryEntry } from './inventory.js';
import { claimCodeMatches } from './secrets.js';
import { DEVICE_STATUSES, getDevice, insertDevice, listDevices, lockDeviceRow, updateDevice, type Device } from './store.js';
import { issueDeviceToken, rotateDeviceTokens } from './tokens.js';
import { DeviceSchema, PageOf } from '../http/response-schemas.js';
import { OrgParams } from '../http/schemas.js';

const Name = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });
const Version = Type.String({ minLength: 1, maxLength: 64, pattern: '^[0-9A-Za-z][0-9A-Za-z.+_-]*$' });
const Status = Type.Enum(DEVICE_STATUSES);
const DeviceParams = Type.Object({ deviceId: Type.String() });
const tags = ['devices'];

const ListQuery = Type.Object(
  {
    ...PageQueryFields,
    q: Type.Optional(Type.String({ maxLength: 200 })),
    model: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    status: Type.Optional(Status),
    subscription: Type.Optional(Type.Enum(['none', 'active', 'cancelling', 'cancelled'])),
    sort: Type.Optional(Type.Enum(['name', 'serial', 'created'], { default: 'created' })),
  },
  { additionalProperties: false },
);

const RegisterBody = Type.Object(
  {
    serial: Type.String({ minLength: 1, maxLength: 64, pattern: '^[0-9A-Za-z][0-9A-Za-z-]*$' }),
    claimCode: Type.String({ minLength: 4, maxLength: 64 }),
    name: Type.Optional(Name),
  },
  { additionalProperties: false },
);

const UpdateBody = Type.Object(
  {
    name: Type.Optional(Name),
    status: Type.Optional(Status),
    firmwareVersion: Type.Optional(Type.Union([Version, Type.Null()])),
    rotateToken: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);

/** The upload token is answered once, when issued: at registration and when rotated. */
const Token = Type.String({ description: "The device's upload token for X-Device-Token, shown only now." });
const Registered = Type.Object({ device: DeviceSchema, token: Token });
const Updated = Type.Object({ ...DeviceSchema.properties, token: Type.Optional(Token) });

export async function registerDeviceRoutes(fastify: FastifyInstance, ctx: FleetContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    '/api/orgs/:orgId/devices',
    { schema: { tags, summary: "An organisation's devices with their latest subscription", params: OrgParams, querystring: ListQuery, response: { 200: PageOf(DeviceSchema) } } },
    async (request): Promise<Page<Device>> => {
      const orgId = await existingOrg(ctx.db, request.params.orgId, request);
      const { q, model, status, subscription, sort } = request.query;
      // A renewal falling due is a change too: settled first, it ends the kept list.
      await settleIfDue(ctx.db, orgId, ctx.now(), ctx.answers);
      return keptOrComputed(ctx.answers, `devices ${orgId} ${request.url}`, () =>
        listDevices(ctx.db, orgId, { q: q?.trim() || undefined, model, status, subscription, sort }, pageArgs(request.query)),
      );
    },
  );

  app.post(
    '/api/orgs/:orgId/devices/register',
    {
      schema: {
        tags,
        summary: 'Register a manufactured device by its serial and claim code',
        params: OrgParams,
        body: RegisterBody,
        response: { 201: Registered },
      },
    },
    async (request, reply) => {
      const orgId = await existingOrg(ctx.db, request.params.orgId, request);
      const serial = request.body.serial.toUpperCase();
      const made = await inventoryEntry(ctx.db, serial);
      // One answer for an unknown serial and a wrong code: serials cannot be probed.
      if (!made || !claimCodeMatches(request.body.claimCode, made.claim_code_hash)) {
        throw badRequest('claimCode: does not match a manufactured device with this serial', { field: 'body/claimCode' });
      }
      const now = ctx.now();
      try {
        const { id, token } = await ctx.db.transaction(async (tx) => {
          const id = await insertDevice(
            tx,
            { orgId, serial, model: made.model, name: request.body.name?.trim() ?? `${made.model} ${serial}`, registeredBy: ctx.callerId(request) },
            now,
          );
          return { id, token: await issueDeviceToken(tx, id, now) };
        });
        return reply.code(201).send({ device: found(await getDevice(ctx.db, id), 'device', id), token });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(`The device with serial ${serial} is already registered`);
        throw err;
      }
    },
  );

  app.get(
    '/api/devices/:deviceId',
    { schema: { tags, summary: 'A device with its latest subscription', params: DeviceParams, response: { 200: DeviceSchema } } },
    async (request): Promise<Device> => {
      const id = checkId('device', request.params.deviceId);
      const device = found(await getDevice(ctx.db, id), 'device', id);
      // A renewal due by now shows as renewed, as the list shows it.
      if (!(await settleIfDue(ctx.db, device.orgId, ctx.now(), ctx.answers))) return device;
      return found(await getDevice(ctx.db, id), 'device', id);
    },
  );

  app.put(
    '/api/devices/:deviceId',
    { schema: { tags, summary: "Change a device's name, status or firmware version, or rotate its token", params: DeviceParams, body: UpdateBody, response: { 200: Updated } } },
    async (request): Promise<Device & { token?: string }> => {
      const id = checkId('device', request.params.deviceId);
      const { rotateToken, ...change } = request.body;
      if (change.name !== undefined) change.name = change.name.trim();
      const now = ctx.now();
      const token = await ctx.db.transaction(async (tx) => {
        found(await lockDeviceRow(tx, id), 'device', id);
        await updateDevice(tx, id, change, now);
        return rotateToken ? rotateDeviceTokens(tx, id, now) : undefined;
      });
      const device = await getDevice(ctx.db, id);
      if (!device) throw new ApiError(404, `No device with id ${id}`);
      return token ? { ...device, token } : device;
    },
  );
}
