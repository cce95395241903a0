/**
 * The API's side of the project's members: the platform routes answer only the gateway's platform
 * assertion (not an identity assertion, not one signed with another key, not an expired one), an
 * administrator named there must still be one, and the members are the global administrators in
 * Ory's shape, with the identity service's word on whether the address is verified.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSERTION_AUDIENCE, ASSERTION_HEADER, ASSERTION_ISSUER, assertionKey } from '../../../shared/identity-assertion.js';
import { PLATFORM_ASSERTION_AUDIENCE, PLATFORM_ASSERTION_HEADER, signPlatformAssertion } from '../../../shared/platform-assertion.js';
import { startTestApi, type TestApi, type TestUser } from './support/api-instance.js';

let t: TestApi;
let admin: TestUser;
let plain: TestUser;
const now = () => Math.floor(Date.now() / 1000);
const asActor = async (actor: string, secret = t.secret) => ({ [PLATFORM_ASSERTION_HEADER]: await signPlatformAssertion(assertionKey(secret), actor, now()) });
const asKey = () => asActor(`api-key:${randomUUID()}`);

beforeAll(async () => {
  t = await startTestApi('pglite');
  admin = await t.newUser('admin');
  plain = await t.newUser('plain');
}, 90_000);
afterAll(async () => t?.close());

describe('who may call the platform routes', () => {
  it('refuses a call without a platform assertion, with an identity assertion, or with a forged or expired one', async () => {
    const signed = (audience: string, issuedAt: number) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(`identity:${admin.id}`)
        .setIssuer(ASSERTION_ISSUER)
        .setAudience(audience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + 60)
        .sign(assertionKey(t.secret));
    for (const headers of [
      {},
      await t.as(admin),
      await asActor(`identity:${admin.id}`, 'another-secret-of-enough-length'),
      { [PLATFORM_ASSERTION_HEADER]: await signed(PLATFORM_ASSERTION_AUDIENCE, now() - 120) },
      { [PLATFORM_ASSERTION_HEADER]: await signed(ASSERTION_AUDIENCE, now()) },
    ]) {
      const res = await t.http.get('/internal/global-admins').set(headers);
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe(401);
      expect((await t.http.delete(`/internal/global-admins/${admin.id}`).set(headers)).status).toBe(401);
    }
  });

  it('is no identity assertion for the other routes', async () => {
    const platform = await asActor(`identity:${admin.id}`);
    expect((await t.http.get('/api/permissions').set({ [ASSERTION_HEADER]: platform[PLATFORM_ASSERTION_HEADER] })).status).toBe(401);
  });

  it('refuses an identity that is no global administrator, whatever the gateway thought', async () => {
    const res = await t.http.get('/internal/global-admins').set(await asActor(`identity:${plain.id}`));
    expect(res.status).toBe(403);
    expect(res.body.error.reason).toMatch(/admin:platform/);
    expect((await t.http.get('/internal/global-admins').set(await asActor(`identity:${admin.id}`))).status).toBe(200);
  });

  it('is not in the published contract', async () => {
    const document = (await t.http.get('/api/openapi.json')).body;
    expect(Object.keys(document.paths).filter((path) => path.includes('internal'))).toEqual([]);
  });
});

describe('members', () => {
  it('are the global administrators as owners, with the verification the identity service knows', async () => {
    const res = await t.http.get('/internal/global-admins').set(await asKey());
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ id: admin.id, email: admin.email, email_verified: false, name: 'admin Tester', role: 'owner', source: 'project' }]);

    const email = `verified-${randomUUID()}@example.com`;
    const { data } = await t.identities.createIdentity({
      createIdentityBody: { schema_id: 'default', traits: { email }, verifiable_addresses: [{ value: email, via: 'email', verified: true, status: 'completed' }] },
    });
    await t.http.get('/api/permissions').set(await t.as(data.id));
    expect(
      (
        await t.http
          .put(`/api/admin/users/${data.id}`)
          .set(await t.as(admin))
          .send({ globalRole: 'admin' })
      ).status,
    ).toBe(200);
    const listed = (await t.http.get('/internal/global-admins').set(await asKey())).body;
    expect(listed.find((member: { id: string }) => member.id === data.id)).toEqual({ id: data.id, email, email_verified: true, name: '', role: 'owner', source: 'project' });
    expect((await t.http.delete(`/internal/global-admins/${data.id}`).set(await asKey())).status).toBe(204);
  });

  it('lose the role when removed, but the last one stays and others are not members', async () => {
    expect((await t.http.delete(`/internal/global-admins/${plain.id}`).set(await asKey())).status).toBe(404);
    expect((await t.http.delete(`/internal/global-admins/${randomUUID()}`).set(await asKey())).status).toBe(404);
    expect((await t.http.delete('/internal/global-admins/not-an-id').set(await asKey())).status).toBe(404);
    const last = await t.http.delete(`/internal/global-admins/${admin.id}`).set(await asKey());
    expect(last.status).toBe(409);
    expect((await t.http.get('/api/permissions').set(await t.as(admin))).body.map((p: { id: string }) => p.id)).toContain('admin:platform');
  });
});
