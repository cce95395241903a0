/**
 * `POST /api/devices/{id}/startsubscription` and `/cancelsubscription`: the subscription state
 * machine (transitions.ts) applied to a device under a row lock. Starting invoices the first
 * period at once; both notify the organisation. Invalid transitions answer 409.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { isUniqueViolation } from '../../db/errors.js';
import { lockDeviceRow } from '../devices/store.js';
import type { FleetContext } from '../fleet/context.js';
import { issueInvoice } from '../invoices/issue.js';
import type { Invoice } from '../invoices/store.js';
import { notifyOrg } from '../notifications/notify.js';
import { checkId, conflict, found } from '../http/api-error.js';
import { periodAt } from './periods.js';
import { CURRENCIES, INTERVALS, PLAN_IDS, planById, priceMinor, type Currency, type Interval } from './plans.js';
import { settleSubscriptions } from './settle.js';
import { latestSubscriptionRow, toSubscription, type Subscription, type SubscriptionRow } from './store.js';
import { transition, type DeviceSubscriptionState } from './transitions.js';

const DEVICE_PARAMS = { type: 'object', properties: { deviceId: { type: 'string' } }, required: ['deviceId'] } as const;

interface StartBody {
  plan: string;
  interval: Interval;
  currency?: Currency;
}

interface CancelBody {
  /** End now instead of at the end of the paid period (no refund either way). */
  immediately?: boolean;
}

const stateOf = (row: SubscriptionRow | undefined): DeviceSubscriptionState => row?.state ?? 'none';

export async function registerSubscriptionRoutes(app: FastifyInstance, ctx: FleetContext): Promise<void> {
  app.post<{ Params: { deviceId: string }; Body: StartBody }>(
    '/api/devices/:deviceId/startsubscription',
    {
      schema: {
        params: DEVICE_PARAMS,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['plan', 'interval'],
          properties: {
            plan: { type: 'string', enum: PLAN_IDS },
            interval: { type: 'string', enum: INTERVALS },
            currency: { type: 'string', enum: CURRENCIES, default: 'EUR' },
          },
        },
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
            data: { deviceId, subscriptionId: sub.id, invoiceId: invoice?.id ?? null },
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

  app.post<{ Params: { deviceId: string }; Body: CancelBody | undefined }>(
    '/api/devices/:deviceId/cancelsubscription',
    {
      schema: {
        params: DEVICE_PARAMS,
        body: { type: ['object', 'null'], additionalProperties: false, properties: { immediately: { type: 'boolean' } } },
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
          data: { deviceId, subscriptionId: sub.id, state: to },
          createdAt: now,
        });
        return toSubscription(sub);
      });
    },
  );
}
