import { Configuration, IdentityApi } from '@ory/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { ASSERTION_HEADER, assertionKey, signIdentityAssertion } from '../../../shared/identity-assertion.js';
import { loadConfig, type Config } from '../../../server/config.js';
import { startEmbeddedServices, type EmbeddedServices } from '../../../server/embedded.js';
import { tempDataDir } from '../db/support.js';

describe('embedded API', { timeout: 60_000 }, () => {
  let dir: Awaited<ReturnType<typeof tempDataDir>>;
  let config: Config;
  let services: EmbeddedServices;

  beforeAll(async () => {
    dir = await tempDataDir();
    config = loadConfig({ DATA_DIR: dir.dataDir, LOG_LEVEL: 'silent' });
    services = await startEmbeddedServices(config, pino({ level: 'silent' }), 'test');
  }, 90_000);
  afterAll(async () => {
    await services?.close();
    await dir?.remove();
  });

  it('listens on loopback, is handed to gateway workers, and verifies assertions with the gateway key', async () => {
    expect(config.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(services.env.API_URL).toBe(config.apiUrl);
    const admin = new IdentityApi(new Configuration({ basePath: config.identityAdminUrl, accessToken: config.identityAdminToken }));
    const { data } = await admin.createIdentity({ createIdentityBody: { schema_id: 'default', traits: { email: 'owner@example.com' } } });
    const token = await signIdentityAssertion(assertionKey(config.assertionSecret), { sub: data.id, sid: 's', aal: 'aal1' }, Math.floor(Date.now() / 1000));
    const res = await fetch(`${config.apiUrl}/api/permissions`, { headers: { [ASSERTION_HEADER]: token } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      { id: 'admin:orgs' },
      { id: 'admin:users' },
      { id: 'admin:firmware' },
      { id: 'admin:oauth2' },
      { id: 'admin:audit' },
      { id: 'admin:platform' },
    ]);
    expect((await fetch(`${config.apiUrl}/api/permissions`)).status).toBe(401);

    // A first start seeded the demo organisation; the first identity owns it and sees the survey.
    const orgs = (await (await fetch(`${config.apiUrl}/api/orgs`, { headers: { [ASSERTION_HEADER]: token } })).json()) as { items: { id: string; name: string; role: string }[] };
    expect(orgs.items).toEqual([expect.objectContaining({ name: 'Sitewave demo', role: 'owner' })]);
    const projects = (await (await fetch(`${config.apiUrl}/api/orgs/${orgs.items[0]!.id}/projects`, { headers: { [ASSERTION_HEADER]: token } })).json()) as {
      items: { id: string }[];
    };
    const stats = (await (await fetch(`${config.apiUrl}/api/projects/${projects.items[0]!.id}/stats`, { headers: { [ASSERTION_HEADER]: token } })).json()) as {
      tracks: { processed: number };
    };
    expect(stats.tracks.processed).toBe(2);
    // ... and manages the demo survey, so "My projects" (where a first visit lands) shows it.
    const mine = (await (await fetch(`${config.apiUrl}/api/orgs/${orgs.items[0]!.id}/projects?mine=true`, { headers: { [ASSERTION_HEADER]: token } })).json()) as {
      items: { id: string }[];
    };
    expect(mine.items.map((p) => p.id)).toEqual([projects.items[0]!.id]);

    // Two demo devices are registered; the inventory holds more for a first registration.
    const devices = (await (await fetch(`${config.apiUrl}/api/orgs/${orgs.items[0]!.id}/devices?sort=serial`, { headers: { [ASSERTION_HEADER]: token } })).json()) as {
      items: { serial: string }[];
    };
    expect(devices.items.map((d) => d.serial)).toEqual(['SCT2-1001', 'SCT2-1002']);
    const register = await fetch(`${config.apiUrl}/api/orgs/${orgs.items[0]!.id}/devices/register`, {
      method: 'POST',
      headers: { [ASSERTION_HEADER]: token, 'content-type': 'application/json' },
      body: JSON.stringify({ serial: 'sct2-1003', claimCode: 'demo-1003' }),
    });
    expect(register.status).toBe(201);
  });

  it('does not seed again on the next start', async () => {
    await services.close();
    const again = loadConfig({ DATA_DIR: dir.dataDir, LOG_LEVEL: 'silent' });
    services = await startEmbeddedServices(again, pino({ level: 'silent' }), 'test');
    const admin = new IdentityApi(new Configuration({ basePath: again.identityAdminUrl, accessToken: again.identityAdminToken }));
    const { data } = await admin.listIdentities({ credentialsIdentifier: 'owner@example.com' });
    const token = await signIdentityAssertion(assertionKey(again.assertionSecret), { sub: data[0]!.id, sid: 's', aal: 'aal1' }, Math.floor(Date.now() / 1000));
    const orgs = (await (await fetch(`${again.apiUrl}/api/orgs`, { headers: { [ASSERTION_HEADER]: token } })).json()) as { total: number };
    expect(orgs.total).toBe(1);
  });
});
