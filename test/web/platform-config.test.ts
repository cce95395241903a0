/**
 * The identity platform screens' pure parts: the JSON Patch a form sends (only what changed, the
 * objects above a missing key added with it), how a revision's operations read, client secrets
 * never shown, and lifespans between Go's text and an amount with a unit.
 */
import { describe, expect, it } from 'vitest';
import { dottedPath, HIDDEN_SECRET, setOperations, valueAt, withoutSecrets } from '../../web/admin/platform/config-patch.js';
import { friendlyDuration, goDurationOf, parseGoDuration } from '../../web/admin/platform/go-duration.js';
import { operationLine } from '../../web/admin/platform/revision-text.js';
import { addProviderOperations, editProviderOperations, valuesOfProvider, type StoredProvider } from '../../web/admin/platform/social-providers.js';
import type { PlatformProject } from '../../web/admin/platform/platform-types.js';

const PROVIDERS = '/services/identity/config/selfservice/methods/oidc/config/providers';

function project(identity: Record<string, unknown>): PlatformProject {
  return {
    id: 'p',
    name: 'sitewave',
    slug: 'sitewave',
    revision_id: 'r',
    services: { identity: { config: identity }, oauth2: { config: {} }, permission: { config: {} } },
    cors_admin: {},
    cors_public: {},
  };
}

describe('the JSON Patch of a change', () => {
  const document = { a: { b: 1, list: [{ id: 'x' }] } };

  it('replaces what is there, adds what is not, removes what is emptied, and sends nothing for an unchanged value', () => {
    expect(
      setOperations(document, [
        { pointer: '/a/b', value: 2 },
        { pointer: '/a/c', value: true },
        { pointer: '/a/list/0/id', value: 'x' },
        { pointer: '/a/list/0/label', value: undefined },
        { pointer: '/a/b', value: undefined },
      ]),
    ).toEqual([
      { op: 'replace', path: '/a/b', value: 2 },
      { op: 'add', path: '/a/c', value: true },
      { op: 'remove', path: '/a/b' },
    ]);
    expect(document).toEqual({ a: { b: 1, list: [{ id: 'x' }] } });
  });

  it('adds the first missing object with the rest inside it, and later keys go into what it added', () => {
    expect(
      setOperations(document, [
        { pointer: '/a/session/lifespan', value: '1h' },
        { pointer: '/a/session/other', value: 3 },
      ]),
    ).toEqual([
      { op: 'add', path: '/a/session', value: { lifespan: '1h' } },
      { op: 'add', path: '/a/session/other', value: 3 },
    ]);
  });

  it('escapes keys with slashes and tildes, and reads dotted paths back', () => {
    expect(setOperations({}, [{ pointer: '/a~1b/c~0d', value: 1 }])).toEqual([{ op: 'add', path: '/a~1b', value: { 'c~d': 1 } }]);
    expect(valueAt({ 'a/b': { 'c~d': 1 } }, '/a~1b/c~0d')).toBe(1);
    expect(dottedPath('/services/oauth2/config/strategies/access_token')).toBe('services.oauth2.config.strategies.access_token');
  });
});

describe('social sign-in providers', () => {
  const stored: StoredProvider = {
    id: 'corp',
    provider: 'generic',
    label: 'Corp',
    client_id: 'abc',
    client_secret: 'kept',
    issuer_url: 'https://sso.corp.example',
    scope: ['openid', 'email'],
  };

  it('sends only the changed keys of a provider, never its secret unless a new one was typed', () => {
    const withProvider = project({ selfservice: { methods: { oidc: { config: { providers: [stored] } } } } });
    const values = { ...valuesOfProvider(stored), label: '', clientId: 'xyz' };
    expect(values.clientSecret).toBe('');
    expect(editProviderOperations(withProvider, 0, values)).toEqual([
      { op: 'remove', path: `${PROVIDERS}/0/label` },
      { op: 'replace', path: `${PROVIDERS}/0/client_id`, value: 'xyz' },
    ]);
    expect(editProviderOperations(withProvider, 0, { ...values, clientSecret: 'new' })).toContainEqual({ op: 'replace', path: `${PROVIDERS}/0/client_secret`, value: 'new' });
  });

  it('appends a new provider, or makes the list when there is none', () => {
    const values = { ...valuesOfProvider(stored), clientSecret: 's3cret' };
    const entry = { id: 'corp', provider: 'generic', label: 'Corp', client_id: 'abc', client_secret: 's3cret', issuer_url: 'https://sso.corp.example', scope: ['openid', 'email'] };
    expect(addProviderOperations(project({ selfservice: { methods: { oidc: { config: { providers: [] } } } } }), values)).toEqual([
      { op: 'add', path: `${PROVIDERS}/-`, value: entry },
    ]);
    expect(addProviderOperations(project({ selfservice: { methods: {} } }), values)).toEqual([
      { op: 'add', path: '/services/identity/config/selfservice/methods/oidc', value: { config: { providers: [entry] } } },
    ]);
  });
});

describe('a revision, as people read it', () => {
  it('says what each operation did, with dotted paths and short values', () => {
    expect(operationLine({ op: 'replace', path: '/services/oauth2/config/strategies/access_token', value: 'jwt' })).toEqual({
      verb: 'set',
      path: 'services.oauth2.config.strategies.access_token',
      value: 'jwt',
    });
    expect(operationLine({ op: 'remove', path: `${PROVIDERS}/0` })).toEqual({ verb: 'removed', path: 'services.identity.config.selfservice.methods.oidc.config.providers.0' });
    expect(operationLine({ op: 'move', from: '/a', path: '/b' })).toEqual({ verb: 'moved', path: 'b', from: 'a' });
    expect(operationLine({ op: 'add', path: '/a/enabled', value: false }).value).toBe('false');
    expect(operationLine({ op: 'add', path: '/a/text', value: 'x'.repeat(300) }).value).toHaveLength(120);
  });

  it('never shows a client secret, alone or inside a provider', () => {
    expect(operationLine({ op: 'replace', path: `${PROVIDERS}/0/client_secret`, value: 's3cret' }).value).toBe(HIDDEN_SECRET);
    const appended = operationLine({ op: 'add', path: `${PROVIDERS}/-`, value: { id: 'corp', client_secret: 's3cret' } });
    expect(appended).toMatchObject({ verb: 'appended', path: 'services.identity.config.selfservice.methods.oidc.config.providers' });
    expect(appended.value).not.toContain('s3cret');
    expect(withoutSecrets({ providers: [{ client_secret: 'a', client_id: 'b' }] })).toEqual({ providers: [{ client_secret: HIDDEN_SECRET, client_id: 'b' }] });
  });
});

describe('lifespans', () => {
  it('reads Go durations as the largest whole unit, and stores days as hours', () => {
    expect(parseGoDuration('1h30m')).toBe(5_400_000);
    expect(parseGoDuration('24 h')).toBeUndefined();
    const fallback = { amount: 1, unit: 'h' } as const;
    expect(friendlyDuration('24h', fallback)).toEqual({ amount: 1, unit: 'd' });
    expect(friendlyDuration('1h30m', fallback)).toEqual({ amount: 90, unit: 'm' });
    expect(friendlyDuration('90s', fallback)).toEqual({ amount: 90, unit: 's' });
    expect(friendlyDuration('nonsense', fallback)).toEqual(fallback);
    expect(goDurationOf({ amount: 30, unit: 'd' })).toBe('720h');
    expect(goDurationOf({ amount: 15, unit: 'm' })).toBe('15m');
  });
});
