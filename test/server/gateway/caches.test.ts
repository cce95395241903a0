import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { browserWrite, startHarness, type Harness } from '../support/gateway.js';

let h: Harness;
const cookieOf = (token: string) => `ory_kratos_session=${token}`;
const apiCalls = (path: string) => h.api.requests.filter((r) => r === `GET ${path}`).length;

function addUser(name: string, orgGrants: string[] = ['org:read'], expiresAt?: Date) {
  h.identity.sessions.set(`${name}-token`, { token: `${name}-token`, id: `sess-${name}`, identityId: name, expiresAt });
  h.api.grant(name, 'user', []);
  h.api.grant(name, 'org:acme', orgGrants);
  return cookieOf(`${name}-token`);
}

beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => {
  h.identity.requests.length = 0;
  h.api.requests.length = 0;
  h.identity.whoamiDelayMs = 0;
  h.api.echoStatus = 200;
});

describe('session cache', () => {
  it('calls whoami once per credential and answers hits without any upstream call', async () => {
    const cookie = addUser('s1');
    for (let i = 0; i < 5; i++) {
      expect((await request(h.gateway.server).get('/api/orgs').set('cookie', cookie)).status).toBe(200);
    }
    expect(h.identity.whoamiCalls()).toBe(1);
  });

  it('asks again once the TTL (60 s by default) has passed', async () => {
    const cookie = addUser('s2');
    await request(h.gateway.server).get('/api/orgs').set('cookie', cookie);
    h.clock.advance(59_000);
    await request(h.gateway.server).get('/api/orgs').set('cookie', cookie);
    expect(h.identity.whoamiCalls()).toBe(1);
    h.clock.advance(2_000);
    await request(h.gateway.server).get('/api/orgs').set('cookie', cookie);
    expect(h.identity.whoamiCalls()).toBe(2);
  });

  it('never keeps a session past its expires_at', async () => {
    const cookie = addUser('s3', ['org:read'], new Date(Date.now() + 5_000));
    await request(h.gateway.server).get('/api/orgs').set('cookie', cookie);
    h.clock.advance(5_500);
    await request(h.gateway.server).get('/api/orgs').set('cookie', cookie);
    expect(h.identity.whoamiCalls()).toBe(2);
  });

  it('shares one whoami call among concurrent requests with the same credential', async () => {
    const cookie = addUser('s4');
    h.identity.whoamiDelayMs = 150;
    const answers = await Promise.all(Array.from({ length: 20 }, () => request(h.gateway.server).get('/api/orgs').set('cookie', cookie)));
    expect(answers.every((res) => res.status === 200)).toBe(true);
    expect(h.identity.whoamiCalls()).toBe(1);
  });

  it('accepts X-Session-Token and caches it separately from cookies', async () => {
    addUser('s5');
    const a = await request(h.gateway.server).get('/api/orgs').set('x-session-token', 's5-token');
    const b = await request(h.gateway.server).get('/api/orgs').set('x-session-token', 's5-token');
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(h.identity.whoamiCalls()).toBe(1);
    expect(h.identity.lastHeaders['x-session-token']).toBe('s5-token');
  });

  it('forgets the session when the browser logs out through the gateway', async () => {
    const cookie = addUser('s6');
    expect((await request(h.gateway.server).get('/api/orgs').set('cookie', cookie)).status).toBe(200);
    const logout = await request(h.gateway.server).get('/.ory/self-service/logout?token=logout-sess-s6').set('cookie', cookie);
    expect(logout.status).toBe(303);
    const after = await request(h.gateway.server).get('/api/orgs').set('cookie', cookie);
    expect(after.status).toBe(401);
    expect(h.identity.whoamiCalls()).toBe(2);
  });

  it('forgets the session when an API client logs out through the gateway', async () => {
    addUser('s7');
    expect((await request(h.gateway.server).get('/api/orgs').set('x-session-token', 's7-token')).status).toBe(200);
    const logout = await request(h.gateway.server).delete('/.ory/self-service/logout/api').set('x-session-token', 's7-token');
    expect(logout.status).toBe(204);
    expect((await request(h.gateway.server).get('/api/orgs').set('x-session-token', 's7-token')).status).toBe(401);
  });

  it('forgets a session revoked by id through the gateway', async () => {
    const cookie = addUser('s8');
    addUser('s8b');
    await request(h.gateway.server).get('/api/orgs').set('cookie', cookie);
    const revoke = await request(h.gateway.server).delete('/.ory/sessions/sess-s8').set('x-session-token', 's8b-token');
    expect(revoke.status).toBe(204);
    expect((await request(h.gateway.server).get('/api/orgs').set('cookie', cookie)).status).toBe(401);
  });
});

