/** Relationships written as Keto writes them in its documentation, and the service's store and routes on a test database. */
import { PRODUCT_NAMESPACES } from '../../../shared/permission-model.js';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../server/db/database.js';
import { migrate } from '../../../server/db/migrate.js';
import { buildPermissionService, DEFAULT_PERMISSION_SETTINGS } from '../../../server/permissions/app.js';
import { permissionMigrations } from '../../../server/permissions/migrations.js';
import { TupleStore } from '../../../server/permissions/store/tuple-store.js';
import type { RelationTuple, Subject, SubjectSet } from '../../../server/permissions/tuple.js';
import type { PermissionSettings, SettingsSource } from '../../../server/platform/project-settings.js';

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

export const ADMIN_TOKEN = 'permission-test-admin-token';

/** Settings a test can change between requests, as a saved project revision would. */
export class TestSettings implements SettingsSource<PermissionSettings> {
  value: PermissionSettings = { ...DEFAULT_PERMISSION_SETTINGS };
  current = () => this.value;
  fresh = async () => undefined;
  set(change: Partial<PermissionSettings>): void {
    this.value = { ...this.value, ...change };
  }
}

export interface Call {
  status: number;
  headers: Record<string, unknown>;
  body: any;
}

/** The permission service on a test database, called as the gateway calls it. */
export class PermissionClient {
  constructor(readonly app: FastifyInstance) {}

  static async start(db: Database, settings: SettingsSource<PermissionSettings>): Promise<PermissionClient> {
    return new PermissionClient(await buildPermissionService({ db, adminToken: ADMIN_TOKEN, settings }));
  }

  async call(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<Call> {
    const response = await this.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
    });
    return { status: response.statusCode, headers: response.headers, body: response.body ? JSON.parse(response.body) : undefined };
  }
}

/** What `GET /namespaces` lists: sitewave's own namespaces, then the project's. */
export function withBuiltIn(...names: string[]): { name: string }[] {
  return [...PRODUCT_NAMESPACES, ...names].map((name) => ({ name }));
}
