import { afterEach, describe, expect, it, vi } from 'vitest';
import { assertionKey, signIdentityAssertion } from '../../../shared/identity-assertion.js';
import { VerifiedAssertions } from '../../../server/api/auth/verified-assertions.js';

const key = assertionKey('verified-assertions-test-secret-0123456789');
const claims = { sub: '2b5c3a9e-8c1d-4f7a-9b2e-6d4c3b2a1f0e', sid: 'session-1', aal: 'aal1' as const };

describe('remembered identity assertions', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers the same claims for the same assertion while it is valid', async () => {
    const verifier = new VerifiedAssertions(key);
    const token = await signIdentityAssertion(key, claims, Math.floor(Date.now() / 1000));
    const first = await verifier.verify(token);
    expect(first.sub).toBe(claims.sub);
    await expect(verifier.verify(token)).resolves.toEqual(first);
  });

  it('refuses a remembered assertion once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T10:00:00Z'));
    const verifier = new VerifiedAssertions(key);
    const token = await signIdentityAssertion(key, claims, Math.floor(Date.now() / 1000), 30);
    await verifier.verify(token);
    vi.setSystemTime(new Date('2026-11-26T10:00:31Z'));
    await expect(verifier.verify(token)).rejects.toThrow();
  });

  it('refuses an assertion whose signature does not match, even after its genuine twin was remembered', async () => {
    const verifier = new VerifiedAssertions(key);
    const token = await signIdentityAssertion(key, claims, Math.floor(Date.now() / 1000));
    await verifier.verify(token);
    const [header, payload] = token.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: '9f9f9f9f-8c1d-4f7a-9b2e-6d4c3b2a1f0e' })).toString(
      'base64url',
    );
    const forged = `${header}.${forgedPayload}.${token.split('.')[2]}`;
    await expect(verifier.verify(forged)).rejects.toThrow();
  });
});
