import type { OrgRole, OrgSummary } from '../../web/lib/api-types.js';
import { describe, expect, it } from 'vitest';
import { pageQuery, readListParams, writeListParams } from '../../web/lib/list-params.js';
import { areaOf } from '../../web/shell/areas.js';
import { resolveOrganization } from '../../web/shell/current-org.js';
import { unseenOf } from '../../web/shell/notification-queries.js';
import { orgIdInPath, pathForOrganization } from '../../web/shell/org-path.js';
import { relativeTime } from '../../web/ui/RelativeTime.js';

const defaults = { sort: 'updated' as const, sorts: ['updated', 'name'] as const, filters: { status: '' } };

describe('list state in the address', () => {
  it('reads page, size, sort, query and filters, and falls back on anything it does not know', () => {
    expect(readListParams(new URLSearchParams('page=3&per_page=50&sort=name&q=lab&status=halted'), defaults)).toEqual({
      page: 3,
      perPage: 50,
      sort: 'name',
      q: 'lab',
      filters: { status: 'halted' },
    });
    expect(readListParams(new URLSearchParams('page=-2&per_page=7&sort=drop+table'), defaults)).toEqual({
      page: 1,
      perPage: 25,
      sort: 'updated',
      q: '',
      filters: { status: '' },
    });
  });

  it('leaves defaults out of the address and starts again at page 1 when the list changes', () => {
    const current = new URLSearchParams('page=4&q=old&keep=yes');
    expect(writeListParams(current, { q: 'new' }, defaults).toString()).toBe('q=new&keep=yes');
    expect(writeListParams(current, { sort: 'updated', q: '' }, defaults).toString()).toBe('keep=yes');
    expect(writeListParams(current, { page: 5 }, defaults).toString()).toBe('page=5&q=old&keep=yes');
    expect(writeListParams(current, { filters: { status: 'running' } }, defaults).get('status')).toBe('running');
  });

  it("speaks the API's names for page, size, sort and query, leaving an empty query out", () => {
    expect(pageQuery({ page: 2, perPage: 50, sort: 'name', q: '' })).toEqual({ q: undefined, sort: 'name', page: 2, per_page: 50 });
    expect(pageQuery({ page: 1, perPage: 25, q: 'lab' })).toMatchObject({ q: 'lab', per_page: 25 });
  });
});

describe('organisation addresses', () => {
  it('finds the organisation in survey and administration addresses, not in the invitation link', () => {
    expect(orgIdInPath('/orgs/o1/projects')).toBe('o1');
    expect(orgIdInPath('/admin/orgs/o2/devices')).toBe('o2');
    expect(orgIdInPath('/orgs/join')).toBeNull();
    expect(orgIdInPath('/projects/p1')).toBeNull();
  });

  it('keeps the section when switching organisation; project pages go to the projects', () => {
    expect(pathForOrganization('/orgs/o1/projects', 'o9')).toBe('/orgs/o9/projects');
    expect(pathForOrganization('/admin/orgs/o1/invoices', 'o9')).toBe('/admin/orgs/o9/invoices');
    expect(pathForOrganization('/projects/p1', 'o9')).toBe('/orgs/o9/projects');
  });

  it('prefers the address, then the stored choice, then the first organisation', () => {
    const org = (id: string, role: OrgRole): OrgSummary => ({
      id,
      name: id.toUpperCase(),
      legalName: '',
      vatId: '',
      email: '',
      phone: '',
      address: { street: '', postalCode: '', city: '', country: '' },
      members: 1,
      role,
      createdAt: '',
      updatedAt: '',
    });
    const orgs = [org('a', 'owner'), org('b', 'viewer')];
    expect(resolveOrganization(orgs, 'b', 'a')?.id).toBe('b');
    expect(resolveOrganization(orgs, null, 'b')?.id).toBe('b');
    expect(resolveOrganization(orgs, 'gone', 'gone-too')?.id).toBe('a');
    expect(resolveOrganization([], null, 'a')).toBeNull();
  });

  it('tells which area an address belongs to', () => {
    expect(areaOf('/')).toBe('home');
    expect(areaOf('/orgs/o1/projects')).toBe('survey');
    expect(areaOf('/projects/p1')).toBe('survey');
    // Typed into the address bar: the selected organisation's projects, by way of the home page.
    expect(areaOf('/projects')).toBe('home');
    expect(areaOf('/admin/orgs/o1/devices')).toBe('admin');
    expect(areaOf('/adminx')).toBeNull();
    expect(areaOf('/settings')).toBeNull();
  });
});

describe('notifications and times', () => {
  it('counts as unseen only what the seen set lacks', () => {
    const items = [{ id: '1' }, { id: '2' }, { id: '3' }].map((n) => ({ ...n, orgId: 'o', kind: 'k', title: 't', body: '', data: {}, createdAt: '' }));
    expect(unseenOf(items, new Set(['2'])).map((n) => n.id)).toEqual(['1', '3']);
  });

  it('says how long ago in the reader language', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(relativeTime(new Date('2026-11-25T11:57:00Z'), now, 'en')).toBe('3 minutes ago');
    expect(relativeTime(new Date('2026-11-24T12:00:00Z'), now, 'de')).toBe('gestern');
  });
});
