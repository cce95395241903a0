/**
 * The verifier store on both databases: a verifier opens only its own request and kind, once,
 * while it lives; two attempts racing with the same one cannot both pass; nothing but its hash
 * is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { migrate } from '../../../server/db/migrate.js';
import { ResumeVerifiers } from '../../../server/oauth2/resume/resume-verifiers.js';
import { oauth2Migrations } from '../../../server/oauth2/store/migrations.js';
import { BACKENDS } from './support/backends.js';

describe.each(BACKENDS)('resume verifiers on %s', (_name, makeBackend) => {
  const backend = makeBackend();
  let db: Database;
  let verifiers: ResumeVerifiers;

  beforeAll(async () => {
    db = await backend.open();
    await migrate(db, { schema: db.schema, migrations: oauth2Migrations });
    verifiers = new ResumeVerifiers(db);
  });

  afterAll(async () => {
    await db?.close();
    await backend.cleanup();
  });

  it('opens its own request and kind, once', async () => {
    const verifier = await verifiers.issue('login', 'request-a', 60);
    expect(await verifiers.spend('consent', 'request-a', verifier)).toBe(false);
    expect(await verifiers.spend('login', 'request-b', verifier)).toBe(false);
    expect(await verifiers.spend('login', 'request-a', `${verifier}x`)).toBe(false);
    expect(await verifiers.spend('login', 'request-a', verifier)).toBe(true);
    expect(await verifiers.spend('login', 'request-a', verifier)).toBe(false);
  });

  it('reads the one verifier a resume address carries, never two', async () => {
    const login = await verifiers.issue('login', 'request-c', 60);
    const consent = await verifiers.issue('consent', 'request-c', 60);
    expect(await verifiers.spendFrom('request-c', new URLSearchParams({ login_verifier: login, consent_verifier: consent }))).toBe(false);
    expect(await verifiers.spendFrom('request-c', new URLSearchParams())).toBe(false);
    expect(await verifiers.spendFrom('request-c', new URLSearchParams({ consent_verifier: consent }))).toBe(true);
    expect(await verifiers.spendFrom('request-c', new URLSearchParams({ login_verifier: login }))).toBe(true);
  });

  it('lets one of two racing attempts through', async () => {
    const verifier = await verifiers.issue('consent', 'request-d', 60);
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => verifiers.spend('consent', 'request-d', verifier)));
    expect(outcomes.filter(Boolean)).toHaveLength(1);
  });

  it('expires with its request', async () => {
    const verifier = await verifiers.issue('login', 'request-e', 1);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(await verifiers.spend('login', 'request-e', verifier)).toBe(false);
  });

  it('is stored only as its hash', async () => {
    const verifier = await verifiers.issue('login', 'request-f', 60);
    const rows = await db.query<{ id: string; payload: unknown }>("SELECT id, payload FROM models WHERE model = 'ResumeVerifier'");
    expect(JSON.stringify(rows.rows)).not.toContain(verifier);
  });
});
