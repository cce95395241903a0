/** The client a token request claims to be, read as the provider reads it, so no spelling gets an allowance of its own. */
import { describe, expect, it } from 'vitest';
import { claimedClientId } from '../../../server/gateway/claimed-client.js';

const basic = (userPart: string) => `Basic ${Buffer.from(`${userPart}:secret`).toString('base64')}`;
const jwt = (payload: unknown) => `e30.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.sig`;

describe('claimedClientId', () => {
  it('reads the Basic header, form-decoded as RFC 6749 §2.3.1 asks', () => {
    expect(claimedClientId(basic('app'), undefined)).toBe('app');
    expect(claimedClientId(basic('%61pp'), undefined)).toBe('app');
    expect(claimedClientId(basic('my+app%3Aone'), undefined)).toBe('my app:one');
    expect(claimedClientId(basic('app').replace('Basic', 'basic'), undefined)).toBe('app');
  });

  it('prefers the header, then the form, then the subject of a client assertion', () => {
    expect(claimedClientId(basic('header'), new URLSearchParams({ client_id: 'form' }))).toBe('header');
    expect(claimedClientId(undefined, new URLSearchParams({ client_id: 'form', client_secret: 's' }))).toBe('form');
    expect(claimedClientId(undefined, new URLSearchParams({ client_assertion: jwt({ sub: 'signed', iss: 'signed' }) }))).toBe('signed');
    expect(claimedClientId('Bearer token', new URLSearchParams({ client_id: 'form' }))).toBe('form');
  });

  it('claims nothing it cannot read', () => {
    expect(claimedClientId(undefined, undefined)).toBeUndefined();
    expect(claimedClientId(basic('%E0%A4%A'), undefined)).toBeUndefined();
    expect(claimedClientId(`Basic ${Buffer.from('no-colon').toString('base64')}`, undefined)).toBeUndefined();
    expect(claimedClientId(undefined, new URLSearchParams({ client_assertion: 'not-a-jwt' }))).toBeUndefined();
    expect(claimedClientId(undefined, new URLSearchParams({ client_assertion: jwt({ sub: 42 }) }))).toBeUndefined();
  });
});
