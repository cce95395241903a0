/**
 * The shell's navigation in one table: where each section lives and which permission ids offer
 * it (any one is enough, as the route policy reads them). The top bar shows Projects, the
 * selected organisation's administration and, for global administrators, the administration of
 * the whole installation; each of the two holds sections of its own, listed here too. A new
 * section is one row here and one route in its area's routes.tsx.
 */
import type { PermissionId } from '../../shared/permission-ids.js';
import { projectsPath } from './org-path.js';

export interface NavItem {
  id: string;
  /** Key under `shell.nav` in locales/. */
  label: string;
  href: (orgId: string) => string;
  permissions: readonly PermissionId[];
}

const orgAdmin = (section: string) => (orgId: string) => `/admin/orgs/${encodeURIComponent(orgId)}${section ? `/${section}` : ''}`;

/** The selected organisation's administration, in the order its side navigation lists them. */
export const ORG_SECTIONS: readonly NavItem[] = [
  { id: 'settings', label: 'settings', href: orgAdmin('settings'), permissions: ['org:read'] },
  { id: 'members', label: 'members', href: orgAdmin('members'), permissions: ['org:users:read', 'org:invites:read'] },
  { id: 'devices', label: 'devices', href: orgAdmin('devices'), permissions: ['org:devices:read'] },
  { id: 'invoices', label: 'invoices', href: orgAdmin('invoices'), permissions: ['org:billing:read'] },
  { id: 'notifications', label: 'notifications', href: orgAdmin('notifications'), permissions: ['org:notifications:read'] },
  { id: 'audit', label: 'audit', href: orgAdmin('audit'), permissions: ['org:audit:read'] },
];

/** The installation's administration: global administrators only. */
export const GLOBAL_SECTIONS: readonly NavItem[] = [
  { id: 'all-orgs', label: 'allOrganizations', href: () => '/admin/orgs', permissions: ['admin:orgs'] },
  { id: 'users', label: 'users', href: () => '/admin/users', permissions: ['admin:users'] },
  { id: 'firmware', label: 'firmware', href: () => '/admin/firmware', permissions: ['admin:firmware'] },
  { id: 'oauth2', label: 'oauth2', href: () => '/admin/oauth2', permissions: ['admin:oauth2'] },
  { id: 'platform', label: 'platform', href: () => '/admin/platform', permissions: ['admin:platform'] },
  { id: 'audit', label: 'audit', href: () => '/admin/audit', permissions: ['admin:audit'] },
];

const anyOf = (sections: readonly NavItem[]) => [...new Set(sections.flatMap((s) => s.permissions))];

export const NAV_ITEMS: readonly NavItem[] = [
  { id: 'projects', label: 'projects', href: projectsPath, permissions: ['org:projects:read'] },
  { id: 'organization', label: 'organizationAdmin', href: orgAdmin(''), permissions: anyOf(ORG_SECTIONS) },
  { id: 'administration', label: 'administration', href: () => '/admin', permissions: anyOf(GLOBAL_SECTIONS) },
];

/** Whether `path` is inside the section `item` leads to (so the link is marked current). */
export function isInSection(item: NavItem, orgId: string, path: string): boolean {
  const target = item.href(orgId);
  if (item.id === 'projects') return path === target || path.startsWith('/projects/') || path.startsWith(`${target}/`);
  // `/admin/orgs/<id>/…` is one organisation's administration, not the list of all of them.
  if (item.id === 'administration')
    return (
      path === '/admin' ||
      path === '/admin/orgs' ||
      path.startsWith('/admin/users') ||
      path.startsWith('/admin/firmware') ||
      path.startsWith('/admin/oauth2') ||
      path.startsWith('/admin/platform') ||
      path.startsWith('/admin/audit')
    );
  return path === target || path.startsWith(`${target}/`);
}
