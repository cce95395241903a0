/**
 * PGlite's stand-in for autovacuum's analyze: when enough rows changed, ANALYZE runs once the
 * writes pause; never twice at once; and a real PGlite database gets its statistics by itself.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { openDatabase } from '../../../server/db/open.js';
import { keepStatistics, staleAfter } from '../../../server/db/pglite-statistics.js';
import { tempDataDir } from './support.js';

describe('keepStatistics', () => {
  afterEach(() => vi.useRealTimers());

  it('analyzes once the rows written reach 50 plus a tenth of the rows there were, after the writes pause', async () => {
    vi.useFakeTimers();
    const analyze = vi.fn(async () => 1000);
    const keeper = keepStatistics(analyze, 200);
    keeper.wrote(staleAfter(0) - 1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(analyze).not.toHaveBeenCalled();
    keeper.wrote(1);
    await vi.advanceTimersByTimeAsync(150);
    // Still writing: the run waits for a pause.
    keeper.wrote(10);
    await vi.advanceTimersByTimeAsync(150);
    expect(analyze).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(analyze).toHaveBeenCalledTimes(1);
    // 1 000 rows now: 150 more writes make the statistics stale again, 149 do not.
    keeper.wrote(staleAfter(1000) - 1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(analyze).toHaveBeenCalledTimes(1);
    keeper.wrote(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(analyze).toHaveBeenCalledTimes(2);
    await keeper.stop();
  });

  it('runs one ANALYZE at a time, then again if writes made the statistics stale meanwhile', async () => {
    vi.useFakeTimers();
    let finish: (rows: number) => void = () => undefined;
    const analyze = vi.fn(() => new Promise<number>((resolve) => (finish = resolve)));
    const keeper = keepStatistics(analyze, 10);
    keeper.wrote(100);
    await vi.advanceTimersByTimeAsync(20);
    expect(analyze).toHaveBeenCalledTimes(1);
    keeper.wrote(100);
    await vi.advanceTimersByTimeAsync(20);
    expect(analyze).toHaveBeenCalledTimes(1);
    finish(100);
    await vi.advanceTimersByTimeAsync(20);
    expect(analyze).toHaveBeenCalledTimes(2);
    finish(200);
    const stopped = keeper.stop();
    keeper.wrote(1000);
    await vi.advanceTimersByTimeAsync(100);
    await stopped;
    expect(analyze).toHaveBeenCalledTimes(2);
  });

  it('survives a failed ANALYZE', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    const analyze = vi.fn().mockRejectedValueOnce(new Error('busy')).mockResolvedValue(0);
    const keeper = keepStatistics(analyze, 10, (err) => errors.push(err));
    keeper.wrote(100);
    await vi.advanceTimersByTimeAsync(20);
    // Nothing was analyzed, so the writes still count.
    await vi.advanceTimersByTimeAsync(20);
    expect(errors).toHaveLength(1);
    expect(analyze).toHaveBeenCalledTimes(2);
    await keeper.stop();
  });
});

describe('a PGlite database', () => {
  let db: Database;
  let remove: () => Promise<void>;
  beforeAll(async () => {
    const dir = await tempDataDir();
    remove = dir.remove;
    db = await openDatabase({ dataDir: dir.dataDir, name: 'stats' });
  });
  afterAll(async () => {
    await db?.close();
    await remove?.();
  });

  it('has planner statistics for a table filled after it was created, with nobody running ANALYZE', async () => {
    await db.exec('CREATE SCHEMA stats');
    await db.exec('CREATE TABLE filled (id int PRIMARY KEY, name text NOT NULL)');
    await db.query(`INSERT INTO filled SELECT i, 'n' || i FROM generate_series(1, 2000) AS i`);
    await expect
      .poll(async () => (await db.query<{ n: number }>(`SELECT reltuples::float8 AS n FROM pg_class WHERE oid = 'filled'::regclass`)).rows[0]!.n, { timeout: 10_000 })
      .toBe(2000);
    const stats = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stats WHERE tablename = 'filled'`);
    expect(stats.rows[0]!.n).toBe(2);
  });
});
