/**
 * An issued token's row and its audit event on both databases: saved together, in one
 * transaction (an event that cannot be appended leaves no token behind), the chain whole, and a
 * token saved again (same id) updated in place with an event of its own. Tokens saved at the
 * same time go together (recorded-saves.ts), and one that cannot be saved fails alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../../server/audit/chain.js';
import type { Database } from '../../../server/db/database.js';
import { migrate } from '../../../server/db/migrate.js';
import { DatabaseAdapter } from '../../../server/oauth2/adapter.js';
import { tokenIssuedRecorder } from '../../../server/oauth2/audit.js';
import { oauth2Migrations } from '../../../server/oauth2/store/migrations.js';
import { RecordedSaves } from '../../../server/oauth2/store/recorded-saves.js';
import { readTrail } from '../audit/read-trail.js';
import { BACKENDS } from './support/backends.js';

const CLIENT = 'f1a2b3c4-0000-4000-8000-000000000001';

function token(id: string, scope = 'email') {
  return { jti: id, kind: 'ClientCredentials', clientId: CLIENT, scope, iat: 1, exp: 2 };
}

describe.each(BACKENDS)('issued token saves on %s', (_name, makeBackend) => {
  const backend = makeBackend();
  let db: Database;
  let adapter: DatabaseAdapter;

  const events = () =>
    readTrail<{ actor_id: string; details: { grantType: string; scope: string[] } }>(
      db,
      "SELECT actor_id, details FROM audit_events WHERE action = 'oauth2.token.issued' ORDER BY seq",
    );
  const stored = async (id: string) =>
    (await db.query<{ payload: { scope: string }; expires_at: Date | null }>("SELECT payload, expires_at FROM models WHERE model = 'ClientCredentials' AND id = $1", [id])).rows[0];

  beforeAll(async () => {
    db = await backend.open();
    await migrate(db, { schema: db.schema, migrations: oauth2Migrations });
    adapter = new DatabaseAdapter(db, 'ClientCredentials', { recorded: { record: tokenIssuedRecorder('ClientCredentials'), saves: new RecordedSaves(db) } });
  });

  afterAll(async () => {
    await db?.close();
    await backend.cleanup();
  });

  it('saves the token with its event, and again in place with another', async () => {
    const before = Date.now();
    await adapter.upsert('token-a', token('token-a'), 300);
    const row = await stored('token-a');
    expect(row?.payload.scope).toBe('email');
    expect(row?.expires_at?.getTime()).toBeGreaterThanOrEqual(before + 299_000);
    expect(await adapter.find('token-a')).toMatchObject({ jti: 'token-a', clientId: CLIENT });

    await adapter.upsert('token-a', token('token-a', 'email profile'), 300);
    expect((await stored('token-a'))?.payload.scope).toBe('email profile');
    expect(await events()).toEqual([
      { actor_id: CLIENT, details: { grantType: 'client_credentials', scope: ['email'] } },
      { actor_id: CLIENT, details: { grantType: 'client_credentials', scope: ['email', 'profile'] } },
    ]);
    expect((await verifyAuditChain(db)).ok).toBe(true);
  });

  it('leaves no token behind when its event cannot be appended', async () => {
    await db.query("ALTER TABLE audit_inbox ADD CONSTRAINT refuse_issued CHECK (event::json ->> 'action' <> 'oauth2.token.issued') NOT VALID");
    try {
      await expect(adapter.upsert('token-b', token('token-b'), 300)).rejects.toThrow();
    } finally {
      await db.query('ALTER TABLE audit_inbox DROP CONSTRAINT refuse_issued');
    }
    expect(await stored('token-b')).toBeUndefined();
    expect(await events()).toHaveLength(2);
    expect((await verifyAuditChain(db)).ok).toBe(true);
  });

  it('saves tokens issued at the same time, and fails only the one that cannot be saved', async () => {
    const before = (await events()).length;
    const ids = Array.from({ length: 20 }, (_, at) => `token-c${at}`);
    // jsonb refuses a NUL character: this one save fails in the database, whatever it is sent with.
    const outcomes = await Promise.allSettled(ids.map((id, at) => adapter.upsert(id, at === 7 ? token(id, 'email\u0000') : token(id), 300)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(ids.map((_, at) => (at === 7 ? 'rejected' : 'fulfilled')));
    for (const [at, id] of ids.entries()) expect(await stored(id), id).toEqual(at === 7 ? undefined : expect.objectContaining({ payload: expect.objectContaining({ jti: id }) }));
    expect(await events()).toHaveLength(before + 19);
    expect((await verifyAuditChain(db)).ok).toBe(true);
  });
});
