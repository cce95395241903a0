/**
 * Devices of an organisation: list (query, model, status, subscription state), register by
 * serial and claim code (answering the device's upload token, shown once), update name, status
 * and firmware version, or rotate the token.
 */
import type { FastifyInstance } from 'fastify';
import { isUniqueViolation } from '../../db/errors.js';
import type { FleetContext } from '../fleet/context.js';
import { existingOrg } from '../fleet/orgs.js';
import { ApiError, badRequest, checkId, conflict, found } from '../http/api-error.js';
import { PAGE_QUERY_SCHEMA, pageArgs, type Page } from '../http/list-query.js';
import { settleSubscriptions } from '../subscriptions/settle.js';
import { inventoryEntry } from './inventory.js';
import { claimCodeMatches } from './secrets.js';
import { DEVICE_STATUSES, getDevice, insertDevice, listDevices, lockDeviceRow, updateDevice, type Device, type DeviceFilter } from './store.js';
import { issueDeviceToken, rotateDeviceTokens } from './tokens.js';
import { DeviceSchema, PageOf } from '../http/response-schemas.js';

const NAME = { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' } as const;
const VERSION = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[0-9A-Za-z][0-9A-Za-z.+_-]*$' } as const;
const ORG_PARAMS = { type: 'object', properties: { orgId: { type: 'string' } }, required: ['orgId'] } as const;
const DEVICE_PARAMS = { type: 'object', properties: { deviceId: { type: 'string' } }, required: ['deviceId'] } as const;

interface ListQuery {
  page?: number;
  per_page?: number;
  q?: string;
  model?: string;
  status?: Device['status'];
  subscription?: DeviceFilter['subscription'];
  sort?: DeviceFilter['sort'];
}

interface RegisterBody {
  serial: string;
  claimCode: string;
  name?: string;
}

interface UpdateBody {
  name?: string;
  status?: Device['status'];
  firmwareVersion?: string | null;
  rotateToken?: boolean;
}

export async function registerDeviceRoutes(app: FastifyInstance, ctx: FleetContext): Promise<void> {
  app.get<{ Params: { orgId: string }; Querystring: ListQuery }>(
    '/api/orgs/:orgId/devices',
    {
      schema: {
        response: { 200: PageOf(DeviceSchema) },
        params: ORG_PARAMS,
        querystring: {
          type: 'object',
          additionalProperties: false,
          properties: {
            ...PAGE_QUERY_SCHEMA,
            q: { type: 'string', maxLength: 200 },
            model: { type: 'string', minLength: 1, maxLength: 100 },
            status: { type: 'string', enum: DEVICE_STATUSES },
            subscription: { type: 'string', enum: ['none', 'active', 'cancelling', 'cancelled'] },
            sort: { type: 'string', enum: ['name', 'serial', 'created'], default: 'created' },
          },
        },
      },
    },
    async (request): Promise<Page<Device>> => {
      const orgId = await existingOrg(ctx.db, request.params.orgId);
      const { q, model, status, subscription, sort } = request.query;
      return ctx.db.transaction(async (tx) => {
        await settleSubscriptions(tx, orgId, ctx.now());
        return listDevices(tx, orgId, { q: q?.trim() || undefined, model, status, subscription, sort }, pageArgs(request.query));
      });
    },
  );

  app.post<{ Params: { orgId: string }; Body: RegisterBody }>(
    '/api/orgs/:orgId/devices/register',
    {
      schema: {
        params: ORG_PARAMS,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['serial', 'claimCode'],
          properties: {
            serial: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[0-9A-Za-z][0-9A-Za-z-]*$' },
            claimCode: { type: 'string', minLength: 4, maxLength: 64 },
            name: NAME,
          },
        },
      },
    },
    async (request, reply) => {
      const orgId = await existingOrg(ctx.db, request.params.orgId);
      const serial = request.body.serial.toUpperCase();
      const made = await inventoryEntry(ctx.db, serial);
      // One answer for an unknown serial and a wrong code: serials cannot be probed.
      if (!made || !claimCodeMatches(request.body.claimCode, made.claim_code_hash)) {
        throw badRequest('claimCode: does not match a manufactured device with this serial', { field: 'body/claimCode' });
      }
      const now = ctx.now();
      try {
        const { id, token } = await ctx.db.transaction(async (tx) => {
          const id = await insertDevice(tx, { orgId, serial, model: made.model, name: request.body.name?.trim() ?? `${made.model} ${serial}`, registeredBy: ctx.callerId(request) }, now);
          return { id, token: await issueDeviceToken(tx, id, now) };
        });
        return reply.code(201).send({ device: await getDevice(ctx.db, id), token });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(`The device with serial ${serial} is already registered`);
        throw err;
      }
    },
  );

  app.put<{ Params: { deviceId: string }; Body: UpdateBody }>(
    '/api/devices/:deviceId',
    {
      schema: {
        params: DEVICE_PARAMS,
        body: {
          type: 'object',
          additionalProperties: false,
          minProperties: 1,
          properties: {
            name: NAME,
            status: { type: 'string', enum: DEVICE_STATUSES },
            firmwareVersion: { anyOf: [VERSION, { type: 'null' }] },
            rotateToken: { type: 'boolean' },
          },
        },
      },
    },
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
