import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildApi } from '../../../server/api/app.js';
import { identityAdmin } from '../../../server/api/identity/identity-admin.js';
import { openDatabase } from '../../../server/db/open.js';
import { openBlobStore } from '../../../server/storage/open.js';
import { tempDataDir } from '../db/support.js';
import { assertionFor } from './support/api-instance.js';

// Port 9 (discard) has no listener on loopback: every call is refused at once.
const NOWHERE = 'http://127.0.0.1:9';

describe('identity service unreachable', () => {
  it('is a 502 for every kind of call, never a 500', async () => {
    const admin = identityAdmin(NOWHERE, 'unused-token-0123456789');
    for (const call of [
      () => admin.get(randomUUID()),
      () => admin.findByEmail('a@example.com'),
      () => admin.create({ email: 'a@example.com', verified: false }),
      () => admin.update(randomUUID(), { firstName: 'A' }),
      () => admin.recovery(randomUUID(), 'link', '1h'),
    ]) {
      await expect(call()).rejects.toMatchObject({ statusCode: 502, message: expect.stringMatching(/could not be reached/) });
    }
  });

  it('makes a first call of a new identity answer 502 and store nothing', async () => {
    const dir = await tempDataDir();
    const db = await openDatabase({ dataDir: dir.dataDir, name: 'api' });
    const secret = 'a-secret-of-at-least-thirty-two-characters';
    const app = await buildApi({
      db,
      blobs: await openBlobStore({ dataDir: dir.dataDir }),
      assertionSecret: secret,
      identityAdminUrl: NOWHERE,
      identityAdminToken: 'unused-token-0123456789',
      publicUrl: 'http://app.test',
      logLevel: 'silent',
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/permissions', headers: await assertionFor(secret, randomUUID()) });
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toMatchObject({ code: 502, reason: expect.stringMatching(/identity service/) });
      expect((await db.query('SELECT 1 FROM users')).rowCount).toBe(0);
    } finally {
      await app.close();
      await db.close();
      await dir.remove();
    }
  }, 60_000);
});
