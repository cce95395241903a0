/**
 * sitewave's roles as relationships in the permission service's store (shared/permission-model.ts):
 * the memberships stay in the API's tables, and each change of one writes its relationship in the
 * same transaction. Triggers do the writing, because memberships change in many places and also
 * by cascade (an organisation deleted takes its members and projects along): a trigger sees every
 * one of them, a call in each handler would miss some.
 *
 * At every start, under a lock, the triggers are (re)installed and the relationships reconciled
 * with the memberships: a database from before this model, or one a script wrote to with the
 * triggers off, comes out with exactly the relationships its memberships say.
 */
import { createHash } from 'node:crypto';
import type { Database } from '../../db/database.js';
import { migrate } from '../../db/migrate.js';
import { quoteIdentifier } from '../../db/schema-name.js';
import { permissionMigrations, PERMISSION_SCHEMA } from '../../permissions/migrations.js';
import { ADMINISTRATORS_RELATION, INSTALLATION_OBJECT, ORG_ROLE_RELATIONS, PROJECT_ORGANISATION_RELATION, PROJECT_ROLE_RELATIONS } from '../../../shared/permission-model.js';

/** Where the relationships are: the embedded permission service's schema beside the API's own `api`, or one named after a test's schema. */
export function roleRelationshipsSchema(apiSchema: string): string {
  return apiSchema === 'api' ? PERMISSION_SCHEMA : `${apiSchema}_permission`;
}

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
const relationOf = (roles: Record<string, string>, column: string) =>
  `CASE ${column} ${Object.entries(roles)
    .map(([role, relation]) => `WHEN ${literal(role)} THEN ${literal(relation)}`)
    .join(' ')} END`;

/** The relationships the memberships call for, as rows of the tuple table's key columns. */
const EXPECTED = `
  SELECT 'Installation'::text AS namespace, ${literal(INSTALLATION_OBJECT)}::text AS object, ${literal(ADMINISTRATORS_RELATION)}::text AS relation,
         'Identity'::text AS set_namespace, identity_id::text AS set_object
    FROM users WHERE global_role = 'admin'
  UNION ALL
  SELECT 'Organisation', org_id::text, ${relationOf(ORG_ROLE_RELATIONS, 'role')}, 'Identity', user_id::text FROM org_members
  UNION ALL
  SELECT 'Project', id::text, ${literal(PROJECT_ORGANISATION_RELATION)}, 'Organisation', org_id::text FROM projects
  UNION ALL
  SELECT 'Project', project_id::text, ${relationOf(PROJECT_ROLE_RELATIONS, 'role')}, 'Identity', user_id::text FROM project_members`;

/** A trigger function that mirrors one table's rows: `tuple(row)` gives the key columns of a row's relationship, or none. */
function mirrorFunction(tuples: string, name: string, tuple: (row: 'OLD' | 'NEW') => { when: string; values: string }): string {
  const remove = tuple('OLD');
  const add = tuple('NEW');
  return `
    CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $function$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') AND ${remove.when} THEN
        DELETE FROM ${tuples}
          WHERE (namespace, object, relation, subject_id, subject_set_namespace, subject_set_object, subject_set_relation)
            = (${remove.values});
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') AND ${add.when} THEN
        INSERT INTO ${tuples} (namespace, object, relation, subject_id, subject_set_namespace, subject_set_object, subject_set_relation)
          VALUES (${add.values}) ON CONFLICT DO NOTHING;
      END IF;
      RETURN NULL;
    END
    $function$;`;
}

function installScript(permissionSchema: string): string {
  const tuples = `${quoteIdentifier(permissionSchema)}.relation_tuples`;
  const identity = (row: string, column: string) => `'', 'Identity', ${row}.${column}::text, ''`;
  return `
    ${mirrorFunction(tuples, 'mirror_global_role', (row) => ({
      when: `${row}.global_role = 'admin'`,
      values: `'Installation', ${literal(INSTALLATION_OBJECT)}, ${literal(ADMINISTRATORS_RELATION)}, ${identity(row, 'identity_id')}`,
    }))}
    CREATE OR REPLACE TRIGGER mirror_global_role AFTER INSERT OR DELETE OR UPDATE OF identity_id, global_role ON users
      FOR EACH ROW EXECUTE FUNCTION mirror_global_role();

    ${mirrorFunction(tuples, 'mirror_org_role', (row) => ({
      when: 'true',
      values: `'Organisation', ${row}.org_id::text, ${relationOf(ORG_ROLE_RELATIONS, `${row}.role`)}, ${identity(row, 'user_id')}`,
    }))}
    CREATE OR REPLACE TRIGGER mirror_org_role AFTER INSERT OR DELETE OR UPDATE OF org_id, user_id, role ON org_members
      FOR EACH ROW EXECUTE FUNCTION mirror_org_role();

    ${mirrorFunction(tuples, 'mirror_project_organisation', (row) => ({
      when: 'true',
      values: `'Project', ${row}.id::text, ${literal(PROJECT_ORGANISATION_RELATION)}, '', 'Organisation', ${row}.org_id::text, ''`,
    }))}
    CREATE OR REPLACE TRIGGER mirror_project_organisation AFTER INSERT OR DELETE OR UPDATE OF id, org_id ON projects
      FOR EACH ROW EXECUTE FUNCTION mirror_project_organisation();

    ${mirrorFunction(tuples, 'mirror_project_role', (row) => ({
      when: 'true',
      values: `'Project', ${row}.project_id::text, ${relationOf(PROJECT_ROLE_RELATIONS, `${row}.role`)}, ${identity(row, 'user_id')}`,
    }))}
    CREATE OR REPLACE TRIGGER mirror_project_role AFTER INSERT OR DELETE OR UPDATE OF project_id, user_id, role ON project_members
      FOR EACH ROW EXECUTE FUNCTION mirror_project_role();`;
}

/** Adds what is missing and removes what no membership calls for, in the product's namespaces only. */
function reconcileScript(permissionSchema: string): string {
  const tuples = `${quoteIdentifier(permissionSchema)}.relation_tuples`;
  return `
    CREATE TEMP TABLE expected_role_relationships ON COMMIT DROP AS ${EXPECTED};
    INSERT INTO ${tuples} (namespace, object, relation, subject_id, subject_set_namespace, subject_set_object, subject_set_relation)
      SELECT namespace, object, relation, '', set_namespace, set_object, '' FROM expected_role_relationships
      ON CONFLICT DO NOTHING;
    DELETE FROM ${tuples} t
      WHERE t.namespace IN ('Installation', 'Organisation', 'Project')
        AND NOT EXISTS (
          SELECT 1 FROM expected_role_relationships e
          WHERE e.namespace = t.namespace AND e.object = t.object AND e.relation = t.relation AND t.subject_id = ''
            AND e.set_namespace = t.subject_set_namespace AND e.set_object = t.subject_set_object AND t.subject_set_relation = '');`;
}

/** The permission service's tables, the triggers and the relationships, before the API answers. */
export async function linkRoleRelationships(db: Database, permissionSchema: string): Promise<void> {
  await migrate(db, { schema: permissionSchema, migrations: permissionMigrations });
  const lockKey = createHash('sha256').update(`role relationships ${db.schema} ${permissionSchema}`).digest().readBigInt64BE(0);
  await db.transaction(async (tx) => {
    // Two instances starting together would replace the same functions at once.
    await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [lockKey.toString()]);
    await tx.exec(installScript(permissionSchema));
    await tx.exec(reconcileScript(permissionSchema));
  });
}
