import { PRODUCT_NAMESPACES } from '../../shared/permission-model.js';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { ASSERTION_HEADER, assertionKey, signIdentityAssertion } from '../../shared/identity-assertion.js';
import { loadConfig, type Config } from '../../server/config.js';
import type { EmbeddedServices } from '../../server/embedded.js';
import { startEmbeddedServicesOnThread } from '../../server/embedded-thread.js';
import { tempDataDir } from './db/support.js';

const silent = pino({ level: 'silent' });

async function ownerToken(config: Config): Promise<string> {
  const res = await fetch(`${config.identityAdminUrl}/admin/identities`, {
    method: 'POST',
    headers: { authorization: `Bearer ${config.identityAdminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ schema_id: 'default', traits: { email: 'owner@example.com' } }),
  });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: string };
  return signIdentityAssertion(assertionKey(config.assertionSecret), { sub: id, sid: 's', aal: 'aal1' }, Math.floor(Date.now() / 1000));
}

describe('embedded services on their own thread, as npm start runs them', { timeout: 90_000 }, () => {
  let dir: Awaited<ReturnType<typeof tempDataDir>>;
  let services: EmbeddedServices | undefined;

  beforeAll(async () => {
    dir = await tempDataDir();
  });
  afterAll(async () => {
    await services?.close();
    await dir?.remove();
  });

  it('answers on loopback with the URLs written into this thread’s configuration, and trusts its assertions', async () => {
    const config = loadConfig({ DATA_DIR: dir.dataDir, LOG_LEVEL: 'silent' });
    services = await startEmbeddedServicesOnThread(config, silent, 'test');
    expect(config.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(config.identityPublicUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(services.env).toMatchObject({ API_URL: config.apiUrl, IDENTITY_ADMIN_URL: config.identityAdminUrl, OAUTH2_PUBLIC_URL: config.oauth2PublicUrl });
    expect(services.env).toMatchObject({ PERMISSION_URL: config.permissionUrl, PERMISSION_ADMIN_TOKEN: config.permissionAdminToken });
    // The permission service runs on the project's settings: sitewave's own namespaces, none of the project's until they are configured.
    const namespaces = await fetch(`${config.permissionUrl}/namespaces`, { headers: { authorization: `Bearer ${config.permissionAdminToken}` } });
    expect(await namespaces.json()).toEqual({ namespaces: PRODUCT_NAMESPACES.map((name) => ({ name })) });

    const token = await ownerToken(config);
    const orgs = await fetch(`${config.apiUrl}/api/orgs`, { headers: { [ASSERTION_HEADER]: token } });
    expect(orgs.status).toBe(200);
    expect(((await orgs.json()) as { items: { name: string }[] }).items.map((o) => o.name)).toEqual(['Sitewave demo']);
  });

  it('closes everything it opened: the ports stop answering and the next start opens the same database', async () => {
    await services!.close();
    services = undefined;
    const before = loadConfig({ DATA_DIR: dir.dataDir, LOG_LEVEL: 'silent' });
    services = await startEmbeddedServicesOnThread(before, silent, 'test');
    const again = await fetch(`${before.identityAdminUrl}/admin/identities?credentials_identifier=owner@example.com`, {
      headers: { authorization: `Bearer ${before.identityAdminToken}` },
    });
    expect(((await again.json()) as unknown[]).length).toBe(1);

    const apiUrl = before.apiUrl!;
    await services.close();
    services = undefined;
    await expect(fetch(`${apiUrl}/health/ready`)).rejects.toThrow();
  });

  it('fails the start with the services’ own reason, and leaves nothing running', async () => {
    const file = path.join(dir.dataDir, 'not-a-directory');
    await writeFile(file, 'x');
    const config = loadConfig({ DATA_DIR: path.join(file, 'data'), LOG_LEVEL: 'silent' });
    await expect(startEmbeddedServicesOnThread(config, silent, 'test')).rejects.toThrow(/ENOTDIR|not a directory/);
    expect(config.apiUrl).toBeUndefined();
  });
});
