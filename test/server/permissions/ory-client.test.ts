/**
 * Ory's own SDK (`@ory/client-fetch`'s RelationshipApi and PermissionApi) against the permission
 * service's listener, every call of both, with the namespaces set the way an operator sets them:
 * as a Permission Language model in the project, through the platform service, live.
 */
import { Configuration, PermissionApi, RelationshipApi, ResponseError, type Relationship } from '@ory/client-fetch';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { buildPermissionService } from '../../../server/permissions/app.js';
import { buildPlatformService, type PlatformService } from '../../../server/platform/app.js';
import { permissionSettingsOf } from '../../../server/platform/project-settings.js';
import { backendsFor, type Backend } from '../oauth2/support/backends.js';
import { ADMIN_ACTOR, ADMIN_TOKEN as PLATFORM_TOKEN, SEED } from '../platform/support.js';
import { ADMIN_TOKEN, withBuiltIn } from './support.js';

const MODEL = `
class User implements Namespace {}
class Group implements Namespace {
  related: { members: (User | SubjectSet<Group, "members">)[] }
}
class Folder implements Namespace {
  related: { viewers: (User | SubjectSet<Group, "members">)[] }
  permits = { view: (ctx: Context): boolean => this.related.viewers.includes(ctx.subject) }
}
class File implements Namespace {
  related: {
    parents: Folder[]
    owners: User[]
    banned: User[]
  }
  permits = {
    view: (ctx: Context): boolean =>
      (this.related.parents.traverse((p) => p.permits.view(ctx)) || this.related.owners.includes(ctx.subject)) && !this.related.banned.includes(ctx.subject),
  }
}`;

const location = (model: string) => `base64://${Buffer.from(model).toString('base64url')}`;

/** Both services on the same kind of database: the project's on its schema, the relationships on theirs. */
const BACKENDS = backendsFor('permission').map(([name, makePermission], i) => [name, makePermission, backendsFor('platform')[i]![1]] as const);

