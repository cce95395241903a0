/**
 * The permission service's tables, in its own schema: the relationships ("relation tuples").
 * A check asks, hop after hop, "is this subject in ns:object#relation?" and "which subject sets
 * are in ns:object#relation?", both ranges of the primary key; listing by subject and deleting a
 * subject's tuples walk the other way, on the subject index. No hop scans the table.
 */
import type { Migration } from '../db/migrate.js';
import { AUDIT_STORE_SQL, auditAppendMigration, auditInboxEventMigration, auditInboxMigration } from '../audit/chain.js';

/**
 * What one relation holds, as relation_contents (migration 4) reads it for a relation `from`
 * names (ns, obj, rel): its subject ids, and its subject sets as three arrays in key order.
 */
const relationContents = (from: string) => `SELECT array_agg(t.sid ORDER BY t.sid) FILTER (WHERE t.sid <> '') AS ids,
      array_agg(t.sns ORDER BY t.sns, t.sobj, t.srel) FILTER (WHERE t.sid = '') AS sns,
      array_agg(t.sobj ORDER BY t.sns, t.sobj, t.srel) FILTER (WHERE t.sid = '') AS sobj,
      array_agg(t.srel ORDER BY t.sns, t.sobj, t.srel) FILTER (WHERE t.sid = '') AS srel
    FROM (
      SELECT x.subject_id AS sid, x.subject_set_namespace AS sns, x.subject_set_object AS sobj, x.subject_set_relation AS srel
      FROM relation_tuples x
      WHERE x.namespace = ${from}.ns AND x.object = ${from}.obj AND x.relation = ${from}.rel
      ORDER BY x.subject_id, x.subject_set_namespace, x.subject_set_object, x.subject_set_relation
      LIMIT p_limit) t`;

export const PERMISSION_SCHEMA = 'permission';

