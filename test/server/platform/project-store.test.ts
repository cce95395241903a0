/**
 * The project and its keys on both databases: every change is a revision, a refused change
 * leaves the configuration and its history as they were, a change against a stale revision is a
 * 409, and concurrent changes apply one after the other without losing any.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/database.js';
import { backendsFor, type Backend } from '../oauth2/support/backends.js';
import { ADMIN_ACTOR, PlatformClient } from './support.js';

const RECOVERY = '/services/identity/config/selfservice/flows/recovery/use';
const NAMESPACES = '/services/permission/config/namespaces';
const opl = (model: string) => ({ location: `base64://${Buffer.from(model).toString('base64')}` });

describe.each(backendsFor('platform'))('the project store on %s', (_name, makeBackend) => {
  let backend: Backend;
  let db: Database;
  let platform: PlatformClient;
  let projectId: string;

  beforeEach(async () => {
    backend = makeBackend();
    db = await backend.open();
    platform = await PlatformClient.start(db);
    projectId = (await platform.call('GET', '/projects')).body[0].id;
  });
  afterEach(async () => {
    await platform.app.close();
    await db.close();
    await backend.cleanup();
  });

  it('makes the project once, from the defaults, and keeps its id across restarts', async () => {
    const project = (await platform.call('GET', `/projects/${projectId}`)).body;
    expect(project).toMatchObject({ id: projectId, state: 'running', environment: 'prod', name: 'sitewave' });
    expect(project.services.identity.config.selfservice.flows.recovery.use).toBe('code');
    expect(project.services.oauth2.config).toEqual({
      strategies: { access_token: 'opaque', scope: 'exact' },
      ttl: { access_token: '1h', refresh_token: '720h', id_token: '1h' },
    });
    expect(project.services.permission.config.limit.max_read_depth).toBe(5);
    await platform.app.close();
    platform = await PlatformClient.start(db);
    expect((await platform.call('GET', `/projects/${project.slug}`)).body.id).toBe(projectId);
    expect((await platform.call('GET', `/projects/${projectId}/revisions`)).body).toHaveLength(1);
  });

  it('stores each change as a revision with who made it and the patch', async () => {
    const before = (await platform.call('GET', `/projects/${projectId}`)).body;
    const patch = [{ op: 'replace', path: RECOVERY, value: 'link' }];
    const changed = await platform.call('PATCH', `/projects/${projectId}`, patch);
    expect(changed.status).toBe(200);
    expect(changed.body.warnings).toEqual([]);
    expect(changed.body.project.services.identity.config.selfservice.flows.recovery.use).toBe('link');
    expect(changed.body.project.revision_id).not.toBe(before.revision_id);

    const revisions = (await platform.call('GET', `/projects/${projectId}/revisions`)).body;
    expect(revisions).toHaveLength(2);
    expect(revisions[0]).toMatchObject({ id: changed.body.project.revision_id, patch, actor: { kind: 'identity', id: ADMIN_ACTOR.slice('identity:'.length) } });
    expect(revisions[1]).toMatchObject({ id: before.revision_id, actor: { kind: 'installation', id: null } });
  });

  it('records a PUT as the patch between the old and the new configuration', async () => {
    const project = (await platform.call('GET', `/projects/${projectId}`)).body;
    const services = structuredClone(project.services);
    services.oauth2.config.strategies.access_token = 'jwt';
    const put = await platform.call('PUT', `/projects/${projectId}`, {
      name: 'Renamed',
      services,
      cors_admin: {},
      cors_public: { enabled: true, origins: ['https://a.example'] },
      organizations: [],
    });
    expect(put.status).toBe(200);
    expect(put.body.project).toMatchObject({ name: 'Renamed', cors_public: { enabled: true } });
    const [latest] = (await platform.call('GET', `/projects/${projectId}/revisions`)).body;
    expect(latest.patch).toEqual(expect.arrayContaining([{ op: 'replace', path: '/services/oauth2/config/strategies/access_token', value: 'jwt' }]));
  });

  const refusals: [string, unknown[], RegExp][] = [
    [
      'an unknown key',
      [{ op: 'add', path: '/services/identity/config/selfservice/flows/recovery/color', value: 'red' }],
      /services\.identity\.config\.selfservice\.flows\.recovery\.color is not a configuration key/,
    ],
    [
      'a wrong type',
      [{ op: 'replace', path: '/services/identity/config/selfservice/methods/totp/enabled', value: 'yes' }],
      /services\.identity\.config\.selfservice\.methods\.totp\.enabled must be boolean/,
    ],
    ['a value outside the enum', [{ op: 'replace', path: RECOVERY, value: 'sms' }], /recovery\.use must be one of "code", "link"/],
    [
      'an impossible duration',
      [{ op: 'replace', path: '/services/oauth2/config/ttl/access_token', value: '0s' }],
      /services\.oauth2\.config\.ttl\.access_token must be a positive duration/,
    ],
    [
      'an impossible password length',
      [{ op: 'replace', path: '/services/identity/config/selfservice/methods/password/config/min_password_length', value: 2 }],
      /min_password_length must be >= 6/,
    ],
    ['a namespace of neither shape', [{ op: 'add', path: '/services/permission/config/namespaces/-', value: { file: 'x' } }], /namespaces\.0 must be either/],
    [
      'a permission model that does not parse',
      [{ op: 'add', path: `${NAMESPACES}/-`, value: opl('class User implements Namespace {\n  related: { friends: User[] }\n  oops\n}') }],
      /^services\.permission\.config\.namespaces\.0\.location: the Ory Permission Language model is not valid: expected 'permits' or 'related', got "oops" \(line 3, column 2\)$/,
    ],
    [
      "a permission model declaring one of sitewave's own namespaces (to grant itself roles)",
      [{ op: 'add', path: `${NAMESPACES}/-`, value: opl('class Organisation implements Namespace {\n  related: { owners: User[] }\n}\nclass User implements Namespace {}') }],
      /^services\.permission\.config\.namespaces\.0\.location: .*namespace "Organisation" is built in and cannot be declared again \(line 1, column 6\)$/,
    ],
    ['a name entry taking one of them', [{ op: 'add', path: `${NAMESPACES}/-`, value: { name: 'Project' } }], /namespaces\.0\.name: namespace "Project" is built in/],
    [
      'a permission model naming a namespace it does not declare',
      [
        { op: 'add', path: `${NAMESPACES}/-`, value: { name: 'Group' } },
        { op: 'add', path: `${NAMESPACES}/-`, value: opl('class Doc implements Namespace { related: { viewers: User[] } }') },
      ],
      /^services\.permission\.config\.namespaces\.1\.location: .*namespace "User" was not declared \(line 1, column 53\)$/,
    ],
    [
      'a namespace declared twice',
      [
        { op: 'add', path: `${NAMESPACES}/-`, value: opl('class User implements Namespace {}') },
        { op: 'add', path: `${NAMESPACES}/-`, value: { name: 'User' } },
      ],
      /^services\.permission\.config\.namespaces\.1\.name: namespace "User" is declared by an earlier entry too$/,
    ],
    [
      'a failing test',
      [
        { op: 'test', path: RECOVERY, value: 'link' },
        { op: 'replace', path: RECOVERY, value: 'link' },
      ],
      /Operation 0 \(test at .*recovery\/use\): the test failed/,
    ],
    ['a path that leads nowhere', [{ op: 'replace', path: '/services/nothing/here', value: 1 }], /nothing is at that path/],
    ['an unknown top-level key', [{ op: 'add', path: '/state', value: 'halted' }], /^state is not a configuration key/],
    ['an operation that is not one', [{ op: 'merge', path: RECOVERY, value: 'link' }], /op must be equal to one of the allowed values/],
  ];

  it.each(refusals)('refuses %s with a 400 naming the path, and changes nothing', async (_what, patch, reason) => {
    const before = (await platform.call('GET', `/projects/${projectId}`)).body;
    const refused = await platform.call('PATCH', `/projects/${projectId}`, patch);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 400, status: 'Bad Request' });
    expect(refused.body.error.reason).toMatch(reason);
    expect((await platform.call('GET', `/projects/${projectId}`)).body).toEqual(before);
    expect((await platform.call('GET', `/projects/${projectId}/revisions`)).body).toHaveLength(1);
  });

  it('never answers a social sign-in client secret back, and keeps the stored one when a change leaves it out', async () => {
    const providers = '/services/identity/config/selfservice/methods/oidc/config/providers';
    const secret = 'provider-secret-that-must-not-leave';
    const provider = { id: 'acme', provider: 'generic', client_id: 'acme-client', client_secret: secret, issuer_url: 'https://id.example.com' };
    expect((await platform.call('PATCH', `/projects/${projectId}`, [{ op: 'add', path: `${providers}/-`, value: provider }])).status).toBe(200);
    const read = (await platform.call('GET', `/projects/${projectId}`)).body;
    expect(JSON.stringify(read)).not.toContain(secret);
    expect(read.services.identity.config.selfservice.methods.oidc.config.providers[0]).toMatchObject({ id: 'acme', client_id: 'acme-client' });
    expect(JSON.stringify((await platform.call('GET', `/projects/${projectId}/revisions`)).body)).not.toContain(secret);

    // Written back as read, with a new label: the secret stays.
    read.services.identity.config.selfservice.methods.oidc.config.providers[0].label = 'Acme';
    const { id: _id, name, services, cors_admin, cors_public } = read;
    expect((await platform.call('PUT', `/projects/${projectId}`, { name, services, cors_admin, cors_public })).status).toBe(200);
    const stored = await db.query<{ document: any }>('SELECT document FROM project');
    expect(stored.rows[0]!.document.services.identity.config.selfservice.methods.oidc.config.providers[0]).toMatchObject({ label: 'Acme', client_secret: secret });
    const setAgain = await platform.call('PATCH', `/projects/${projectId}`, [{ op: 'replace', path: `${providers}/0/client_secret`, value: 'another-secret' }]);
    expect(JSON.stringify(setAgain.body)).not.toContain('another-secret');
    expect((await platform.call('GET', `/projects/${projectId}/revisions`)).body[0].patch[0].value).toBe('[hidden]');
  });

  it('refuses a patch against a revision that has moved on with a 409, and changes nothing', async () => {
    const start = (await platform.call('GET', `/projects/${projectId}`)).body.revision_id;
    const first = await platform.call('PATCH', `/projects/${projectId}/revision/${start}`, [{ op: 'replace', path: RECOVERY, value: 'link' }]);
    expect(first.status).toBe(200);
    const stale = await platform.call('PATCH', `/projects/${projectId}/revision/${start}`, [{ op: 'replace', path: RECOVERY, value: 'code' }]);
    expect(stale.status).toBe(409);
    expect(stale.body.error.reason).toContain(first.body.project.revision_id);
    const after = (await platform.call('GET', `/projects/${projectId}`)).body;
    expect(after.services.identity.config.selfservice.flows.recovery.use).toBe('link');
    expect(after.revision_id).toBe(first.body.project.revision_id);
  });

  it('applies concurrent patches one after the other, losing none', async () => {
    const second = backend.separateInstances ? await PlatformClient.start(await backend.open()) : platform;
    try {
      const names = Array.from({ length: 8 }, (_, i) => `ns_${i}`);
      const answers = await Promise.all(
        names.map((name, i) =>
          (i % 2 ? second : platform).call('PATCH', `/projects/${projectId}`, [{ op: 'add', path: '/services/permission/config/namespaces/-', value: { name } }]),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(names.map(() => 200));
      const namespaces = (await platform.call('GET', `/projects/${projectId}`)).body.services.permission.config.namespaces;
      expect(namespaces.map((entry: { name: string }) => entry.name).sort()).toEqual(names);
      expect((await platform.call('GET', `/projects/${projectId}/revisions`)).body).toHaveLength(names.length + 1);

      // From one revision, only one of several concurrent changes can win.
      const from = (await platform.call('GET', `/projects/${projectId}`)).body.revision_id;
      const raced = await Promise.all(
        [platform, second, platform, second].map((client, i) =>
          client.call('PATCH', `/projects/${projectId}/revision/${from}`, [{ op: 'replace', path: '/name', value: `n${i}` }]),
        ),
      );
      expect(raced.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
    } finally {
      if (second !== platform) await second.app.close();
    }
  });

  it('refuses to create or purge a project, each with a sentence saying why', async () => {
    const created = await platform.call('POST', '/projects', { name: 'another' });
    expect(created.status).toBe(403);
    expect(created.body.error.reason).toMatch(/one project/);
    const purged = await platform.call('DELETE', `/projects/${projectId}`);
    expect(purged.status).toBe(403);
    expect(purged.body.error.reason).toMatch(/cannot purge itself/);
    expect((await platform.call('GET', '/projects')).body).toHaveLength(1);
  });

  it('answers 404 for another project id or slug', async () => {
    expect((await platform.call('GET', '/projects/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await platform.call('GET', '/projects/other-slug/tokens')).status).toBe(404);
  });

  it('makes API keys shown once, lists them without the value, verifies, expires and revokes them', async () => {
    const made = await platform.call('POST', `/projects/${projectId}/tokens`, { name: 'deploy' });
    expect(made.status).toBe(201);
    expect(made.body.value).toMatch(/^sitewave_pat_[A-Za-z0-9_-]{43}$/);
    expect(made.body).toMatchObject({ name: 'deploy', project_id: projectId, owner_id: ADMIN_ACTOR.slice('identity:'.length), last_characters: made.body.value.slice(-4) });

    const listed = (await platform.call('GET', `/projects/${projectId}/tokens`)).body;
    expect(listed).toHaveLength(1);
    expect(listed[0]).not.toHaveProperty('value');
    expect(JSON.stringify(listed)).not.toContain(made.body.value);
    const stored = await db.query<{ value_hash: string }>('SELECT value_hash FROM api_keys');
    expect(stored.rows[0]!.value_hash).not.toContain(made.body.value.slice(13));

    const verified = await platform.call('POST', '/internal/api-keys/verify', { value: made.body.value });
    expect(verified).toMatchObject({ status: 200, body: { id: made.body.id, project_id: projectId } });
    expect((await platform.call('GET', `/projects/${projectId}/tokens`)).body[0].last_used_at).toBeDefined();
    expect((await platform.call('POST', '/internal/api-keys/verify', { value: otherLastCharacter(made.body.value) })).status).toBe(401);

    const soon = await platform.call('POST', `/projects/${projectId}/tokens`, { name: 'short', expires_at: new Date(Date.now() + 60_000).toISOString() });
    await db.query("UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1", [soon.body.id]);
    expect((await platform.call('POST', '/internal/api-keys/verify', { value: soon.body.value })).status).toBe(401);
    expect((await platform.call('POST', `/projects/${projectId}/tokens`, { name: 'past', expires_at: '2001-01-01T00:00:00Z' })).status).toBe(400);

    expect((await platform.call('DELETE', `/projects/${projectId}/tokens/${made.body.id}`)).status).toBe(204);
    expect((await platform.call('POST', '/internal/api-keys/verify', { value: made.body.value })).status).toBe(401);
    expect((await platform.call('DELETE', `/projects/${projectId}/tokens/${made.body.id}`)).status).toBe(404);
  });

  it('answers nothing without the admin token', async () => {
    const response = await platform.app.inject({ method: 'GET', url: '/projects', headers: { authorization: 'Bearer wrong' } });
    expect(response.statusCode).toBe(401);
    expect(JSON.parse(response.body).error.code).toBe(401);
  });
});

/** The same key with a different last character (a fixed replacement would be the same key one time in sixteen). */
function otherLastCharacter(value: string): string {
  return `${value.slice(0, -1)}${value.endsWith('A') ? 'E' : 'A'}`;
}
