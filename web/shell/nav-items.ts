/**
 * The shell's navigation in one table: where each section lives and which permission ids offer
 * it (any one is enough, as the route policy reads them). A new section is one row here and
 * one route in its area's routes.tsx.
 */
import type { PermissionId } from '../../shared/permission-ids.js';
import { projectsPath } from './org-path.js';

export interface NavItem {
  id: string;
  /** Key under `shell.nav` in locales/. */
  label: string;
  group: 'survey' | 'admin';
  href: (orgId: string) => string;
  permissions: readonly PermissionId[];
}

const orgAdmin = (section: string) => (orgId: string) => `/admin/orgs/${encodeURIComponent(orgId)}/${section}`;

export const NAV_ITEMS: readonly NavItem[] = [
  { id: 'projects', label: 'projects', group: 'survey', href: projectsPath, permissions: ['org:projects:read'] },
  { id: 'devices', label: 'devices', group: 'admin', href: orgAdmin('devices'), permissions: ['org:devices:read'] },
  { id: 'invoices', label: 'invoices', group: 'admin', href: orgAdmin('invoices'), permissions: ['org:billing:read'] },
];

/** Whether `path` is inside the section `item` leads to (so the link is marked current). */
export function isInSection(item: NavItem, orgId: string, path: string): boolean {
  const target = item.href(orgId);
  if (item.id === 'projects') return path === target || path.startsWith('/projects/') || path.startsWith(`${target}/`);
  return path === target || path.startsWith(`${target}/`);
}
