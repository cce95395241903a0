/**
 * "Why may Ana update this project?" in words: the permission engine's path, read from the person
 * to the permit, one sentence a step, in every language — for the answers the API gives (an
 * organisation's owner, a project's manager) and for paths the product's model does not make
 * (an unknown relation, a subject set), which still read as sentences with the names as code.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../shared/locales.js';
import type { PermissionAccess, ProjectAccess } from '../../web/lib/api-types.js';
import { createTranslator, type Catalogue } from '../../web/lib/translator.js';
import { groupPermissions } from '../../web/ui/access/permission-groups.js';
import { phraseText, whySteps } from '../../web/ui/access/why-steps.js';

const catalogue = (locale: string) => JSON.parse(readFileSync(fileURLToPath(new URL(`../../locales/access/${locale}.json`, import.meta.url)), 'utf8')) as Catalogue;
const en = createTranslator(catalogue('en'), 'en');

const ana = '6f1c1c1e-0000-4000-8000-00000000a0a0';
const sam = '6f1c1c1e-0000-4000-8000-00000000b0b0';
const org = '6f1c1c1e-0000-4000-8000-0000000000aa';
const project = '6f1c1c1e-0000-4000-8000-0000000000bb';
const names = { [`Identity:${ana}`]: 'Ana Tester', [`Identity:${sam}`]: 'Sam Surveyor', [`Organisation:${org}`]: 'Acme', [`Project:${project}`]: 'Site' };

/** The answer the API gives for an owner of the project's organisation (test/server/api/role-model.test.ts). */
const ownerUpdate: PermissionAccess = {
  id: 'project:update',
  allowed: true,
  path: [
    { namespace: 'Project', object: project, relation: 'project:update', via: 'rule' },
    { namespace: 'Project', object: project, relation: 'organisation', via: 'traverse', holds: { namespace: 'Organisation', object: org, relation: '' } },
    { namespace: 'Organisation', object: org, relation: 'project:update', via: 'rule' },
    { namespace: 'Organisation', object: org, relation: 'manage', via: 'rule' },
    { namespace: 'Organisation', object: org, relation: 'owners', via: 'stored', holds: { namespace: 'Identity', object: ana, relation: '' } },
  ],
};
const access = (identityId: string, ...permissions: PermissionAccess[]): ProjectAccess => ({ projectId: project, identityId, permissions, names });
const sentences = (a: ProjectAccess, p: PermissionAccess, t = en) => whySteps(a, p).map((phrase) => phraseText(t, phrase));

describe('why a person may do something in a project', () => {
  it("reads an organisation owner's way in from the person to the permit", () => {
    expect(sentences(access(ana, ownerUpdate), ownerUpdate)).toEqual([
      'Ana Tester is an owner of Acme',
      'owners may manage Acme',
      'whoever may manage Acme may do this in every project of Acme',
      'Site belongs to Acme',
    ]);
  });

  it("reads a project manager's way in, and says nothing for what is not allowed", () => {
    const update: PermissionAccess = {
      id: 'project:update',
      allowed: true,
      path: [
        { namespace: 'Project', object: project, relation: 'project:update', via: 'rule' },
        { namespace: 'Project', object: project, relation: 'manage', via: 'rule' },
        { namespace: 'Project', object: project, relation: 'managers', via: 'stored', holds: { id: sam } },
      ],
    };
    const denied: PermissionAccess = { id: 'project:delete', allowed: false, path: [] };
    const answer = access(sam, update, denied);
    expect(sentences(answer, update)).toEqual(['Sam Surveyor is a manager of Site', 'managers may manage Site', 'whoever may manage Site may do this']);
    expect(whySteps(answer, denied)).toEqual([]);
  });

  it('shows relations it has no words for, and objects it has no names for, as they are named', () => {
    const odd: PermissionAccess = {
      id: 'project:read',
      allowed: true,
      path: [
        { namespace: 'Project', object: project, relation: 'project:read', via: 'rule' },
        { namespace: 'Project', object: project, relation: 'auditors', via: 'stored', holds: { namespace: 'Identity', object: ana, relation: '' } },
      ],
    };
    const viaSet: PermissionAccess = {
      id: 'project:read',
      allowed: true,
      path: [
        { namespace: 'Project', object: project, relation: 'guests', via: 'subject-set', holds: { namespace: 'Team', object: 'blue', relation: 'members' } },
        { namespace: 'Team', object: 'blue', relation: 'members', via: 'stored', holds: { id: ana } },
      ],
    };
    const answer = access(ana, odd, viaSet);
    expect(sentences(answer, odd)).toEqual(['Ana Tester is in auditors of Site', 'whoever is in auditors of Site may do this']);
    expect(sentences(answer, viaSet)).toEqual(['Ana Tester is a member of Team:blue', 'everyone in members of Team:blue is in guests of Site']);
    const parts = whySteps(answer, odd)[1]!.values;
    expect(parts.relation).toEqual({ code: 'auditors' });
  });

  it('says every step of the owner’s way in every language, with every name in place', () => {
    for (const locale of LOCALES) {
      const t = createTranslator(catalogue(locale), locale === 'se' ? 'sv' : locale);
      const said = sentences(access(ana, ownerUpdate), ownerUpdate, t);
      expect(said, locale).toHaveLength(4);
      for (const sentence of said) expect(sentence, locale).not.toMatch(/\{\{|access\./);
      expect(said[0], locale).toContain('Ana Tester');
      expect(said[3], locale).toMatch(/Site.*Acme/);
    }
  });

  it('groups the permissions to see, to survey and to manage, anything else last', () => {
    const ids = ['project:delete', 'project:read', 'project:contacts:manage', 'project:users:read', 'org:read'] as const;
    const groups = groupPermissions(ids.map((id) => ({ id, allowed: false, path: [] })));
    expect(groups.map(({ group, permissions }) => [group, permissions.map((p) => p.id)])).toEqual([
      ['read', ['project:read', 'project:users:read']],
      ['survey', ['project:contacts:manage']],
      ['manage', ['project:delete']],
      ['other', ['org:read']],
    ]);
  });
});
