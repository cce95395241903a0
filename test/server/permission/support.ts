/** Relationships written as Keto writes them in its documentation, and the service's store on a test database. */
import type { Database } from '../../../server/db/database.js';
import { migrate } from '../../../server/db/migrate.js';
import { permissionMigrations } from '../../../server/permission/migrations.js';
import { TupleStore } from '../../../server/permission/store/tuple-store.js';
import type { RelationTuple, Subject, SubjectSet } from '../../../server/permission/tuple.js';

/** `Group:admins#members`, or `User:alice#` (a subject set with the empty relation). */
export function subjectSet(text: string): SubjectSet {
  const match = /^([^:#@]+):([^#@]*)#([^@]*)$/.exec(text);
  if (!match) throw new Error(`Not a subject set: ${text}`);
  return { namespace: match[1]!, object: match[2]!, relation: match[3]! };
}

/** `alice`, or a subject set as above. */
export function subject(text: string): Subject {
  return text.includes('#') ? { set: subjectSet(text) } : { id: text };
}

/** `Doc:readme#view@alice`, `Doc:readme#view@Group:admins#members`. */
export function tuple(text: string): RelationTuple {
  const at = text.indexOf('@');
  const { namespace, object, relation } = subjectSet(text.slice(0, at));
  return { namespace, object, relation, subject: subject(text.slice(at + 1)) };
}

export async function tupleStore(db: Database): Promise<TupleStore> {
  await migrate(db, { schema: db.schema, migrations: permissionMigrations });
  return new TupleStore(db);
}