export const permissionMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'relation tuples',
    up: `
      -- A subject is an id (the subject_set columns empty) or a subject set (subject_id empty, its
      -- namespace never so); a subject set's relation may be empty, which is not the same subject
      -- as the id. Empty strings rather than NULLs keep each tuple one primary key, and a tuple is
      -- stored once however often it is written. "C" collation: bytewise, the same on every server.
      CREATE TABLE relation_tuples (
        namespace text COLLATE "C" NOT NULL,
        object text COLLATE "C" NOT NULL,
        relation text COLLATE "C" NOT NULL,
        subject_id text COLLATE "C" NOT NULL,
        subject_set_namespace text COLLATE "C" NOT NULL,
        subject_set_object text COLLATE "C" NOT NULL,
        subject_set_relation text COLLATE "C" NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (namespace, object, relation, subject_id, subject_set_namespace, subject_set_object, subject_set_relation),
        CHECK (
          (subject_id <> '' AND subject_set_namespace = '' AND subject_set_object = '' AND subject_set_relation = '')
          OR (subject_id = '' AND subject_set_namespace <> '')
        )
      );
      CREATE INDEX relation_tuples_by_subject ON relation_tuples
        (subject_set_namespace, subject_set_object, subject_set_relation, subject_id, namespace, relation, object);

      -- What a check reads of several relations of one object, for one subject: per relation
      -- asked for (its place in p_relations, from 0), step 0 when the tuple itself is stored,
      -- step 1 when the subject is stored directly in one of the relation's subject sets, and
      -- step 2 for each of those subject sets (at most p_limit, in key order), with whether it
      -- holds subject sets itself. A relation with p_filtered (strict mode) lists only the
      -- subject sets of p_follow and finds the subject only in those of p_find, both given as
      -- (place, namespace, relation). A function so that its plan is made once per connection.
      CREATE FUNCTION check_hops(
        p_namespace text, p_object text,
        p_subject_id text, p_subject_set_namespace text, p_subject_set_object text, p_subject_set_relation text,
        p_relations text[], p_direct boolean[], p_find boolean[], p_filtered boolean[],
        p_follow_ids int[], p_follow_namespaces text[], p_follow_relations text[],
        p_find_ids int[], p_find_namespaces text[], p_find_relations text[],
        p_limit int
      ) RETURNS TABLE (request int, step int, namespace text, object text, relation text, has_subject_sets boolean)
      LANGUAGE plpgsql STABLE SET search_path FROM CURRENT SET plan_cache_mode = force_generic_plan AS $function$
      #variable_conflict use_column
      BEGIN
        RETURN QUERY
        WITH wanted AS (
            SELECT (w.ordinality - 1)::int AS id, w.relation, w.direct, w.find, w.filtered
            FROM unnest(p_relations, p_direct, p_find, p_filtered) WITH ORDINALITY AS w(relation, direct, find, filtered)),
          follow AS (SELECT * FROM unnest(p_follow_ids, p_follow_namespaces, p_follow_relations) AS f(id, namespace, relation)),
          find_in AS (SELECT * FROM unnest(p_find_ids, p_find_namespaces, p_find_relations) AS f(id, namespace, relation)),
          found AS (
            SELECT wanted.id, 0 AS step, ''::text AS namespace, ''::text AS object, ''::text AS relation, false AS has_subject_sets
              FROM wanted
              WHERE wanted.direct AND EXISTS (
                SELECT 1 FROM relation_tuples here
                WHERE here.namespace = p_namespace AND here.object = p_object AND here.relation = wanted.relation
                  AND here.subject_id = p_subject_id AND here.subject_set_namespace = p_subject_set_namespace
                  AND here.subject_set_object = p_subject_set_object AND here.subject_set_relation = p_subject_set_relation)
            UNION ALL
            SELECT wanted.id, 1, '', '', '', false
              FROM wanted
              WHERE wanted.find AND EXISTS (
                SELECT 1 FROM relation_tuples here
                WHERE here.namespace = p_namespace AND here.object = p_object AND here.relation = wanted.relation
                  AND here.subject_id = '' AND here.subject_set_namespace > ''
                  AND (NOT wanted.filtered OR (wanted.id, here.subject_set_namespace, here.subject_set_relation) IN (SELECT * FROM find_in))
                  AND EXISTS (
                    SELECT 1 FROM relation_tuples member
                    WHERE member.namespace = here.subject_set_namespace AND member.object = here.subject_set_object
                      AND member.relation = here.subject_set_relation
                      AND member.subject_id = p_subject_id AND member.subject_set_namespace = p_subject_set_namespace
                      AND member.subject_set_object = p_subject_set_object AND member.subject_set_relation = p_subject_set_relation))
            UNION ALL
            SELECT wanted.id, 2, sets.namespace, sets.object, sets.relation, sets.has_subject_sets
              FROM wanted CROSS JOIN LATERAL (
                SELECT here.subject_set_namespace::text AS namespace, here.subject_set_object::text AS object,
                  here.subject_set_relation::text AS relation,
                  EXISTS (
                    SELECT 1 FROM relation_tuples inside
                    WHERE inside.namespace = here.subject_set_namespace AND inside.object = here.subject_set_object
                      AND inside.relation = here.subject_set_relation AND inside.subject_id = '' AND inside.subject_set_namespace > ''
                  ) AS has_subject_sets
                FROM relation_tuples here
                WHERE here.namespace = p_namespace AND here.object = p_object AND here.relation = wanted.relation
                  AND here.subject_id = '' AND here.subject_set_namespace > ''
                  AND (NOT wanted.filtered OR (wanted.id, here.subject_set_namespace, here.subject_set_relation) IN (SELECT * FROM follow))
                ORDER BY here.subject_set_namespace, here.subject_set_object, here.subject_set_relation
                LIMIT p_limit) AS sets)
        SELECT found.id, found.step, found.namespace, found.object, found.relation, found.has_subject_sets
          FROM found
          ORDER BY found.id, found.step, found.namespace COLLATE "C", found.object COLLATE "C", found.relation COLLATE "C";
      END
      $function$;
    `,
  },
  {
    version: 2,
    name: 'check hops of several objects',
    up: `
      -- check_hops for several objects of one namespace at once, each answered as check_hops
      -- answers it alone (item: the object's place in p_objects, from 0): the subject sets a
      -- check follows from one place, or the parents a traverse reaches, read in one statement.
      CREATE FUNCTION check_hops_of_objects(
        p_namespace text, p_objects text[],
        p_subject_id text, p_subject_set_namespace text, p_subject_set_object text, p_subject_set_relation text,
        p_relations text[], p_direct boolean[], p_find boolean[], p_filtered boolean[],
        p_follow_ids int[], p_follow_namespaces text[], p_follow_relations text[],
        p_find_ids int[], p_find_namespaces text[], p_find_relations text[],
        p_limit int
      ) RETURNS TABLE (item int, request int, step int, namespace text, object text, relation text, has_subject_sets boolean)
      LANGUAGE plpgsql STABLE SET search_path FROM CURRENT AS $function$
      #variable_conflict use_column
      BEGIN
        RETURN QUERY
        SELECT (o.i - 1)::int, h.request, h.step, h.namespace, h.object, h.relation, h.has_subject_sets
          FROM unnest(p_objects) WITH ORDINALITY AS o(object, i)
          CROSS JOIN LATERAL check_hops(p_namespace, o.object, p_subject_id, p_subject_set_namespace, p_subject_set_object, p_subject_set_relation,
            p_relations, p_direct, p_find, p_filtered, p_follow_ids, p_follow_namespaces, p_follow_relations,
            p_find_ids, p_find_namespaces, p_find_relations, p_limit) WITH ORDINALITY AS h(request, step, namespace, object, relation, has_subject_sets, n)
          ORDER BY o.i, h.n;
      END
      $function$;
    `,
  },
  {
    version: 3,
    name: 'audit trail: hash-chained, append-only relationship writes',
    up: AUDIT_STORE_SQL,
  },
  {
    version: 4,
    name: 'what relations hold',
    up: `
      -- Everything stored in each relation asked for (at most p_limit rows of each, in key order),
      -- and for those asked with p_inside, in each subject set stored there: the rows a check's
      -- hops are worked out from in memory. One row per relation, level 0 for one asked, 1 for
      -- one inside, its ids and its subject sets as arrays in key order: a row each rather than a
      -- row per tuple, as each row handed over costs more than reading it (four times, PGlite). At most p_rows relations (no ORDER BY, so LIMIT stops the reading).
      -- A function so that its plan is made once per connection: planning cost three times the
      -- reading.
      CREATE FUNCTION relation_contents(
        p_namespaces text[], p_objects text[], p_relations text[], p_inside boolean[], p_limit int, p_rows int
      ) RETURNS TABLE (
        level int, namespace text, object text, relation text,
        subject_ids text[], set_namespaces text[], set_objects text[], set_relations text[]
      )
      LANGUAGE plpgsql STABLE SET search_path FROM CURRENT SET plan_cache_mode = force_generic_plan AS $function$
      #variable_conflict use_column
      BEGIN
        RETURN QUERY
        WITH asked AS (
            SELECT * FROM unnest(p_namespaces, p_objects, p_relations, p_inside) AS a(ns, obj, rel, inside)),
          here AS (
            SELECT a.ns, a.obj, a.rel, a.inside, r.* FROM asked a CROSS JOIN LATERAL (
              ${relationContents('a')}) r),
          sets AS (
            SELECT DISTINCT s.ns, s.obj, s.rel FROM here CROSS JOIN LATERAL unnest(here.sns, here.sobj, here.srel) AS s(ns, obj, rel)
            WHERE here.inside)
        SELECT 0, here.ns::text, here.obj::text, here.rel::text, here.ids::text[], here.sns::text[], here.sobj::text[], here.srel::text[]
          FROM here
        UNION ALL
        SELECT 1, s.ns::text, s.obj::text, s.rel::text, r.ids::text[], r.sns::text[], r.sobj::text[], r.srel::text[]
          FROM sets s CROSS JOIN LATERAL (
            ${relationContents('s')}) r
        LIMIT p_rows;
      END
      $function$;
    `,
  },
  auditAppendMigration(5),
  auditInboxMigration(6),
  {
    version: 7,
    name: 'relationship changes, for the indexes kept in memory',
    up: `
      -- Every change to the relationships, in the changing transaction (statement triggers with
      -- transition tables, whoever writes: this service, the API's membership triggers, a
      -- script): what each instance's in-memory index (tuple-index.ts) replays to stay in step.
      -- xid is the writing transaction's id: changes still uncommitted when an index read are
      -- those at or past that read's snapshot xmin, which it reads again next time (seq alone is
      -- handed out before commit, so a lower one can become visible after a higher one).
      -- reset: the table was emptied at once (TRUNCATE); the indexes load it again.
      CREATE TABLE relation_tuple_changes (
        seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        xid xid8 NOT NULL DEFAULT pg_current_xact_id(),
        at timestamptz NOT NULL DEFAULT now(),
        inserted boolean NOT NULL,
        reset boolean NOT NULL DEFAULT false,
        namespace text COLLATE "C" NOT NULL DEFAULT '',
        object text COLLATE "C" NOT NULL DEFAULT '',
        relation text COLLATE "C" NOT NULL DEFAULT '',
        subject_id text COLLATE "C" NOT NULL DEFAULT '',
        subject_set_namespace text COLLATE "C" NOT NULL DEFAULT '',
        subject_set_object text COLLATE "C" NOT NULL DEFAULT '',
        subject_set_relation text COLLATE "C" NOT NULL DEFAULT ''
      );
      CREATE INDEX relation_tuple_changes_by_xid ON relation_tuple_changes (xid);
      CREATE INDEX relation_tuple_changes_by_age ON relation_tuple_changes (at);
      -- Changes are kept for a while (tuple-index.ts trims them): trimmed_through is the newest
      -- transaction whose changes were trimmed; an index that had not read past it loads the
      -- table again.
      CREATE TABLE relation_tuple_changes_trimmed (
        only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
        trimmed_through xid8 NOT NULL
      );
      INSERT INTO relation_tuple_changes_trimmed (trimmed_through) VALUES ('0'::xid8);

      CREATE FUNCTION relation_tuples_recorded() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $fn$
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          INSERT INTO relation_tuple_changes (inserted, reset) VALUES (false, true);
          RETURN NULL;
        END IF;
        -- An UPDATE is its old rows removed and its new ones added.
        IF TG_OP IN ('DELETE', 'UPDATE') THEN
          INSERT INTO relation_tuple_changes (inserted, namespace, object, relation, subject_id, subject_set_namespace, subject_set_object, subject_set_relation)
            SELECT false, namespace, object, relation, subject_id, subject_set_namespace, subject_set_object, subject_set_relation FROM recorded_old;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          INSERT INTO relation_tuple_changes (inserted, namespace, object, relation, subject_id, subject_set_namespace, subject_set_object, subject_set_relation)
            SELECT true, namespace, object, relation, subject_id, subject_set_namespace, subject_set_object, subject_set_relation FROM recorded_new;
        END IF;
        RETURN NULL;
      END $fn$;
      CREATE TRIGGER relation_tuples_recorded_insert AFTER INSERT ON relation_tuples
        REFERENCING NEW TABLE AS recorded_new FOR EACH STATEMENT EXECUTE FUNCTION relation_tuples_recorded();
      CREATE TRIGGER relation_tuples_recorded_update AFTER UPDATE ON relation_tuples
        REFERENCING OLD TABLE AS recorded_old NEW TABLE AS recorded_new FOR EACH STATEMENT EXECUTE FUNCTION relation_tuples_recorded();
      CREATE TRIGGER relation_tuples_recorded_delete AFTER DELETE ON relation_tuples
        REFERENCING OLD TABLE AS recorded_old FOR EACH STATEMENT EXECUTE FUNCTION relation_tuples_recorded();
      CREATE TRIGGER relation_tuples_recorded_truncate AFTER TRUNCATE ON relation_tuples
        FOR EACH STATEMENT EXECUTE FUNCTION relation_tuples_recorded();
    `,
  },
  auditInboxEventMigration(8),
];
