import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifyOrg, notifyOrgs } from '../../../server/api/notifications/notify.js';
import { STARTUP_MS, startFleetApp, type FleetTestApp } from './fleet-app.js';

describe.each(['pglite', 'postgres'])('notifications on %s', (backend) => {
  let t: FleetTestApp;
  let http: ReturnType<typeof request>;
  const orgId = randomUUID();
  const otherOrg = randomUUID();

  beforeAll(async () => {
    t = await startFleetApp(backend);
    http = request(t.app.server);
    await t.db.query('INSERT INTO orgs (id, name) VALUES ($1, $2), ($3, $4)', [orgId, 'Acme', otherOrg, 'Other']);
  }, STARTUP_MS);
  afterAll(async () => t?.close(), STARTUP_MS);

  it('notifyOrg stores one and returns it as the list shows it', async () => {
    const created = await notifyOrg(t.db, {
      orgId,
      kind: 'invite.accepted',
      title: 'New member',
      body: 'ada@example.com joined Acme',
      data: { inviteId: 'i1' },
      createdAt: new Date('2026-01-01T10:00:00Z'),
    });
    expect(created).toMatchObject({ orgId, kind: 'invite.accepted', data: { inviteId: 'i1' }, createdAt: '2026-01-01T10:00:00.000Z' });
    const list = await http.get(`/api/orgs/${orgId}/notifications`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ items: [created], page: 1, perPage: 25, total: 1 });
  });

  it('is part of the caller’s transaction: rolled back with it', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await notifyOrg(tx, { orgId, kind: 'subscription.started', title: 'x', body: 'y' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await http.get(`/api/orgs/${orgId}/notifications?kind=subscription.started`)).body.total).toBe(0);
  });

  it('notifyOrgs reaches several organisations at once', async () => {
    const n = await notifyOrgs(t.db, [orgId, otherOrg], { kind: 'firmware.released', title: 'AP-200 2.0.0', body: 'notes', createdAt: new Date('2026-01-02T10:00:00Z') });
    expect(n).toBe(2);
    expect(await notifyOrgs(t.db, [], { kind: 'firmware.released', title: 't', body: 'b' })).toBe(0);
    const other = await http.get(`/api/orgs/${otherOrg}/notifications`);
    expect(other.body.items).toMatchObject([{ orgId: otherOrg, kind: 'firmware.released', data: {} }]);
  });

  it('lists newest first with pages and filters by kind and time', async () => {
    for (let i = 0; i < 5; i++) {
      await notifyOrg(t.db, { orgId, kind: 'subscription.cancelled', title: `c${i}`, body: '', createdAt: new Date(Date.UTC(2026, 0, 10 + i)) });
    }
    const first = await http.get(`/api/orgs/${orgId}/notifications?per_page=2`);
    expect(first.body).toMatchObject({ total: 7, page: 1, perPage: 2 });
    expect(first.body.items.map((n: { title: string }) => n.title)).toEqual(['c4', 'c3']);
    const third = await http.get(`/api/orgs/${orgId}/notifications?per_page=2&page=4`);
    expect(third.body.items.map((n: { kind: string }) => n.kind)).toEqual(['invite.accepted']);
    const cancelled = await http.get(`/api/orgs/${orgId}/notifications?kind=subscription.cancelled&since=2026-01-12T00:00:00Z&before=2026-01-14T00:00:00Z`);
    expect(cancelled.body.items.map((n: { title: string }) => n.title)).toEqual(['c3', 'c2']);
  });

  it('refuses bad queries naming the parameter, and unknown organisations', async () => {
    const big = await http.get(`/api/orgs/${orgId}/notifications?per_page=1000`);
    expect(big.status).toBe(400);
    expect(big.body.error.reason).toMatch(/per_page/);
    const since = await http.get(`/api/orgs/${orgId}/notifications?since=yesterday`);
    expect(since.status).toBe(400);
    expect(since.body.error.reason).toMatch(/since/);
    expect((await http.get(`/api/orgs/${orgId}/notifications?unread=true`)).status).toBe(400);
    expect((await http.get(`/api/orgs/${randomUUID()}/notifications`)).status).toBe(404);
    expect((await http.get('/api/orgs/nope/notifications')).status).toBe(404);
  });
});
