import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToInventory } from '../../../server/api/devices/inventory.js';
import { addMonths, periodAt, periodIndexOf } from '../../../server/api/subscriptions/periods.js';
import { SubscriptionSettler } from '../../../server/api/subscriptions/settler.js';
import { transition } from '../../../server/api/subscriptions/transitions.js';
import { CALLER_HEADER, STARTUP_MS, startFleetApp, type FleetTestApp } from './fleet-app.js';

describe('billing periods', () => {
  it('counts months from the anchor, clamping to short months without drifting', () => {
    const anchor = new Date('2026-01-31T09:30:00Z');
    expect([1, 2, 3, 4].map((n) => addMonths(anchor, n).toISOString())).toEqual([
      '2026-02-28T09:30:00.000Z',
      '2026-03-31T09:30:00.000Z',
      '2026-04-30T09:30:00.000Z',
      '2026-05-31T09:30:00.000Z',
    ]);
    expect(addMonths(new Date('2028-01-31T00:00:00Z'), 1).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(periodAt(new Date('2024-02-29T00:00:00Z'), 'yearly', 1)).toEqual({ start: new Date('2025-02-28T00:00:00Z'), end: new Date('2026-02-28T00:00:00Z') });
    expect(periodIndexOf(anchor, 'monthly', new Date('2026-04-30T09:30:00Z'))).toBe(3);
    expect(periodIndexOf(anchor, 'monthly', new Date('2026-04-29T09:30:00Z'))).toBeUndefined();
  });
});

describe('the subscription state machine', () => {
  it('allows only its transitions and refuses the rest with 409', () => {
    expect(transition('none', 'start')).toBe('active');
    expect(transition('cancelled', 'start')).toBe('active');
    expect(transition('active', 'cancel')).toBe('cancelling');
    expect(transition('active', 'cancelNow')).toBe('cancelled');
    expect(transition('active', 'periodEnds')).toBe('active');
    expect(transition('cancelling', 'cancelNow')).toBe('cancelled');
    expect(transition('cancelling', 'periodEnds')).toBe('cancelled');
    for (const [from, action] of [
      ['active', 'start'],
      ['cancelling', 'start'],
      ['cancelling', 'cancel'],
      ['none', 'cancel'],
      ['cancelled', 'cancelNow'],
    ] as const) {
      expect(() => transition(from, action)).toThrow(expect.objectContaining({ statusCode: 409 }));
    }
  });
});

describe.each(['pglite', 'postgres'])('subscription routes on %s', (backend) => {
  let t: FleetTestApp;
  let http: ReturnType<typeof request>;
  const orgId = randomUUID();
  const bob = randomUUID();
  let deviceId: string;
  let spareId: string;
  const start = new Date('2026-01-31T10:00:00Z');

  const notifications = async (kind: string) =>
    (await http.get(`/api/orgs/${orgId}/notifications?kind=${kind}`)).body.items as { title: string; body: string; data: Record<string, unknown> }[];

  beforeAll(async () => {
    t = await startFleetApp(backend);
    http = request(t.app.server);
    t.setNow(start);
    await t.db.query('INSERT INTO orgs (id, name) VALUES ($1, $2)', [orgId, 'Acme']);
    await addToInventory(
      t.db,
      [
        { serial: 'AP2-1', model: 'AP-200', claimCode: 'CODE-0001' },
        { serial: 'AP2-2', model: 'AP-200', claimCode: 'CODE-0002' },
      ],
      start,
    );
    deviceId = (await http.post(`/api/orgs/${orgId}/devices/register`).send({ serial: 'AP2-1', claimCode: 'CODE-0001', name: 'Lobby' })).body.device.id;
    spareId = (await http.post(`/api/orgs/${orgId}/devices/register`).send({ serial: 'AP2-2', claimCode: 'CODE-0002', name: 'Spare' })).body.device.id;
  }, STARTUP_MS);
  afterAll(async () => t?.close(), STARTUP_MS);

  it('starts a monthly subscription: active, priced from the catalogue, first period invoiced, organisation notified', async () => {
    const res = await http.post(`/api/devices/${deviceId}/startsubscription`).set(CALLER_HEADER, bob).send({ plan: 'professional', interval: 'monthly' });
    expect(res.status).toBe(201);
    expect(res.body.subscription).toMatchObject({
      deviceId,
      orgId,
      plan: 'professional',
      interval: 'monthly',
      priceMinor: 2900,
      currency: 'EUR',
      state: 'active',
      startedAt: start.toISOString(),
      currentPeriodStart: start.toISOString(),
      currentPeriodEnd: '2026-02-28T10:00:00.000Z',
      cancelledAt: null,
      endedAt: null,
    });
    expect(res.body.invoice).toMatchObject({ orgId, deviceId, totalMinor: 2900, currency: 'EUR', status: 'issued', periodStart: start.toISOString() });
    expect(res.body.invoice.number).toMatch(/^SW-2026-\d{6}$/);
    const device = (await http.get(`/api/orgs/${orgId}/devices?subscription=active`)).body.items;
    expect(device.map((d: { id: string }) => d.id)).toEqual([deviceId]);
    const [started] = await notifications('subscription.started');
    expect(started).toMatchObject({
      title: 'Subscription started: Lobby',
      data: { deviceId, subscriptionId: res.body.subscription.id, invoiceId: res.body.invoice.id, device: 'Lobby' },
    });
  });

  it('refuses a second start with 409 and changes nothing', async () => {
    const again = await http.post(`/api/devices/${deviceId}/startsubscription`).send({ plan: 'basic', interval: 'yearly' });
    expect(again.status).toBe(409);
    expect(again.body.error.reason).toMatch(/already has an active subscription/);
    expect((await t.db.query('SELECT 1 FROM subscriptions WHERE device_id = $1', [deviceId])).rowCount).toBe(1);
    expect((await t.db.query('SELECT 1 FROM invoices WHERE device_id = $1', [deviceId])).rowCount).toBe(1);
  });

  it('renews at the end of each period with one invoice per period, when anything is read', async () => {
    // Read before the period ends, with no change after: the lists are kept, and the period's end alone must renew them.
    const periodEnd = async () => (await http.get(`/api/orgs/${orgId}/devices?subscription=active`)).body.items[0].subscription.currentPeriodEnd;
    const invoiceCount = async () => (await http.get(`/api/orgs/${orgId}/invoices`)).body.total;
    for (let i = 0; i < 2; i++) {
      expect(await periodEnd()).toBe('2026-02-28T10:00:00.000Z');
      expect(await invoiceCount()).toBe(1);
    }
    t.setNow(new Date('2026-04-01T00:00:00Z'));
    expect(await invoiceCount()).toBe(3);
    const device = (await http.get(`/api/orgs/${orgId}/devices?subscription=active`)).body.items[0];
    expect(device.subscription).toMatchObject({ state: 'active', currentPeriodStart: '2026-03-31T10:00:00.000Z', currentPeriodEnd: '2026-04-30T10:00:00.000Z' });
    const periods = await t.db.query<{ period_start: Date }>('SELECT period_start FROM invoices WHERE device_id = $1 ORDER BY period_start', [deviceId]);
    expect(periods.rows.map((r) => r.period_start.toISOString())).toEqual(['2026-01-31T10:00:00.000Z', '2026-02-28T10:00:00.000Z', '2026-03-31T10:00:00.000Z']);
    // Settling again issues nothing more.
    await http.get(`/api/orgs/${orgId}/devices`);
    expect((await t.db.query('SELECT 1 FROM invoices WHERE device_id = $1', [deviceId])).rowCount).toBe(3);
  });

  it('cancels at the end of the paid period: cancelling, then cancelled once it has passed', async () => {
    const res = await http.post(`/api/devices/${deviceId}/cancelsubscription`).set(CALLER_HEADER, bob);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: 'cancelling', cancelledAt: '2026-04-01T00:00:00.000Z', endedAt: null, currentPeriodEnd: '2026-04-30T10:00:00.000Z' });
    const [cancelled] = await notifications('subscription.cancelled');
    expect(cancelled!.body).toMatch(/ends on 2026-04-30/);
    expect(cancelled!.data).toMatchObject({ device: 'Lobby' });
    const twice = await http.post(`/api/devices/${deviceId}/cancelsubscription`).send({});
    expect(twice.status).toBe(409);
    expect(twice.body.error.reason).toMatch(/immediately/);
    const restart = await http.post(`/api/devices/${deviceId}/startsubscription`).send({ plan: 'basic', interval: 'monthly' });
    expect(restart.status).toBe(409);
    t.setNow(new Date('2026-05-02T00:00:00Z'));
    const device = (await http.get(`/api/orgs/${orgId}/devices?subscription=cancelled`)).body.items[0];
    expect(device.subscription).toMatchObject({ state: 'cancelled', endedAt: '2026-04-30T10:00:00.000Z' });
    expect((await t.db.query('SELECT 1 FROM invoices WHERE device_id = $1', [deviceId])).rowCount).toBe(3);
    const ended = await notifications('subscription.ended');
    expect(ended).toHaveLength(1);
    expect(ended[0]!.data).toMatchObject({ device: 'Lobby' });
    expect((await http.get(`/api/orgs/${orgId}/devices?subscription=none`)).body.total).toBe(2);
  });

  it('starts again after the end, yearly in another currency, and cancels immediately', async () => {
    const res = await http.post(`/api/devices/${deviceId}/startsubscription`).send({ plan: 'basic', interval: 'yearly', currency: 'USD' });
    expect(res.status).toBe(201);
    expect(res.body.subscription).toMatchObject({ priceMinor: 10000, currency: 'USD', currentPeriodEnd: '2027-05-02T00:00:00.000Z' });
    const now = await http.post(`/api/devices/${deviceId}/cancelsubscription`).send({ immediately: true });
    expect(now.status).toBe(200);
    expect(now.body).toMatchObject({ state: 'cancelled', endedAt: '2026-05-02T00:00:00.000Z' });
    expect((await http.post(`/api/devices/${deviceId}/cancelsubscription`).send({ immediately: true })).status).toBe(409);
  });

  it('refuses cancelling a device that never subscribed, and subscribing a disabled device', async () => {
    const none = await http.post(`/api/devices/${spareId}/cancelsubscription`);
    expect(none.status).toBe(409);
    expect(none.body.error.reason).toMatch(/no subscription/);
    await http.put(`/api/devices/${spareId}`).send({ status: 'disabled' });
    const disabled = await http.post(`/api/devices/${spareId}/startsubscription`).send({ plan: 'basic', interval: 'monthly' });
    expect(disabled.status).toBe(409);
    expect(disabled.body.error.reason).toMatch(/disabled/);
    expect((await t.db.query('SELECT 1 FROM subscriptions WHERE device_id = $1', [spareId])).rowCount).toBe(0);
  });

  it('lets one of two racing starts win', async () => {
    await http.put(`/api/devices/${spareId}`).send({ status: 'active' });
    const results = await Promise.all([1, 2, 3].map(() => http.post(`/api/devices/${spareId}/startsubscription`).send({ plan: 'basic', interval: 'monthly' })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect((await t.db.query('SELECT 1 FROM subscriptions WHERE device_id = $1', [spareId])).rowCount).toBe(1);
  });

  it('settles without any read: the settler renews, dating the invoice at the period start, and ends', async () => {
    t.setNow(new Date('2026-06-03T00:00:00Z'));
    const settler = new SubscriptionSettler(t.db, { now: t.ctx.now, intervalMs: 20 });
    expect(await settler.runOnce()).toBe(1);
    const invoices = await t.db.query<{ period_start: Date; issued_at: Date }>('SELECT period_start, issued_at FROM invoices WHERE device_id = $1 ORDER BY period_start', [
      spareId,
    ]);
    expect(invoices.rows.map((r) => [r.period_start.toISOString(), r.issued_at.toISOString()])).toEqual([
      ['2026-05-02T00:00:00.000Z', '2026-05-02T00:00:00.000Z'],
      ['2026-06-02T00:00:00.000Z', '2026-06-02T00:00:00.000Z'],
    ]);
    expect(await settler.runOnce()).toBe(0);

    expect((await http.post(`/api/devices/${spareId}/cancelsubscription`)).body.state).toBe('cancelling');
    t.setNow(new Date('2026-07-03T00:00:00Z'));
    settler.start();
    const ended = async () => (await t.db.query<{ state: string }>('SELECT state FROM subscriptions WHERE device_id = $1', [spareId])).rows[0]!.state;
    const deadline = Date.now() + 10_000;
    while ((await ended()) !== 'cancelled' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await settler.stop();
    expect(await ended()).toBe('cancelled');
    expect((await t.db.query('SELECT 1 FROM invoices WHERE device_id = $1', [spareId])).rowCount).toBe(2);
  });

  it('refuses bad input naming the field, and unknown devices', async () => {
    const plan = await http.post(`/api/devices/${deviceId}/startsubscription`).send({ plan: 'gold', interval: 'monthly' });
    expect(plan.status).toBe(400);
    expect(plan.body.error.reason).toMatch(/plan/);
    const interval = await http.post(`/api/devices/${deviceId}/startsubscription`).send({ plan: 'basic', interval: 'weekly' });
    expect(interval.body.error.reason).toMatch(/interval/);
    const missing = await http.post(`/api/devices/${deviceId}/startsubscription`).send({ plan: 'basic' });
    expect(missing.body.error.reason).toMatch(/interval/);
    expect((await http.post(`/api/devices/${deviceId}/startsubscription`).send({ plan: 'basic', interval: 'monthly', currency: 'JPY' })).status).toBe(400);
    expect((await http.post(`/api/devices/${deviceId}/cancelsubscription`).send({ immediately: 'soon' })).status).toBe(400);
    expect((await http.post(`/api/devices/${randomUUID()}/startsubscription`).send({ plan: 'basic', interval: 'monthly' })).status).toBe(404);
    expect((await http.post(`/api/devices/${randomUUID()}/cancelsubscription`)).status).toBe(404);
    expect((await http.post('/api/devices/nope/cancelsubscription')).status).toBe(404);
  });
});
