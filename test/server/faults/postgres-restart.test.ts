/**
 * PostgreSQL goes away in the middle of writes and comes back. Every write the API
 * acknowledged must be stored, writes that failed must have failed with an answer (not a
 * hang), and the API's pool must reconnect by itself: no process restart.
 *
 * The server on this machine is shared with other test runs, so instead of restarting it the
 * test puts a relay in front of it and cuts every connection, refusing new ones for a moment,
 * which is what a restart looks like from the client side.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi, type TestUser } from '../api/support/api-instance.js';
import { postgresReachable, TEST_DATABASE_URL } from '../db/support.js';
import { startTcpRelay, type TcpRelay } from '../support/tcp-relay.js';

const WRITERS = 8;
// CI machines run PostgreSQL; a developer machine without it skips this rather than failing.
const available = await postgresReachable();
if (!available && process.env.CI) throw new Error(`PostgreSQL is required for the fault tests in CI (${TEST_DATABASE_URL})`);

describe.runIf(available)('PostgreSQL restarted during writes', () => {
  let relay: TcpRelay;
  let t: TestApi;
  let admin: TestUser;

  beforeAll(async () => {
    const target = new URL(TEST_DATABASE_URL);
    relay = await startTcpRelay({ host: target.hostname, port: Number(target.port) || 5432 });
    const viaRelay = new URL(TEST_DATABASE_URL);
    viaRelay.port = String(relay.port);
    t = await startTestApi('postgres', undefined, {}, viaRelay.toString());
    admin = await t.newUser('admin');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await relay?.close();
  });

  it('keeps every acknowledged write and reconnects without a restart', async () => {
    const acknowledged: string[] = [];
    const failures: { status: number; body: unknown; ms: number }[] = [];
    let phase: 'before' | 'down' | 'back' = 'before';
    const afterRestore: number[] = [];
    let stop = false;
    let n = 0;
    const headers = await t.as(admin);

    const writer = async () => {
      while (!stop) {
        const name = `Fault Org ${++n}`;
        const started = performance.now();
        const startedIn = phase;
        const res = await t.http.post('/api/admin/orgs').set(headers).send({ name });
        if (res.status === 201) {
          acknowledged.push(res.body.id as string);
          if (startedIn === 'back') afterRestore.push(res.status);
        } else {
          failures.push({ status: res.status, body: res.body, ms: performance.now() - started });
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
    };
    const writers = Array.from({ length: WRITERS }, writer);

    while (acknowledged.length < WRITERS * 3) await new Promise((resolve) => setTimeout(resolve, 10));
    await relay.cut();
    phase = 'down';
    await new Promise((resolve) => setTimeout(resolve, 500));
    await relay.restore();
    phase = 'back';
    const until = Date.now() + 5_000;
    while (afterRestore.length < WRITERS * 3 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
    stop = true;
    await Promise.all(writers);

    // The outage was noticed, and answered: an error envelope, quickly, never a hang.
    expect(failures.length).toBeGreaterThan(0);
    for (const failure of failures) {
      expect(failure.status).toBeGreaterThanOrEqual(500);
      expect(failure.body).toMatchObject({ error: { code: failure.status, message: expect.any(String) } });
      expect(failure.ms).toBeLessThan(2_000);
    }
    // The pool came back by itself.
    expect(afterRestore.length).toBeGreaterThanOrEqual(WRITERS * 3);
    const stored = await t.db.query<{ id: string }>('SELECT id FROM orgs WHERE id = ANY($1::uuid[])', [acknowledged]);
    expect(stored.rowCount).toBe(acknowledged.length);
  });
});
