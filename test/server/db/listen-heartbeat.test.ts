/**
 * A connection listening for changes that dies without a word (a cut network, a frozen server:
 * no error, no end) must not leave answers kept forever. It hears its own heartbeat; when that
 * stops, it counts as lost — nothing is kept — and it opens again.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { migrate } from '../../../server/db/migrate.js';
import { openPostgres } from '../../../server/db/postgres.js';
import { cacheUntilNextWrite, KEPT_MAX_AGE_MS, type KeptAnswers } from '../../../server/db/until-next-write.js';
import { until } from '../support/product-process.js';
import { postgresReachable, TEST_DATABASE_URL } from './support.js';

const available = await postgresReachable();
if (!available && process.env.CI) throw new Error(`PostgreSQL is required for the database tests in CI (${TEST_DATABASE_URL})`);

/** A TCP relay to PostgreSQL whose open connections can be frozen: bytes stop, nothing closes. */
async function freezableRelay(target: URL) {
  const pairs = new Set<[net.Socket, net.Socket]>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    client.pipe(upstream).pipe(client);
    const forget = () => pairs.delete(pair);
    client.on('error', forget).on('close', forget);
    upstream.on('error', () => client.destroy()).on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    freeze() {
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
      pairs.clear();
    },
    async close() {
      server.close();
      for (const pair of pairs) for (const socket of pair) socket.destroy();
    },
  };
}

describe.runIf(available)('the listening connection’s heartbeat', () => {
  const schema = `sitewave_test_heartbeat_${randomBytes(4).toString('hex')}`;
  let relay: Awaited<ReturnType<typeof freezableRelay>>;
  let direct: Database;
  let db: Database;
  let kept: KeptAnswers;
  let clock = 1_000_000;
  let computed = 0;
  // Answers that read nothing: the pool's frozen connections must not be used.
  const list = () => kept.answers.get('list', async () => computed++);
  /** Whether lists are kept now: two reads compute at most once. */
  const keepingLists = async () => {
    await list();
    const before = computed;
    await list();
    return computed === before;
  };

  beforeAll(async () => {
    relay = await freezableRelay(new URL(TEST_DATABASE_URL));
    direct = openPostgres(TEST_DATABASE_URL, schema);
    await migrate(direct, { schema, migrations: [{ version: 1, name: 'items', up: 'CREATE TABLE items (n int)' }] });
    db = openPostgres(relay.url, schema, { heartbeat: { everyMs: 100, lostAfterMs: 400 }, onError: () => undefined });
    kept = await cacheUntilNextWrite(db, () => clock);
    expect(await until(keepingLists, 3_000, 20)).toBe(true);
  });
  afterAll(async () => {
    await relay?.close();
    await kept?.close();
    await db?.close();
    await direct?.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await direct?.close();
  });

  it('keeps the access check’s answers past the age bound while it hears itself', async () => {
    let asked = 0;
    const held = () => kept.permissions.get('held', async () => asked++);
    await held();
    clock += 10 * KEPT_MAX_AGE_MS;
    await new Promise((resolve) => setTimeout(resolve, 500));
    await held();
    expect(asked).toBe(1);
  });

  it('counts a connection gone silent as lost within its bound, keeps nothing meanwhile, and listens again', async () => {
    let asked = 0;
    const held = () => kept.permissions.get('bounded', async () => asked++);
    await held();
    relay.freeze();
    const frozenAt = Date.now();
    expect(await until(async () => !(await keepingLists()), 3_000, 20)).toBe(true);
    expect(Date.now() - frozenAt).toBeLessThan(1_500);
    // Not hearing: the access check's answer was dropped, and is kept only for the age bound now.
    await held();
    expect(asked).toBe(2);
    // A new connection through the relay flows again: keeping resumes.
    expect(await until(keepingLists, 5_000, 20)).toBe(true);
  });
});
