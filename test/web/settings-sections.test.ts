/**
 * Which settings sections a recorded flow offers and in what order, how its backup codes are
 * read, and where a refused privileged change sends the user.
 */
import { describe, expect, it } from 'vitest';
import type { SettingsFlow } from '../../shared/identity-flow.js';
import { backupCodes, backupCodesNode } from '../../web/account/settings/backup-codes.js';
import { reauthenticationUrl } from '../../web/account/settings/reauthentication.js';
import { cardSections, navSections } from '../../web/account/settings/settings-sections.js';
import allMethods from './fixtures/settings/all-methods.json' with { type: 'json' };
import fresh from './fixtures/settings/fresh.json' with { type: 'json' };
import generated from './fixtures/settings/lookup-generated.json' with { type: 'json' };
import revealed from './fixtures/settings/lookup-revealed.json' with { type: 'json' };
import refreshRequired from './fixtures/settings/refresh-required.json' with { type: 'json' };

const nodes = (flow: unknown) => (flow as SettingsFlow).ui.nodes;

describe('settings sections', () => {
  it('offers the embedded service’s methods, profile first', () => {
    expect(navSections(nodes(fresh)).map((s) => s.anchor)).toEqual(['profile', 'password', 'lookup_secret', 'totp']);
  });

  it('lists navigation and cards in the orders of the specification', () => {
    expect(navSections(nodes(allMethods)).map((s) => s.anchor)).toEqual(['profile', 'password', 'oidc', 'lookup_secret', 'webauthn', 'passkey', 'totp']);
    expect(cardSections(nodes(allMethods)).map((s) => s.anchor)).toEqual(['profile', 'password', 'webauthn', 'passkey', 'lookup_secret', 'oidc', 'totp']);
  });

  it('always shows the profile, and no security keys for a lone WebAuthn script', () => {
    const script = nodes(allMethods).find((n) => n.attributes.node_type === 'script')!;
    const csrf = nodes(fresh).find((n) => n.group === 'default')!;
    expect(navSections([csrf, script]).map((s) => s.anchor)).toEqual(['profile']);
  });
});

describe('backup codes', () => {
  it('reads twelve unused codes from a generated set', () => {
    const codes = backupCodes(backupCodesNode(nodes(generated))!);
    expect(codes).toHaveLength(12);
    expect(codes.every((c) => !c.used && /^[a-z0-9]{8}$/.test(c.secret))).toBe(true);
  });

  it('marks the spent code as used and keeps no secret for it', () => {
    const codes = backupCodes(backupCodesNode(nodes(revealed))!);
    expect(codes[0]).toMatchObject({ used: true, message: { id: 1050014 } });
    expect(codes[0]).not.toHaveProperty('secret');
    expect(codes.slice(1).every((c) => !c.used)).toBe(true);
  });

  it('has no list before codes are generated or revealed', () => {
    expect(backupCodesNode(nodes(fresh))).toBeUndefined();
  });
});

describe('re-authentication', () => {
  it('signs in again on /login in refresh mode and returns to the same settings flow', () => {
    const url = reauthenticationUrl(refreshRequired.redirect_browser_to, 'http://localhost:3000/settings');
    const parsed = new URL(url, 'http://localhost:3000');
    expect(parsed.pathname).toBe('/login');
    expect(parsed.searchParams.get('refresh')).toBe('true');
    expect(parsed.searchParams.get('return_to')).toMatch(/^http:\/\/localhost:3000\/settings\?flow=[0-9a-f-]{36}$/);
  });

  it('returns to the current page when the service names no return address', () => {
    expect(reauthenticationUrl(undefined, 'http://localhost:3000/settings?flow=abc')).toBe(
      `/login?refresh=true&return_to=${encodeURIComponent('http://localhost:3000/settings?flow=abc')}`,
    );
  });
});
