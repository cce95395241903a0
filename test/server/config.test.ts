import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.js';
import { embeddedServiceNames } from '../../server/embedded-names.js';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('loadConfig accepted a bad environment');
}

describe('loadConfig', () => {
  it('starts from usable defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.sessionCacheTtlMs).toBe(60_000);
    expect(config.bodyLimit).toBe(1024 * 1024);
    expect(config.logLevel).toBe('info');
    expect(config.sessionCookieName).toBe('ory_kratos_session');
    expect(path.isAbsolute(config.dataDir)).toBe(true);
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.apiUrl).toBeUndefined();
    expect(config.assertionSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('runs the permission service after the platform service, unless it or the identity host is elsewhere', () => {
    expect(embeddedServiceNames(loadConfig({}))).toEqual(['oauth2', 'identity', 'platform', 'permission', 'api']);
    const remote = loadConfig({ PERMISSION_URL: 'http://keto.internal:4466', PERMISSION_ADMIN_TOKEN: 'a-token-of-16-chars+' });
    expect(remote).toMatchObject({ permissionUrl: 'http://keto.internal:4466', permissionAdminToken: 'a-token-of-16-chars+' });
    expect(embeddedServiceNames(remote)).not.toContain('permission');
    expect(embeddedServiceNames(loadConfig({ IDENTITY_PUBLIC_URL: 'https://project.oryapis.com' }))).not.toContain('permission');
    expect(problemsOf({ PERMISSION_URL: 'ftp://keto', PERMISSION_ADMIN_TOKEN: 'short' }).join('\n')).toMatch(/PERMISSION_URL[\s\S]*PERMISSION_ADMIN_TOKEN/);
  });

  it("takes Keto's read and write APIs as two URLs, both or neither, and not beside PERMISSION_URL", () => {
    const keto = loadConfig({ PERMISSIONS_READ_URL: 'http://keto.internal:4466/', PERMISSIONS_WRITE_URL: 'http://keto.internal:4467' });
    expect(keto).toMatchObject({ permissionReadUrl: 'http://keto.internal:4466', permissionWriteUrl: 'http://keto.internal:4467', permissionAdminToken: undefined });
    expect(keto.permissionUrl).toBeUndefined();
    expect(embeddedServiceNames(keto)).toEqual(['oauth2', 'identity', 'platform', 'api']);

    expect(problemsOf({ PERMISSIONS_READ_URL: 'http://keto.internal:4466' })).toEqual([
      "PERMISSIONS_WRITE_URL: required together with PERMISSIONS_READ_URL (Keto's read API and write API, e.g. its ports 4466 and 4467), or set neither",
    ]);
    expect(problemsOf({ PERMISSIONS_WRITE_URL: 'http://keto.internal:4467' })).toEqual([
      "PERMISSIONS_READ_URL: required together with PERMISSIONS_WRITE_URL (Keto's read API and write API, e.g. its ports 4466 and 4467), or set neither",
    ]);
    expect(
      problemsOf({ PERMISSION_URL: 'http://keto.internal:4466', PERMISSIONS_READ_URL: 'http://keto.internal:4466', PERMISSIONS_WRITE_URL: 'http://keto.internal:4467' }),
    ).toEqual([
      "PERMISSION_URL, PERMISSIONS_READ_URL, PERMISSIONS_WRITE_URL: set PERMISSION_URL (one service for reads and writes) or PERMISSIONS_READ_URL and PERMISSIONS_WRITE_URL (Keto's two APIs), not both",
    ]);
    expect(problemsOf({ PERMISSIONS_READ_URL: 'keto:4466', PERMISSIONS_WRITE_URL: 'http://keto.internal:4467?x=1' })).toEqual([
      'PERMISSIONS_READ_URL="keto:4466": expected an absolute http: or https: URL without query or fragment',
      'PERMISSIONS_WRITE_URL="http://keto.internal:4467?x=1": expected an absolute http: or https: URL without query or fragment',
    ]);
  });

  it('reads set variables: seconds become milliseconds, relative paths become absolute', () => {
    const config = loadConfig({
      PORT: '8080',
      PUBLIC_URL: 'https://sitewave.example/',
      SESSION_CACHE_TTL: '5',
      DATA_DIR: 'var/sitewave',
      API_URL: 'http://api.internal:9000',
      ASSERTION_SECRET: 'x'.repeat(32),
    });
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('https://sitewave.example');
    expect(config.sessionCacheTtlMs).toBe(5_000);
    expect(config.dataDir).toBe(path.resolve('var/sitewave'));
    expect(config.assertionSecret).toBe('x'.repeat(32));
  });

  it('reports every bad variable at once, by name and with what was expected', () => {
    const problems = problemsOf({
      PORT: 'abc',
      PUBLIC_URL: 'notaurl',
      LOG_LEVEL: 'loud',
      API_URL: 'http://api.internal:9000',
      DATABASE_URL: 'http://x',
    });
    expect(problems).toHaveLength(5);
    const about = (name: string) => problems.find((problem) => problem.startsWith(name)) ?? '';
    expect(about('PORT')).toMatch(/"abc".*expected a whole number from 1 to 65535/);
    expect(about('PUBLIC_URL')).toMatch(/"notaurl".*expected an absolute http: or https: URL/);
    expect(about('LOG_LEVEL')).toMatch(/"loud".*expected one of fatal, error, warn, info, debug, trace, silent/);
    expect(about('ASSERTION_SECRET')).toMatch(/required when API_URL is set/);
    expect(about('DATABASE_URL')).toMatch(/expected an absolute postgres: or postgresql: URL/);
  });

  it('throttles failed OAuth2 client authentications by default, over a window given in seconds', () => {
    expect(loadConfig({})).toMatchObject({
      clientAuthFailuresPerClientAddress: 10,
      clientAuthFailuresPerAddress: 30,
      clientAuthFailuresPerClient: 100,
      clientAuthFailureWindowMs: 900_000,
    });
    expect(loadConfig({ RATE_LIMIT_CLIENT_AUTH_FAILURES: '3', RATE_LIMIT_CLIENT_AUTH_WINDOW: '60' })).toMatchObject({
      clientAuthFailuresPerClientAddress: 3,
      clientAuthFailureWindowMs: 60_000,
    });
    const problems = problemsOf({ RATE_LIMIT_CLIENT_AUTH_FAILURES_PER_ADDRESS: '0', RATE_LIMIT_CLIENT_AUTH_WINDOW: 'soon' });
    expect(problems).toEqual([
      'RATE_LIMIT_CLIENT_AUTH_FAILURES_PER_ADDRESS="0": expected a whole number from 1 to 1000000',
      'RATE_LIMIT_CLIENT_AUTH_WINDOW="soon": expected a whole number from 1 to 86400',
    ]);
  });

  it('reads how often the OAuth2 signing key is replaced, in whole days (90 unless set)', () => {
    expect(loadConfig({}).oauth2SigningKeyRotationDays).toBe(90);
    expect(loadConfig({ OAUTH2_SIGNING_KEY_ROTATION_DAYS: '30' }).oauth2SigningKeyRotationDays).toBe(30);
    for (const bad of ['0', '1.5', '90d', '3651']) {
      expect(problemsOf({ OAUTH2_SIGNING_KEY_ROTATION_DAYS: bad })).toEqual([`OAUTH2_SIGNING_KEY_ROTATION_DAYS="${bad}": expected a whole number from 1 to 3650`]);
    }
  });

  it('names the problem in the error message an operator reads', () => {
    expect(() => loadConfig({ SESSION_CACHE_TTL: '0', METRICS_TOKEN: 'short' })).toThrow(/SESSION_CACHE_TTL="0".*\n.*METRICS_TOKEN: expected at least 16 characters/);
  });
});

describe('server start with a bad environment', () => {
  it('exits non-zero before listening and names the variable on stderr', async () => {
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, PORT: 'abc', LOG_LEVEL: 'loud' };
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: projectRoot,
      env,
      timeout: 20_000,
    });
    const failure = (await run.then(
      () => null,
      (error: unknown) => error,
    )) as { code?: number; killed?: boolean; stdout: string; stderr: string } | null;
    expect(failure, 'the server started with PORT=abc').not.toBeNull();
    expect(failure!.killed).toBe(false);
    expect(failure!.code).not.toBe(0);
    expect(failure!.stderr).toContain('PORT="abc"');
    expect(failure!.stderr).toContain('LOG_LEVEL="loud"');
    expect(failure!.stdout).not.toMatch(/listening/);
  });
});
