import { Configuration, IdentityApi } from '@ory/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { ASSERTION_HEADER, assertionKey, signIdentityAssertion } from '../../../shared/identity-assertion.js';
import { loadConfig, type Config } from '../../../server/config.js';
import { startEmbeddedServices, type EmbeddedServices } from '../../../server/embedded.js';
import { tempDataDir } from '../db/support.js';

describe('embedded API', () => {
  let dir: Awaited<ReturnType<typeof tempDataDir>>;
  let config: Config;
  let services: EmbeddedServices;

  beforeAll(async () => {
    dir = await tempDataDir();
    config = loadConfig({ DATA_DIR: dir.dataDir, LOG_LEVEL: 'silent' });
    services = await startEmbeddedServices(config, pino({ level: 'silent' }), 'test');
  });
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
    expect(await res.json()).toEqual([{ id: 'admin:orgs' }, { id: 'admin:users' }, { id: 'admin:firmware' }]);
    expect((await fetch(`${config.apiUrl}/api/permissions`)).status).toBe(401);
  });
});
