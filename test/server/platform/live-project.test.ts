/**
 * The project's settings as the embedded services read them: a change saved through this
 * instance applies to the very next read, and on PostgreSQL a change saved by another instance
 * applies once that instance's notification arrives, before the next request is answered.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { buildPlatformService, type PlatformService } from '../../../server/platform/app.js';
import { identitySettingsOf, oauth2SettingsOf } from '../../../server/platform/project-settings.js';
import { backendsFor, type Backend } from '../oauth2/support/backends.js';
import { ADMIN_ACTOR, ADMIN_TOKEN, SEED } from './support.js';

const RECOVERY = '/services/identity/config/selfservice/flows/recovery/use';
const ACCESS_TOKEN = '/services/oauth2/config/strategies/access_token';

async function patch(service: PlatformService, projectId: string, operations: unknown[]): Promise<number> {
  const response = await service.app.inject({
    method: 'PATCH',
    url: `/projects/${projectId}`,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'x-platform-actor': ADMIN_ACTOR, 'content-type': 'application/json' },
    payload: JSON.stringify(operations),
  });
  return response.statusCode;
}

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(backendsFor('platform'))('the live project on %s', (_name, makeBackend) => {
  let backend: Backend;
  const opened: { db: Database; service: PlatformService }[] = [];

  async function instance(): Promise<PlatformService> {
    const db = await backend.open();
    const service = await buildPlatformService({ db, adminToken: ADMIN_TOKEN, seed: SEED });
    opened.push({ db, service });
    return service;
  }

  afterEach(async () => {
    for (const { db, service } of opened.splice(0)) {
      await service.app.close();
      await db.close();
    }
    await backend?.cleanup();
  });

  it('applies a change saved through this instance to the next read, and derives settings once per revision', async () => {
    backend = makeBackend();
    const service = await instance();
    const identity = service.live.settings(({ document }) => identitySettingsOf(document, { sessionLifespanMs: 1, environmentProviders: [] }));
    const oauth2 = service.live.settings(({ document }) => oauth2SettingsOf(document, { accessToken: 1, refreshToken: 1, idToken: 1 }));
    const first = identity.current();
    expect(first.recoveryUse).toBe('code');
    expect(identity.current()).toBe(first);

    const projectId = service.live.current().id;
    expect(await patch(service, projectId, [{ op: 'replace', path: RECOVERY, value: 'link' }])).toBe(200);
    await identity.fresh();
    expect(identity.current().recoveryUse).toBe('link');
    expect(await patch(service, projectId, [{ op: 'replace', path: ACCESS_TOKEN, value: 'jwt' }])).toBe(200);
    expect(oauth2.current().accessTokenFormat).toBe('jwt');

    // A refused change leaves the settings as they were.
    expect(await patch(service, projectId, [{ op: 'replace', path: ACCESS_TOKEN, value: 'paseto' }])).toBe(400);
    expect(oauth2.current().accessTokenFormat).toBe('jwt');
  });

  it('hears a change saved by another instance before its next request is answered', async (context) => {
    backend = makeBackend();
    if (!backend.separateInstances) return context.skip();
    const first = await instance();
    const second = await instance();
    const seenBySecond = second.live.settings(({ document }) => identitySettingsOf(document, { sessionLifespanMs: 1, environmentProviders: [] }));
    expect(seenBySecond.current().recoveryUse).toBe('code');

    expect(await patch(first, first.live.current().id, [{ op: 'replace', path: RECOVERY, value: 'link' }])).toBe(200);
    await until(async () => {
      await seenBySecond.fresh();
      return seenBySecond.current().recoveryUse === 'link';
    }, 'the second instance to read the new revision');
    expect(second.live.current().revisionId).toBe(first.live.current().revisionId);
  });

  it('refuses a configuration nobody could sign in with, or whose flow uses a method turned off', async () => {
    backend = makeBackend();
    const service = await instance();
    const projectId = service.live.current().id;
    const methods = '/services/identity/config/selfservice/methods';
    const off = (method: string) => ({ op: 'replace', path: `${methods}/${method}/enabled`, value: false });
    expect(await patch(service, projectId, [off('password'), off('code'), off('passkey'), off('oidc')])).toBe(400);
    expect(await patch(service, projectId, [off('link'), { op: 'replace', path: RECOVERY, value: 'link' }])).toBe(400);
    expect(
      await patch(service, projectId, [
        { op: 'add', path: `${methods}/oidc/config/providers/-`, value: { id: 'acme', provider: 'generic', client_id: 'x', issuer_url: 'https://id.example.com' } },
      ]),
    ).toBe(400);
    const revisions = await service.app.inject({
      method: 'GET',
      url: `/projects/${projectId}/revisions`,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'x-platform-actor': ADMIN_ACTOR },
    });
    expect(JSON.parse(revisions.body)).toHaveLength(1);
  });
});
