/**
 * Relationship writes in the permission service's audit trail, on PGlite and PostgreSQL: one
 * event per write that changed something, with counts and namespaces (never the tuples, which
 * name people), the caller's request id, and nothing for a refused write or one that changed
 * nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../../server/audit/chain.js';
import type { Database } from '../../../server/db/database.js';
import { backendsFor, type Backend } from '../oauth2/support/backends.js';
import { PermissionClient, TestSettings } from './support.js';
import { readTrail } from '../audit/read-trail.js';

const MODEL = `
class User implements Namespace {}
class Doc implements Namespace {
  related: { viewers: User[] }
}`;

interface Row {
  actor_type: string;
  actor_name: string;
  request_id: string | null;
  target_type: string | null;
  details: Record<string, unknown>;
}

describe.each(backendsFor('permission'))('relationship writes recorded on %s', (_name, makeBackend) => {
  let backend: Backend;
  let db: Database;
  let service: PermissionClient;
  const written = () => readTrail<Row>(db, "SELECT * FROM audit_events WHERE action = 'platform.relationships.written' ORDER BY seq");
  const viewer = (object: string, subject: string) => ({ namespace: 'Doc', object, relation: 'viewers', subject_id: subject });

  beforeAll(async () => {
    backend = makeBackend();
    db = await backend.open();
    const settings = new TestSettings();
    settings.value = { namespaces: [{ opl: MODEL }], maxReadDepth: 5, maxReadWidth: 100, strictMode: false };
    service = await PermissionClient.start(db, settings);
  });
  afterAll(async () => {
    await service.app.close();
    await db.close();
    await backend.cleanup();
  });

  it('records a create, a patch and a filtered delete, each once, with counts and namespaces', async () => {
    expect((await service.call('PUT', '/admin/relation-tuples', viewer('readme', 'alice-4711'), { 'x-request-id': 'req-put' })).status).toBe(201);
    // Stored already: nothing changes, nothing is recorded.
    expect((await service.call('PUT', '/admin/relation-tuples', viewer('readme', 'alice-4711'))).status).toBe(201);
    const patch = [
      { action: 'insert', relation_tuple: viewer('readme', 'bob') },
      { action: 'insert', relation_tuple: viewer('notes', 'carol') },
      { action: 'delete', relation_tuple: viewer('readme', 'alice-4711') },
    ];
    expect((await service.call('PATCH', '/admin/relation-tuples', patch)).status).toBe(204);
    expect((await service.call('DELETE', '/admin/relation-tuples?namespace=Doc&object=readme')).status).toBe(204);
    expect(await written()).toMatchObject([
      { actor_type: 'system', actor_name: 'permission admin API', request_id: 'req-put', target_type: null, details: { inserted: 1, deleted: 0, namespaces: ['Doc'] } },
      { details: { inserted: 2, deleted: 1, namespaces: ['Doc'] } },
      { details: { inserted: 0, deleted: 1, namespaces: ['Doc'], filter: true } },
    ]);
    expect(JSON.stringify(await written())).not.toContain('alice-4711');
  });

  it('records nothing for a refused write, and keeps the chain whole', async () => {
    const before = (await written()).length;
    expect((await service.call('PUT', '/admin/relation-tuples', { namespace: 'Nowhere', object: 'x', relation: 'viewers', subject_id: 'y' })).status).toBe(404);
    expect((await service.call('DELETE', '/admin/relation-tuples?namespace=Doc&object=nothing-here')).status).toBe(204);
    expect(await written()).toHaveLength(before);
    expect(await verifyAuditChain(db)).toMatchObject({ ok: true });
  });
});
