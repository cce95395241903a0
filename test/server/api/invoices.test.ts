import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToInventory } from '../../../server/api/devices/inventory.js';
import { STARTUP_MS, startFleetApp, type FleetTestApp } from './fleet-app.js';

interface InvoiceJson {
  id: string;
  number: string;
  deviceId: string;
  periodStart: string;
  periodEnd: string;
  totalMinor: number;
  currency: string;
  status: string;
  lines: { description: string; quantity: number; unitAmountMinor: number; amountMinor: number }[];
}

describe.each(['pglite', 'postgres'])('invoices on %s', (backend) => {
  let t: FleetTestApp;
  let http: ReturnType<typeof request>;
  const orgId = randomUUID();
  const otherOrg = randomUUID();
  let lobby: string;
  let hall: string;

  beforeAll(async () => {
    t = await startFleetApp(backend);
    http = request(t.app.server);
    t.setNow(new Date('2026-03-15T12:00:00Z'));
    await t.db.query('INSERT INTO orgs (id, name) VALUES ($1, $2), ($3, $4)', [orgId, 'Acme', otherOrg, 'Other']);
    await addToInventory(
      t.db,
      [
        { serial: 'I-1', model: 'AP-200', claimCode: 'CODE-1111' },
        { serial: 'I-2', model: 'Sensor-5', claimCode: 'CODE-2222' },
      ],
      new Date(),
    );
    lobby = (await http.post(`/api/orgs/${orgId}/devices/register`).send({ serial: 'I-1', claimCode: 'CODE-1111', name: 'Lobby' })).body.device.id;
    hall = (await http.post(`/api/orgs/${orgId}/devices/register`).send({ serial: 'I-2', claimCode: 'CODE-2222', name: 'Hall' })).body.device.id;
    expect((await http.post(`/api/devices/${lobby}/startsubscription`).send({ plan: 'basic', interval: 'monthly' })).status).toBe(201);
    t.setNow(new Date('2026-03-20T12:00:00Z'));
    expect((await http.post(`/api/devices/${hall}/startsubscription`).send({ plan: 'enterprise', interval: 'yearly', currency: 'GBP' })).status).toBe(201);
    // Three renewals of the monthly one fall due by then.
    t.setNow(new Date('2026-06-16T00:00:00Z'));
  }, STARTUP_MS);
  afterAll(async () => t?.close(), STARTUP_MS);

  it('lists the invoices subscriptions issued, renewals included, newest first, with lines and totals', async () => {
    const res = await http.get(`/api/orgs/${orgId}/invoices`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(5);
    const items = res.body.items as InvoiceJson[];
    expect(items.map((i) => [i.deviceId === lobby ? 'lobby' : 'hall', i.periodStart.slice(0, 10)])).toEqual([
      ['lobby', '2026-06-15'],
      ['lobby', '2026-05-15'],
      ['lobby', '2026-04-15'],
      ['hall', '2026-03-20'],
      ['lobby', '2026-03-15'],
    ]);
    const yearly = items.find((i) => i.deviceId === hall)!;
    expect(yearly).toMatchObject({ currency: 'GBP', totalMinor: 69000, status: 'issued', periodEnd: '2027-03-20T12:00:00.000Z' });
    expect(yearly.lines).toEqual([
      {
        description: expect.stringMatching(/^Enterprise plan, yearly, Hall \(Sensor-5, serial I-2\), 2026-03-20 to 2027-03-20$/),
        quantity: 1,
        unitAmountMinor: 69000,
        amountMinor: 69000,
      },
    ]);
    for (const i of items) expect(i.totalMinor).toBe(i.lines.reduce((sum, l) => sum + l.amountMinor, 0));
    const numbers = items.map((i) => i.number);
    expect(new Set(numbers).size).toBe(5);
    expect(numbers).toEqual([...numbers].sort().reverse());
  });

  it("answers one invoice of the organisation, and another organisation's as unknown", async () => {
    const [first] = (await http.get(`/api/orgs/${orgId}/invoices?per_page=1`)).body.items as InvoiceJson[];
    const res = await http.get(`/api/orgs/${orgId}/invoices/${first!.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(first);
    expect((await http.get(`/api/orgs/${randomUUID()}/invoices/${first!.id}`)).status).toBe(404);
    expect((await http.get(`/api/orgs/${orgId}/invoices/${randomUUID()}`)).status).toBe(404);
  });

  it('offers the plan catalogue with the price of each interval and currency', async () => {
    const res = await http.get('/api/subscriptions/plans');
    expect(res.status).toBe(200);
    expect(res.body.intervals).toEqual(['monthly', 'yearly']);
    const enterprise = (res.body.plans as { id: string; prices: { yearly: Record<string, number> } }[]).find((p) => p.id === 'enterprise');
    expect(enterprise?.prices.yearly.GBP).toBe(69000);
  });

  it('filters by device, status and issue time, with pages', async () => {
    expect((await http.get(`/api/orgs/${orgId}/invoices?deviceId=${hall}`)).body.total).toBe(1);
    expect((await http.get(`/api/orgs/${orgId}/invoices?status=paid`)).body.total).toBe(0);
    expect((await http.get(`/api/orgs/${orgId}/invoices?status=issued`)).body.total).toBe(5);
    const march = await http.get(`/api/orgs/${orgId}/invoices?from=2026-03-01T00:00:00Z&to=2026-04-01T00:00:00Z`);
    expect(march.body.items.map((i: InvoiceJson) => i.periodStart.slice(0, 10))).toEqual(['2026-03-20', '2026-03-15']);
    const page = await http.get(`/api/orgs/${orgId}/invoices?per_page=2&page=3`);
    expect(page.body).toMatchObject({ page: 3, perPage: 2, total: 5 });
    expect(page.body.items).toHaveLength(1);
    expect((await http.get(`/api/orgs/${otherOrg}/invoices`)).body.total).toBe(0);
  });

  it('refuses bad queries naming the parameter, and unknown organisations', async () => {
    const status = await http.get(`/api/orgs/${orgId}/invoices?status=overdue`);
    expect(status.status).toBe(400);
    expect(status.body.error.reason).toMatch(/status/);
    expect((await http.get(`/api/orgs/${orgId}/invoices?deviceId=lobby`)).body.error.reason).toMatch(/deviceId/);
    expect((await http.get(`/api/orgs/${orgId}/invoices?from=March`)).body.error.reason).toMatch(/from/);
    expect((await http.get(`/api/orgs/${orgId}/invoices?page=0`)).status).toBe(400);
    expect((await http.get(`/api/orgs/${randomUUID()}/invoices`)).status).toBe(404);
    expect((await http.get('/api/orgs/acme/invoices')).status).toBe(404);
  });

  it('keeps one invoice per period when settled concurrently', async () => {
    t.setNow(new Date('2026-07-16T00:00:00Z'));
    await Promise.all([1, 2, 3, 4].map(() => http.get(`/api/orgs/${orgId}/invoices`)));
    expect((await t.db.query('SELECT 1 FROM invoices WHERE device_id = $1', [lobby])).rowCount).toBe(5);
  });
});
