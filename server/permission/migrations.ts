/**
 * The permission service's tables, in its own schema: the relationships ("relation tuples").
 * A check asks, hop after hop, "is this subject in ns:object#relation?" and "which subject sets
 * are in ns:object#relation?", both ranges of the primary key; listing by subject and deleting a
 * subject's tuples walk the other way, on the subject index. No hop scans the table.
 */
import type { Migration } from '../db/migrate.js';

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
    `,
  },
];