describe('sessions ended by an administrator', () => {
  it('signs the user out at once when an administrator ends all their sessions', async () => {
    const admin = addUser('s9-admin');
    h.api.grant('s9-admin', 'user', ['admin:users']);
    const cookie = addUser('s9');
    expect((await request(h.gateway.server).get('/api/orgs').set('cookie', cookie)).status).toBe(200);
    const revoke = await request(h.gateway.server).delete('/api/admin/users/s9/sessions').set(browserWrite(admin));
    expect(revoke.status).toBe(200);
    // The identity service has ended the session; the gateway must not answer from its cache.
    h.identity.sessions.delete('s9-token');
    expect((await request(h.gateway.server).get('/api/orgs').set('cookie', cookie)).status).toBe(401);
  });

  it('signs one session out at once when an administrator ends it', async () => {
    const admin = addUser('s10-admin');
    h.api.grant('s10-admin', 'user', ['admin:users']);
    const cookie = addUser('s10');
    expect((await request(h.gateway.server).get('/api/orgs').set('cookie', cookie)).status).toBe(200);
    expect((await request(h.gateway.server).delete('/api/admin/users/s10/sessions/sess-s10').set(browserWrite(admin))).status).toBe(200);
    h.identity.sessions.delete('s10-token');
    expect((await request(h.gateway.server).get('/api/orgs').set('cookie', cookie)).status).toBe(401);
  });
});

describe('permission cache', () => {
  it('fetches each list once and keeps it for exactly two minutes', async () => {
    const cookie = addUser('p1', ['org:read']);
    for (let i = 0; i < 3; i++) {
      expect((await request(h.gateway.server).get('/api/orgs/acme').set('cookie', cookie)).status).toBe(200);
    }
    expect(apiCalls('/api/permissions')).toBe(1);
    expect(apiCalls('/api/orgs/acme/permissions')).toBe(1);

    h.clock.advance(119_999);
    await request(h.gateway.server).get('/api/orgs/acme').set('cookie', cookie);
    expect(apiCalls('/api/orgs/acme/permissions')).toBe(1);

    h.clock.advance(2);
    await request(h.gateway.server).get('/api/orgs/acme').set('cookie', cookie);
    expect(apiCalls('/api/permissions')).toBe(2);
    expect(apiCalls('/api/orgs/acme/permissions')).toBe(2);
  });

  it('shares one fetch among concurrent misses', async () => {
    const cookie = addUser('p2', ['org:read']);
    await request(h.gateway.server).get('/api/orgs').set('cookie', cookie); // warm the session only
    const answers = await Promise.all(Array.from({ length: 10 }, () => request(h.gateway.server).get('/api/orgs/acme').set('cookie', cookie)));
    expect(answers.every((res) => res.status === 200)).toBe(true);
    expect(apiCalls('/api/orgs/acme/permissions')).toBe(1);
  });

  it('sees a role change made through the gateway at once, for the affected user only', async () => {
    const admin = addUser('p3', ['org:read', 'org:users:manage']);
    const member = addUser('p4', ['org:read']);
    expect((await request(h.gateway.server).put('/api/orgs/acme').set(browserWrite(member)).send({})).status).toBe(403);

    h.api.grant('p4', 'org:acme', ['org:read', 'org:update']);
    const change = await request(h.gateway.server).put('/api/orgs/acme/users/p4').set(browserWrite(admin)).send({ role: 'admin' });
    expect(change.status).toBe(200);
    const adminListFetches = apiCalls('/api/orgs/acme/permissions');

    expect((await request(h.gateway.server).put('/api/orgs/acme').set(browserWrite(member)).send({})).status).toBe(200);
    await request(h.gateway.server).get('/api/orgs/acme').set('cookie', admin);
    // The member's list was fetched again; the admin's was still cached.
    expect(apiCalls('/api/orgs/acme/permissions')).toBe(adminListFetches + 1);
  });

  it('keeps the cache when a role-changing call fails upstream', async () => {
    const admin = addUser('p5', ['org:read', 'org:users:manage']);
    const member = addUser('p6', ['org:read']);
    await request(h.gateway.server).get('/api/orgs/acme').set('cookie', member);
    h.api.echoStatus = 400;
    await request(h.gateway.server).put('/api/orgs/acme/users/p6').set(browserWrite(admin)).send({ role: '?' });
    h.api.echoStatus = 200;
    const before = apiCalls('/api/orgs/acme/permissions');
    await request(h.gateway.server).get('/api/orgs/acme').set('cookie', member);
    expect(apiCalls('/api/orgs/acme/permissions')).toBe(before);
  });

  it('drops every cached list of an organisation when it is deleted', async () => {
    const owner = addUser('p7', ['org:read', 'org:delete']);
    await request(h.gateway.server).get('/api/orgs/acme').set('cookie', owner);
    expect((await request(h.gateway.server).delete('/api/orgs/acme').set(browserWrite(owner))).status).toBe(200);
    const before = apiCalls('/api/orgs/acme/permissions');
    await request(h.gateway.server).get('/api/orgs/acme').set('cookie', owner);
    expect(apiCalls('/api/orgs/acme/permissions')).toBe(before + 1);
  });
});
