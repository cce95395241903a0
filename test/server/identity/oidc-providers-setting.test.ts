/**
 * The providers setting: presets fill in issuer, label and scopes; every mistake is reported by
 * variable, entry and field, as the rest of the configuration reports its problems.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config.js';

const secret = { client_id: 'client', client_secret: 'secret' };

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('loadConfig accepted a bad environment');
}

describe('IDENTITY_OIDC_PROVIDERS', () => {
  it('fills in the presets for Google, Microsoft Entra ID, GitHub and a generic issuer', () => {
    const config = loadConfig({
      IDENTITY_OIDC_PROVIDERS: JSON.stringify([
        { id: 'google', preset: 'google', ...secret },
        { id: 'contoso', preset: 'microsoft', tenant: '6f1f2f6e-0000-4000-8000-000000000001', label: 'Contoso', ...secret },
        { id: 'github', preset: 'github', ...secret },
        { id: 'corp', issuer: 'https://sso.corp.example/realms/main', scopes: ['openid', 'email'], traits: { email: 'mail', 'name.first': 'first' }, ...secret },
      ]),
    });
    expect(config.identityOidcProviders.map((p) => [p.id, p.label, p.issuer, p.scopes.join(' ')])).toEqual([
      ['google', 'Google', 'https://accounts.google.com', 'openid email profile'],
      ['contoso', 'Contoso', 'https://login.microsoftonline.com/6f1f2f6e-0000-4000-8000-000000000001/v2.0', 'openid email profile'],
      ['github', 'GitHub', 'https://github.com', 'read:user user:email'],
      ['corp', 'corp', 'https://sso.corp.example/realms/main', 'openid email'],
    ]);
    expect(config.identityOidcProviders[0]!.traits).toEqual({ email: 'email', 'name.first': 'given_name', 'name.last': 'family_name' });
    expect(config.identityOidcProviders[3]!.traits).toEqual({ email: 'mail', 'name.first': 'first' });
    expect(loadConfig({}).identityOidcProviders).toEqual([]);
  });

  it('reads the same JSON from a file', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sitewave-oidc-'));
    const file = path.join(dir, 'providers.json');
    await writeFile(file, JSON.stringify([{ id: 'google', preset: 'google', ...secret }]));
    try {
      expect(loadConfig({ IDENTITY_OIDC_PROVIDERS_FILE: file }).identityOidcProviders[0]!.label).toBe('Google');
      expect(problemsOf({ IDENTITY_OIDC_PROVIDERS_FILE: path.join(dir, 'missing.json') })).toEqual([
        expect.stringMatching(/^IDENTITY_OIDC_PROVIDERS_FILE=".*missing.json": cannot be read \(ENOENT\)$/),
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('names the variable, the entry and the field of every mistake', () => {
    expect(problemsOf({ IDENTITY_OIDC_PROVIDERS: '{not json' })[0]).toMatch(/^IDENTITY_OIDC_PROVIDERS: expected JSON/);
    expect(
      problemsOf({
        IDENTITY_OIDC_PROVIDERS: JSON.stringify([
          { id: 'Bad Id', preset: 'google', ...secret },
          { id: 'ms', preset: 'microsoft', ...secret },
          { id: 'plain', issuer: 'http://sso.example', ...secret },
          { id: 'nosecret', preset: 'google', client_id: 'x' },
          { id: 'google', preset: 'google', ...secret },
          { id: 'google', preset: 'google', ...secret },
          { id: 'x', preset: 'okta', ...secret },
        ]),
      }),
    ).toEqual([
      'IDENTITY_OIDC_PROVIDERS[0].id: expected lowercase letters, digits, "-" and "_" (at most 40), e.g. "google"',
      'IDENTITY_OIDC_PROVIDERS[1].tenant: expected a non-empty string',
      'IDENTITY_OIDC_PROVIDERS[2].issuer: expected an https URL without query or fragment',
      'IDENTITY_OIDC_PROVIDERS[3].client_secret: expected a non-empty string',
      'IDENTITY_OIDC_PROVIDERS[5].id: "google" is used by an earlier provider',
      'IDENTITY_OIDC_PROVIDERS[6].preset: expected one of google, microsoft, github, generic',
    ]);
  });
});