describe.each(BACKENDS)("Ory's SDK against the permission service on %s", (_name, makePermissionBackend, makePlatformBackend) => {
  const backends: Backend[] = [];
  const dbs: Database[] = [];
  let platform: PlatformService;
  let permission: FastifyInstance;
  let relationships: RelationshipApi;
  let permissions: PermissionApi;
  let projectId: string;

  async function patchProject(operations: unknown[]): Promise<void> {
    const response = await platform.app.inject({
      method: 'PATCH',
      url: `/projects/${projectId}`,
      headers: { authorization: `Bearer ${PLATFORM_TOKEN}`, 'x-platform-actor': ADMIN_ACTOR, 'content-type': 'application/json' },
      payload: JSON.stringify(operations),
    });
    expect(response.statusCode).toBe(200);
  }

  beforeAll(async () => {
    for (const make of [makePlatformBackend, makePermissionBackend]) {
      const backend = make();
      backends.push(backend);
      dbs.push(await backend.open());
    }
    platform = await buildPlatformService({ db: dbs[0]!, adminToken: PLATFORM_TOKEN, seed: SEED });
    projectId = platform.live.settings(({ id }) => id).current();
    permission = await buildPermissionService({ db: dbs[1]!, adminToken: ADMIN_TOKEN, settings: platform.live.settings(({ document }) => permissionSettingsOf(document)) });
    const basePath = (await permission.listen({ host: '127.0.0.1', port: 0 })).replace(/\/$/, '');
    const configuration = new Configuration({ basePath, accessToken: ADMIN_TOKEN });
    relationships = new RelationshipApi(configuration);
    permissions = new PermissionApi(configuration);
    await patchProject([{ op: 'replace', path: '/services/permission/config/namespaces', value: [{ location: location(MODEL) }] }]);
  });
  afterAll(async () => {
    await permission?.close();
    await platform?.app.close();
    for (const db of dbs) await db.close();
    for (const backend of backends) await backend.cleanup();
  });

  const fileTuple = (object: string, relation: string, subjectId: string): Relationship => ({ namespace: 'File', object, relation, subject_id: subjectId });

  it('lists the namespaces of the model the project holds, and takes a new model at the next request', async () => {
    expect(await relationships.listRelationshipNamespaces()).toEqual({ namespaces: withBuiltIn('User', 'Group', 'Folder', 'File') });
    await patchProject([{ op: 'add', path: '/services/permission/config/namespaces/-', value: { name: 'Extra' } }]);
    expect((await relationships.listRelationshipNamespaces()).namespaces?.map((n) => n.name)).toContain('Extra');
  });

  it('creates, lists page by page, patches and deletes relationships', async () => {
    const created = await relationships.createRelationship({ createRelationshipBody: { ...fileTuple('report', 'owners', 'alice') } });
    expect(created).toEqual(fileTuple('report', 'owners', 'alice'));
    await relationships.patchRelationships({
      relationshipPatch: [
        { action: 'insert', relation_tuple: fileTuple('report', 'owners', 'bob') },
        { action: 'insert', relation_tuple: fileTuple('report', 'owners', 'carol') },
        { action: 'insert', relation_tuple: { namespace: 'File', object: 'report', relation: 'parents', subject_set: { namespace: 'Folder', object: 'shared', relation: '' } } },
        {
          action: 'insert',
          relation_tuple: { namespace: 'Folder', object: 'shared', relation: 'viewers', subject_set: { namespace: 'Group', object: 'staff', relation: 'members' } },
        },
        { action: 'insert', relation_tuple: { namespace: 'Group', object: 'staff', relation: 'members', subject_id: 'dave' } },
        { action: 'delete', relation_tuple: fileTuple('report', 'owners', 'carol') },
      ],
    });

    const first = await relationships.getRelationships({ namespace: 'File', object: 'report', relation: 'owners', pageSize: 1 });
    expect(first.relation_tuples).toEqual([fileTuple('report', 'owners', 'alice')]);
    expect(first.next_page_token).not.toBe('');
    const second = await relationships.getRelationships({ namespace: 'File', object: 'report', relation: 'owners', pageSize: 1, pageToken: first.next_page_token });
    expect(second).toEqual({ relation_tuples: [fileTuple('report', 'owners', 'bob')], next_page_token: '' });
    const bySet = await relationships.getRelationships({ subjectSetNamespace: 'Folder', subjectSetObject: 'shared', subjectSetRelation: '' });
    expect(bySet.relation_tuples).toEqual([{ namespace: 'File', object: 'report', relation: 'parents', subject_set: { namespace: 'Folder', object: 'shared', relation: '' } }]);

    await relationships.createRelationship({ createRelationshipBody: fileTuple('draft', 'owners', 'alice') });
    await relationships.deleteRelationships({ namespace: 'File', object: 'draft' });
    expect((await relationships.getRelationships({ namespace: 'File', object: 'draft' })).relation_tuples).toEqual([]);
  });

  it('checks by every call of the SDK: openapi, or error, by query, by body, in a batch', async () => {
    const dave = { namespace: 'File', object: 'report', relation: 'view', subjectId: 'dave' };
    const mallory = { ...dave, subjectId: 'mallory' };
    expect(await permissions.checkPermission(dave)).toEqual({ allowed: true });
    expect(await permissions.checkPermission(mallory)).toEqual({ allowed: false });
    expect(await permissions.checkPermissionOrError(dave)).toEqual({ allowed: true });
    const refused = await permissions.checkPermissionOrError(mallory).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ResponseError);
    expect((refused as ResponseError).response.status).toBe(403);
    expect(await (refused as ResponseError).response.json()).toEqual({ allowed: false });

    const body = { namespace: 'File', object: 'report', relation: 'view', subject_id: 'alice' };
    expect(await permissions.postCheckPermission({ postCheckPermissionBody: body })).toEqual({ allowed: true });
    expect(await permissions.postCheckPermissionOrError({ postCheckPermissionOrErrorBody: body })).toEqual({ allowed: true });
    // max-depth 1: the parent folder's viewers are out of reach.
    expect(await permissions.checkPermission({ ...dave, maxDepth: 1 })).toEqual({ allowed: false });

    await relationships.createRelationship({ createRelationshipBody: fileTuple('report', 'banned', 'alice') });
    const batch = await permissions.batchCheckPermission({
      batchCheckPermissionBody: {
        tuples: [
          { ...body, subject_id: 'alice' },
          { ...body, subject_id: 'bob' },
          { namespace: 'Nope', object: 'x', relation: 'y', subject_id: 'bob' },
        ],
      },
    });
    expect(batch.results).toEqual([{ allowed: false }, { allowed: true }, { allowed: false, error: 'Unknown namespace with name "Nope".' }]);
  });

  it('expands a rule into the tree types the SDK reads', async () => {
    const tree = await permissions.expandPermissions({ namespace: 'File', object: 'report', relation: 'view', maxDepth: 5 });
    expect(tree.type).toBe('intersection');
    expect(tree.tuple?.subject_set).toEqual({ namespace: 'File', object: 'report', relation: 'view' });
    const [either, exclusion] = tree.children ?? [];
    expect(either?.type).toBe('union');
    expect(exclusion?.type).toBe('exclusion');
    expect(exclusion?.children?.[0]?.children?.map((leaf) => [leaf.type, leaf.tuple?.subject_id])).toEqual([['leaf', 'alice']]);
    const owners = either?.children?.find((child) => child.tuple?.subject_set?.relation === 'owners');
    expect(owners?.children?.map((leaf) => leaf.tuple?.subject_id)).toEqual(['alice', 'bob']);
  });

  it('checks a model with the syntax check', async () => {
    expect(await relationships.checkOplSyntax({ body: MODEL })).toEqual({});
    const result = await relationships.checkOplSyntax({ body: 'class A implements Namespace {\n  related: { x: B[] }\n}' });
    expect(result.errors).toEqual([{ message: 'namespace "B" was not declared', start: { Line: 2, column: 16 }, end: { Line: 2, column: 17 } }]);
  });
});
