/**
 * The platform service's audit trail, read back from its own store on PGlite and PostgreSQL: API
 * keys made, first used each day (once, however often used) and revoked; configuration revisions
 * by the paths they changed, the permission model's among them; never a key's value or a secret
 * of the configuration.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../../server/audit/chain.js';
import type { Database } from '../../../server/db/database.js';
import { backendsFor, type Backend } from '../oauth2/support/backends.js';
import { ADMIN_ACTOR, PlatformClient } from './support.js';
import { readTrail } from '../audit/read-trail.js';

const ADMIN_ID = ADMIN_ACTOR.slice('identity:'.length);
const DAY = 86_400_000;

interface Row {
  action: string;
  actor_type: string;
  actor_id: string | null;
  target_type: string | null;
  target_id: string | null;
  target_name: string;
  details: Record<string, any>;
}

describe.each(backendsFor('platform'))('platform events on %s', (_name, makeBackend) => {
  let backend: Backend;
  let db: Database;
  let platform: PlatformClient;
  let projectId: string;
  let offset = 0;
  const now = () => new Date(Date.UTC(2026, 10, 28, 12) + offset);
  const events = (action: string) => readTrail<Row>(db, 'SELECT * FROM audit_events WHERE action = $1 ORDER BY seq', [action]);

  beforeEach(async () => {
    offset = 0;
    backend = makeBackend();
    db = await backend.open();
    platform = await PlatformClient.start(db, now);
    projectId = (await platform.call('GET', '/projects')).body[0].id;
  });
  afterEach(async () => {
    await platform.app.close();
    await db.close();
    await backend.cleanup();
  });

  it('records an API key made, its first use each day and its revocation, never its value', async () => {
    const made = await platform.call('POST', `/projects/${projectId}/tokens`, { name: 'CI deploys' });
    expect(made.status).toBe(201);
    const { id, value } = made.body;
    expect(await events('platform.api_key.created')).toMatchObject([
      { actor_type: 'identity', actor_id: ADMIN_ID, target_type: 'api-key', target_id: id, target_name: 'CI deploys' },
    ]);

    for (let i = 0; i < 3; i++) expect((await platform.call('POST', '/internal/api-keys/verify', { value })).status).toBe(200);
    expect(await events('platform.api_key.used')).toMatchObject([{ actor_type: 'api-key', actor_id: id, target_id: id, details: { day: '2026-11-28' } }]);
    offset = DAY;
    expect((await platform.call('POST', '/internal/api-keys/verify', { value })).status).toBe(200);
    expect((await platform.call('POST', '/internal/api-keys/verify', { value })).status).toBe(200);
    expect((await events('platform.api_key.used')).map((event) => event.details.day)).toEqual(['2026-11-28', '2026-11-29']);

    expect((await platform.call('DELETE', `/projects/${projectId}/tokens/${id}`)).status).toBe(204);
    expect((await platform.call('DELETE', `/projects/${projectId}/tokens/${id}`)).status).toBe(404);
    expect(await events('platform.api_key.revoked')).toMatchObject([{ actor_id: ADMIN_ID, target_id: id, target_name: 'CI deploys' }]);
    expect((await platform.call('POST', '/internal/api-keys/verify', { value })).status).toBe(401);
    expect(JSON.stringify(await readTrail(db, 'SELECT * FROM audit_events'))).not.toContain(value);
  });

  it('records each configuration revision by the paths it changed, and the permission model changed', async () => {
    const project = (await platform.call('GET', `/projects/${projectId}`)).body;
    expect((await platform.call('PATCH', `/projects/${projectId}`, [{ op: 'replace', path: '/name', value: 'Audited' }])).status).toBe(200);
    const namespaces = project.services.permission.config.namespaces;
    expect((await platform.call('PATCH', `/projects/${projectId}`, [{ op: 'replace', path: '/services/permission/config/namespaces', value: namespaces }])).status).toBe(200);
    const revisions = (await platform.call('GET', `/projects/${projectId}/revisions`)).body;
    expect(await events('platform.config.revised')).toMatchObject([
      { actor_id: ADMIN_ID, details: { revision: revisions[1].id, paths: ['/name'], operations: 1 } },
      { actor_id: ADMIN_ID, details: { revision: revisions[0].id, paths: ['/services/permission/config/namespaces'] } },
    ]);
    expect(await events('platform.permission_model.changed')).toMatchObject([{ actor_id: ADMIN_ID, details: { revision: revisions[0].id } }]);
    // A refused change records nothing.
    expect((await platform.call('PATCH', `/projects/${projectId}`, [{ op: 'replace', path: '/name', value: '' }])).status).toBe(400);
    expect(await events('platform.config.revised')).toHaveLength(2);
  });

  it('never holds a secret of the configuration, and keeps the chain whole', async () => {
    const providers = '/services/identity/config/selfservice/methods/oidc/config/providers';
    const secret = 'provider-secret-that-must-not-be-audited';
    const provider = { id: 'acme', provider: 'generic', client_id: 'acme-client', client_secret: secret, issuer_url: 'https://id.example.com' };
    expect((await platform.call('PATCH', `/projects/${projectId}`, [{ op: 'add', path: `${providers}/-`, value: provider }])).status).toBe(200);
    expect(await events('platform.config.revised')).toMatchObject([{ details: { paths: [`${providers}/-`] } }]);
    expect(JSON.stringify(await readTrail(db, 'SELECT * FROM audit_events'))).not.toContain(secret);
    expect(await verifyAuditChain(db)).toMatchObject({ ok: true });
  });
});
