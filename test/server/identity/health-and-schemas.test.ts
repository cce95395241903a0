import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestBrowser } from './support/browser.js';
import { startTestIdentity, TEST_ADMIN_TOKEN, type TestIdentity } from './support/identity-instance.js';

let identity: TestIdentity;
beforeAll(async () => {
  identity = await startTestIdentity();
});
afterAll(async () => identity?.stop());

describe('public and admin listeners', () => {
  it('answer health and version on both listeners', async () => {
    const browser = new TestBrowser(identity.publicUrl);
    expect((await browser.get('/health/alive')).body).toEqual({ status: 'ok' });
    expect((await browser.get('/health/ready')).body).toEqual({ status: 'ok' });
    expect((await new TestBrowser(identity.adminUrl).get('/health/ready')).status).toBe(200);
  });

  it('serves the identity schemas by id and by base64url id', async () => {
    const browser = new TestBrowser(identity.publicUrl);
    const list = await browser.get('/schemas');
    expect(list.body[0].id).toBe('default');
    const byId = await browser.get('/schemas/default');
    expect(byId.body.properties.traits.required).toEqual(['email']);
    expect((await browser.get(`/schemas/${Buffer.from('default').toString('base64url')}`)).status).toBe(200);
    expect((await browser.get('/schemas/nope')).status).toBe(404);
  });

  it('keeps the admin API closed without the token', async () => {
    const admin = new TestBrowser(identity.adminUrl);
    const refused = await admin.get('/admin/identities');
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe(401);
    const wrong = await admin.get('/admin/identities', { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    const allowed = await admin.get('/admin/identities', { headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } });
    expect(allowed.status).not.toBe(401);
  });

  it('answers unknown self-service errors with 404 and stubs with their code', async () => {
    const browser = new TestBrowser(identity.publicUrl);
    expect((await browser.get('/self-service/errors?id=00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await browser.get('/self-service/errors?id=stub:500')).body.error.code).toBe(500);
  });
});
