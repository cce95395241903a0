/**
 * Migration 11 of the API schema: the (org_id, lower(name)) index also carries name and id, so a
 * name query by name reads the index alone. Walking that index in name order, PostgreSQL tests
 * `lower(name) LIKE …` on the lower(name) the index holds and visits the table only for the rows
 * of the page; before, it fetched every project it passed over, matching or not, and computed
 * lower(name) again for each (the 10 000-project name query passed 1 692 projects for a page of
 * 25). It stays the unique index behind the 409 on a duplicate name, under the same name; id is
 * what the page joins back on, name what makes the scan index-only.
 */
import type { Migration } from '../../db/migrate.js';

export const projectNameIndexMigration: Migration = {
  version: 11,
  name: 'projects: the name index carries name and id (index-only name queries)',
  up: `
      CREATE UNIQUE INDEX projects_org_name_covering ON projects (org_id, lower(name)) INCLUDE (name, id);
      DROP INDEX projects_org_name;
      ALTER INDEX projects_org_name_covering RENAME TO projects_org_name;
  `,
};
