/**
 * PostgreSQL tells every instance of a service that its rows changed. Each table of the schema
 * (but the audit trail's, below) gets statement-level triggers that notify `sitewave_changes`
 * with the schema's name when a statement changed rows.
 * PostgreSQL delivers a notification when its transaction commits, which is when the change
 * becomes visible, to every session listening: every instance of the service, whichever
 * instance, script or person at a console made the change. Installed at each start, after the
 * migrations, so a table a migration adds is covered too.
 */
import type { Queryable } from './database.js';
import { assertSchemaName, quoteIdentifier } from './schema-name.js';

/** One channel for every schema (a channel's name is shorter than a schema's may be); the payload names the schema. */
export const CHANGE_CHANNEL = 'sitewave_changes';

/**
 * Tables that announce nothing: the audit trail's (server/audit/chain.ts) and the relationship
 * changes (tuple-index.ts). No kept answer reads them, and the change an event or a change row
 * records announces itself through its own table. Their triggers would run twice in every such
 * change for nothing (and trimming old rows would end every kept answer); ones an earlier
 * version installed are dropped.
 */
export const UNANNOUNCED_TABLES = ['audit_events', 'audit_chain', 'audit_inbox', 'relation_tuple_changes', 'relation_tuple_changes_trimmed'] as const;

/** Idempotent, and safe while other instances run: a table that has its triggers is left alone. */
export async function installChangeTriggers(db: Queryable, schema: string): Promise<void> {
  const quoted = quoteIdentifier(assertSchemaName(schema));
  const literal = `'${schema}'`;
  // One script is one transaction: the lock covers the function and the triggers, since two
  // instances starting together would otherwise replace the function or add a trigger at once.
  await db.exec(`
    SELECT pg_advisory_xact_lock(hashtext(${literal} || ' change triggers'));

    CREATE OR REPLACE FUNCTION ${quoted}.sitewave_announce_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      -- A poller's UPDATE that claims nothing changes nothing: no notification for it.
      IF TG_OP = 'TRUNCATE' THEN
        PERFORM pg_notify('${CHANGE_CHANNEL}', TG_TABLE_SCHEMA);
      ELSIF EXISTS (SELECT FROM sitewave_changed_rows) THEN
        PERFORM pg_notify('${CHANGE_CHANNEL}', TG_TABLE_SCHEMA);
      END IF;
      RETURN NULL;
    END $fn$;

    DO $do$
    DECLARE
      t record;
      op text;
    BEGIN
      FOR t IN SELECT c.oid, c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
               WHERE n.nspname = ${literal} AND c.relkind = 'r' LOOP
        FOREACH op IN ARRAY ARRAY['insert', 'update', 'delete', 'truncate'] LOOP
          IF t.relname = ANY (ARRAY[${UNANNOUNCED_TABLES.map((name) => `'${name}'`).join(', ')}]) THEN
            IF EXISTS (SELECT FROM pg_trigger WHERE tgrelid = t.oid AND tgname = 'sitewave_changed_' || op) THEN
              EXECUTE format('DROP TRIGGER %I ON %I.%I', 'sitewave_changed_' || op, ${literal}, t.relname);
            END IF;
            CONTINUE;
          END IF;
          CONTINUE WHEN EXISTS (SELECT FROM pg_trigger WHERE tgrelid = t.oid AND tgname = 'sitewave_changed_' || op);
          EXECUTE format('CREATE TRIGGER %I AFTER %s ON %I.%I %s FOR EACH STATEMENT EXECUTE FUNCTION %I.sitewave_announce_change()',
            'sitewave_changed_' || op, upper(op), ${literal}, t.relname,
            CASE op WHEN 'delete' THEN 'REFERENCING OLD TABLE AS sitewave_changed_rows'
                    WHEN 'truncate' THEN ''
                    ELSE 'REFERENCING NEW TABLE AS sitewave_changed_rows' END,
            ${literal});
        END LOOP;
      END LOOP;
    END $do$;
  `);
}
