/**
 * `POST /api/devices/{id}/startsubscription` and `/cancelsubscription`: the subscription state
 * machine (transitions.ts) applied to a device under a row lock. Starting invoices the first
 * period at once; both notify the organisation. Invalid transitions answer 409.
 */
import { randomUUID } from 'node:crypto';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { isUniqueViolation } from '../../db/errors.js';
import { lockDeviceRow } from '../devices/store.js';
import type { FleetContext } from '../fleet/context.js';
import { issueInvoice } from '../invoices/issue.js';
import type { Invoice } from '../invoices/store.js';
import { notifyOrg } from '../notifications/notify.js';
import { checkId, conflict, found } from '../http/api-error.js';
import { InvoiceSchema, SubscriptionSchema } from '../http/response-schemas.js';
import { ObjectOrNull, TextEnum } from '../http/schemas.js';
import { periodAt } from './periods.js';
import { CURRENCIES, INTERVALS, PLAN_IDS, planById, priceMinor } from './plans.js';
import { settleSubscriptions } from './settle.js';
import { latestSubscriptionRow, toSubscription, type Subscription, type SubscriptionRow } from './store.js';
import { transition, type DeviceSubscriptionState } from './transitions.js';

const tags = ['subscriptions'];
const DeviceParams = Type.Object({ deviceId: Type.String() });

const StartBody = Type.Object(
  { plan: TextEnum(PLAN_IDS), interval: TextEnum(INTERVALS), currency: Type.Optional(TextEnum(CURRENCIES, { default: 'EUR' })) },
  { additionalProperties: false },
);
const Started = Type.Object({
  subscription: SubscriptionSchema,
  invoice: Type.Optional(InvoiceSchema),
});

const CancelBody = ObjectOrNull(
  Type.Object(
    { immediately: Type.Optional(Type.Boolean({ description: 'End now instead of at the end of the paid period (no refund either way)' })) },
    { additionalProperties: false },
  ),
);

const stateOf = (row: SubscriptionRow | undefined): DeviceSubscriptionState => row?.state ?? 'none';

export async function registerSubscriptionRoutes(fastify: FastifyInstance, ctx: FleetContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/api/devices/:deviceId/startsubscription',
    {
      schema: {
        tags,
        summary: 'Subscribe a device to a plan; the first period is invoiced at once',
        params: DeviceParams,
        body: StartBody,
        response: { 201: Started },
      },
    },
    async (request, reply) => {
      const deviceId = checkId('device', request.params.deviceId);
      const { interval } = request.body;
      const plan = planById(request.body.plan)!;
      const currency = request.body.currency ?? 'EUR';
      const now = ctx.now();
      try {
        const result = await ctx.db.transaction(async (tx): Promise<{ subscription: Subscription; invoice: Invoice | undefined }> => {
          const device = found(await lockDeviceRow(tx, deviceId), 'device', deviceId);
          await settleSubscriptions(tx, device.org_id, now);
          transition(stateOf(await latestSubscriptionRow(tx, deviceId)), 'start');
          if (device.status === 'disabled') throw conflict('This device is disabled: enable it before subscribing');
          const period = periodAt(now, interval, 0);
          const r = await tx.query<SubscriptionRow>(
            `INSERT INTO subscriptions (id, device_id, org_id, plan, interval, price_minor, currency, state, started_at,
                                        current_period_start, current_period_end, started_by, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, 'active', $8, $8, $9, $10, $8) RETURNING *`,
            [randomUUID(), deviceId, device.org_id, plan.id, interval, priceMinor(plan, interval, currency), currency, now, period.end, ctx.callerId(request)],
          );
          const sub = r.rows[0]!;
          const invoice = await issueInvoice(tx, sub, device, period, now);
          await notifyOrg(tx, {
            orgId: device.org_id,
            kind: 'subscription.started',
            title: `Subscription started: ${device.name}`,
            body: `${plan.name} plan, ${interval}, for device ${device.serial}.${invoice ? ` Invoice ${invoice.number} issued.` : ''}`,
            data: { deviceId, subscriptionId: sub.id, invoiceId: invoice?.id ?? null, device: device.name || device.serial },
            createdAt: now,
          });
          return { subscription: toSubscription(sub), invoice };
        });
        return reply.code(201).send(result);
      } catch (err) {
        // Two starts racing past the state check: the running-subscription index keeps one.
        if (isUniqueViolation(err)) throw conflict('This device already has an active subscription');
        throw err;
      }
    },
  );

  app.post(
    '/api/devices/:deviceId/cancelsubscription',
    {
      schema: {
        tags,
        summary: "Cancel a device's subscription at the end of its paid period, or at once",
        params: DeviceParams,
        body: CancelBody,
        response: { 200: SubscriptionSchema },
      },
    },
    async (request): Promise<Subscription> => {
      const deviceId = checkId('device', request.params.deviceId);
      const immediately = request.body?.immediately ?? false;
      const now = ctx.now();
      return ctx.db.transaction(async (tx) => {
        const device = found(await lockDeviceRow(tx, deviceId), 'device', deviceId);
        await settleSubscriptions(tx, device.org_id, now);
        const current = await latestSubscriptionRow(tx, deviceId, true);
        const to = transition(stateOf(current), immediately ? 'cancelNow' : 'cancel');
        const r = await tx.query<SubscriptionRow>(
          `UPDATE subscriptions SET state = $2, cancelled_at = COALESCE(cancelled_at, $3), cancelled_by = COALESCE(cancelled_by, $4),
                  ended_at = CASE WHEN $2 = 'cancelled' THEN $3::timestamptz ELSE NULL END, updated_at = $3
            WHERE id = $1 RETURNING *`,
          [current!.id, to, now, ctx.callerId(request)],
        );
        const sub = r.rows[0]!;
        const until = sub.current_period_end.toISOString().slice(0, 10);
        await notifyOrg(tx, {
          orgId: device.org_id,
          kind: 'subscription.cancelled',
          title: `Subscription cancelled: ${device.name}`,
          body: to === 'cancelled' ? `The subscription of device ${device.serial} has ended.` : `The subscription of device ${device.serial} ends on ${until}.`,
          data: { deviceId, subscriptionId: sub.id, state: to, device: device.name || device.serial },
          createdAt: now,
        });
        return toSubscription(sub);
      });
    },
  );
}
