/**
 * The project list's name query on the trigram index: the same matches ILIKE gave (substrings,
 * any case, accented letters, terms too short for trigrams, wildcards taken literally), the index
 * usable by that query on both backends, and totals that stay exact when the count is skipped.
 * Past COUNT_BOUND matches the count stops and the page says its total is a lower bound, and a
 * by-name page is read off the (org_id, lower(name)) index alone, in order, stopping after the page.
 */
import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_BOUND, likePattern } from '../../../../server/api/http/list-query.js';
import { startSurveyApp, type SurveyTestApp } from './survey-app.js';

const NAMES = ['Écluse Saint-Géry', 'Café Müller', 'Depot 7', 'DEPOT west', 'Warehouse 12', 'Hotel 50%', 'Ab'];

describe.each(['pglite', 'postgres'])('project name query on %s', (backend) => {
  let t: SurveyTestApp;
  let http: ReturnType<typeof request>;
  const orgId = randomUUID();
  const names = async (query: string) => {
    const res = await http.get(`/api/orgs/${orgId}/projects${query}`);
    expect(res.status).toBe(200);
    return (res.body.items as { name: string }[]).map((p) => p.name).sort();
  };
  const found = (q: string) => names(`?q=${encodeURIComponent(q)}`);

  beforeAll(async () => {
    t = await startSurveyApp(backend);
    http = request(t.app.server);
    await t.db.query('INSERT INTO orgs (id, name) VALUES ($1, $2)', [orgId, 'Search']);
    for (const name of NAMES) expect((await http.post(`/api/orgs/${orgId}/projects`).send({ name })).status).toBe(201);
  });
  afterAll(async () => t?.close());

  it('finds substrings in any case, accented letters included, and short terms', async () => {
    expect(await found('depot')).toEqual(['DEPOT west', 'Depot 7']);
    expect(await found('CAFÉ')).toEqual(['Café Müller']);
    expect(await found('müLLer')).toEqual(['Café Müller']);
    expect(await found('é')).toEqual(['Café Müller', 'Écluse Saint-Géry']);
    expect(await found('ÉCL')).toEqual(['Écluse Saint-Géry']);
    expect(await found('ab')).toEqual(['Ab']);
    expect(await found('7')).toEqual(['Depot 7']);
    // Accents are letters of their own, as they were: "cafe" is not "café".
    expect(await found('cafe')).toEqual([]);
    // The user's % and _ match themselves.
    expect(await found('50%')).toEqual(['Hotel 50%']);
    expect(await found('_')).toEqual([]);
  });

  it('answers what ILIKE answered for any term', async () => {
    // ASCII terms are lowered before the query, others (and the Turkish-sensitive I) by the database.
    for (const q of ['e', 'É', 'ry', 'Saint-G', 'SAINT-G', 'DEPOT W', 'ÜLL', 'use 1', 'pot ', ' w', 'zz', '%', '\\']) {
      const before = await t.db.query<{ name: string }>('SELECT name FROM projects WHERE org_id = $1 AND name ILIKE $2', [orgId, likePattern(q)]);
      expect(await found(q), q).toEqual(before.rows.map((r) => r.name).sort());
    }
  });

  it('has a trigram index the name query can use', async () => {
    const plan = await t.db.transaction(async (tx) => {
      // Seven rows would always be read in full; forbid that to see whether the index serves the
      // predicate (the organisation's own index is left out: it would win on so few rows, read
      // whole and alone since it carries the name).
      await tx.exec('SET LOCAL enable_seqscan = off');
      await tx.exec('SET LOCAL enable_indexonlyscan = off');
      const r = await tx.query<{ 'QUERY PLAN': string }>('EXPLAIN SELECT id FROM projects WHERE lower(name) LIKE lower($1)', ['%depot%']);
      return r.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/projects_name_trgm/);
  });

  it('keeps the total exact on every page, counting only when the page cannot show it', async () => {
    // Seven projects, three a page: full, full, short, then past the end.
    for (const page of [1, 2, 3, 4]) {
      const res = await http.get(`/api/orgs/${orgId}/projects?sort=name&per_page=3&page=${page}`);
      expect(res.body, `page ${page}`).toMatchObject({ total: 7, page, perPage: 3 });
      expect(res.body.items).toHaveLength([3, 3, 1, 0][page - 1]!);
    }
    const short = await http.get(`/api/orgs/${orgId}/projects?q=depot&per_page=3`);
    expect(short.body).toMatchObject({ total: 2, page: 1 });
    const exact = await http.get(`/api/orgs/${orgId}/projects?q=depot&per_page=2`);
    expect(exact.body).toMatchObject({ total: 2, page: 1 });
    expect(exact.body.items).toHaveLength(2);
    const none = await http.get(`/api/orgs/${orgId}/projects?q=nothing-like-it`);
    expect(none.body).toMatchObject({ total: 0, items: [] });
    const beyond = await http.get(`/api/orgs/${orgId}/projects?q=depot&per_page=2&page=5`);
    expect(beyond.body).toMatchObject({ total: 2, items: [] });
  });

  it('takes the known total a client sends with a later full page, never below what the pages prove', async () => {
    const list = (query: string) => http.get(`/api/orgs/${orgId}/projects?sort=name&per_page=3${query}`);
    // A known total stands in for the count on a full later page (the client got it from page 1).
    expect((await list('&page=2&known_total=7')).body).toMatchObject({ total: 7, page: 2 });
    expect((await list('&page=2&known_total=40')).body.total).toBe(40);
    // Too small to be true: two full pages prove six.
    expect((await list('&page=2&known_total=1')).body.total).toBe(6);
    // The first page always counts, and a short or empty page tells the truth itself.
    expect((await list('&page=1&known_total=40')).body.total).toBe(7);
    expect((await list('&page=3&known_total=40')).body.total).toBe(7);
    expect((await list('&page=9&known_total=40')).body.total).toBe(7);
    const bad = await list('&page=2&known_total=-1');
    expect(bad.status).toBe(400);
    expect(bad.body.error.reason).toMatch(/known_total/);
  });

  describe('past the count bound', () => {
    const big = randomUUID();
    // About one and a half times the bound: a tenth named "Depot …" (all halted), the rest
    // "Office …"; every fifth halted, so the running ones (four fifths, over the bound) are offices.
    const count = Math.ceil((COUNT_BOUND * 1.5) / 50) * 50;
    const depots = count / 10;
    const list = async (query: string) => {
      const res = await http.get(`/api/orgs/${big}/projects?${query}`);
      expect(res.status, query).toBe(200);
      return res.body as { items: { name: string; status: string }[]; total: number; page: number; totalIsLowerBound?: boolean };
    };

    beforeAll(async () => {
      await t.db.query('INSERT INTO orgs (id, name) VALUES ($1, $2)', [big, 'Many']);
      await t.db.query(
        `INSERT INTO projects (id, org_id, name, status, created_at, updated_at)
         SELECT gen_random_uuid(), $1, CASE WHEN i % 10 = 0 THEN 'Depot ' ELSE 'Office ' END || lpad(i::text, 5, '0'),
           CASE WHEN i % 5 = 0 THEN 'halted' ELSE 'running' END, now() - (i || ' minutes')::interval, now()
         FROM generate_series(1, $2::int) AS i`,
        [big, count],
      );
    });

    it('stops counting at the bound and says the total is a lower bound', async () => {
      expect(await list('per_page=25')).toMatchObject({ total: COUNT_BOUND, totalIsLowerBound: true, page: 1 });
      expect(await list('q=office&sort=name&per_page=25')).toMatchObject({ total: COUNT_BOUND, totalIsLowerBound: true });
      // Fewer matches than the bound, by name, by status or both: counted exactly.
      expect(await list('q=depot&sort=name&per_page=25')).toMatchObject({ total: depots, totalIsLowerBound: false });
      expect(await list('status=halted&per_page=25')).toMatchObject({ total: count / 5, totalIsLowerBound: false });
      expect(await list('q=depot&status=halted&per_page=25')).toMatchObject({ total: depots, totalIsLowerBound: false });
      expect(await list('q=office&status=running&per_page=25')).toMatchObject({ total: COUNT_BOUND, totalIsLowerBound: true });
      expect(await list('q=office&status=halted&per_page=25')).toMatchObject({ total: depots, totalIsLowerBound: false });
    });

    it('counts on to the end of a later page, and exactly once the matches end before the bound does', async () => {
      // The first page ending past the bound: the bound moves with it, so the next page stays reachable.
      const past = Math.floor(COUNT_BOUND / 25) + 1;
      const deep = await list(`sort=name&per_page=25&page=${past}`);
      expect(deep).toMatchObject({ total: past * 25, totalIsLowerBound: true, page: past });
      // The last full page and the page past the end see every match.
      const lastFull = Math.floor(count / 25);
      expect(await list(`sort=name&per_page=25&page=${lastFull}`)).toMatchObject({ total: count, totalIsLowerBound: false });
      expect(await list(`sort=name&per_page=25&page=${lastFull + 1}`)).toMatchObject({ total: count, items: [] });
      // A short page is the last one: its total is exact whatever a lower bound said before.
      const last = Math.floor(depots / 25) + 1;
      const short = await list(`q=depot&sort=name&per_page=25&page=${last}`);
      expect(short).toMatchObject({ total: depots });
      expect(short.items).toHaveLength(depots - (last - 1) * 25);
    });

    it('pages by name in order, each name once', async () => {
      const seen: string[] = [];
      for (const page of [1, 2, 3]) seen.push(...(await list(`q=depot&sort=name&per_page=5&page=${page}`)).items.map((p) => p.name));
      expect(seen).toHaveLength(15);
      expect(seen).toEqual([...seen].sort());
      expect(new Set(seen).size).toBe(15);
      expect(seen[0]).toBe('Depot 00010');
    });

    it('reads a by-name page off the name index alone, stopping after the page, once the statistics are fresh', async () => {
      // An organisation large enough that reading every match and sorting them costs more.
      const large = 5000;
      await t.db.query(
        `INSERT INTO projects (id, org_id, name, status, created_at, updated_at)
         SELECT gen_random_uuid(), $1, CASE WHEN i % 6 = 0 THEN 'Depot ' ELSE 'Clinic ' END || lpad(i::text, 5, '0'), 'running', now(), now()
         FROM generate_series($2::int + 1, $2::int + $3::int) AS i`,
        [big, count, large],
      );
      // PGlite analyzes by itself once enough rows changed (server/db/pglite-statistics.ts);
      // PostgreSQL's autovacuum would, on its own schedule, so the test does it there.
      if (backend === 'postgres') await t.db.query('ANALYZE projects');
      await expect
        .poll(async () => (await t.db.query<{ n: number }>(`SELECT reltuples::float8 AS n FROM pg_class WHERE oid = 'projects'::regclass`)).rows[0]!.n, {
          timeout: 10_000,
        })
        .toBeGreaterThan(large);
      const plan = await t.db.query<{ 'QUERY PLAN': string }>(`EXPLAIN SELECT id FROM projects WHERE org_id = $1 AND lower(name) LIKE lower($2) ORDER BY lower(name) LIMIT 25`, [
        big,
        '%depot%',
      ]);
      const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
      // Index-only: the name is tested as the index holds it, and the table is not read for it.
      expect(text).toMatch(/Index Only Scan using projects_org_name/);
      expect(text).not.toMatch(/Sort/);
    });
  });
});
