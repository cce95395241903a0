/**
 * The administration pages' frame: a side navigation over the sections the caller may open (a
 * scrolling row on narrow screens) beside the page. The organisation's sections and the
 * installation's sections each get one.
 */
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useTranslation } from '../lib/i18n.js';
import type { NavItem } from '../shell/nav-items.js';
import { INSTALLATION_SCOPE, usePermissions } from '../shell/use-permissions.js';
import { AppLink } from '../ui/AppLink.js';
import './admin.css';

/** `orgId` null: the installation's sections, offered by the caller's own list. */
export function AdminFrame({ sections, orgId, label, children }: { sections: readonly NavItem[]; orgId: string | null; label: string; children: ReactNode }) {
  const { t } = useTranslation();
  const [path] = useLocation();
  const permissions = usePermissions(orgId === null ? INSTALLATION_SCOPE : { orgId });
  const offered = permissions.isPending ? [] : sections.filter((s) => permissions.can(s.permissions));
  return (
    <div className="admin-frame">
      <nav className="admin-nav" aria-label={label}>
        <ul>
          {offered.map((section) => {
            const href = section.href(orgId ?? '');
            const current = path === href || path.startsWith(`${href}/`);
            return (
              <li key={section.id}>
                <AppLink className="admin-nav-link" href={href} aria-current={current ? 'page' : undefined}>
                  {t(`shell.nav.${section.label}`)}
                </AppLink>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="admin-page">{children}</div>
    </div>
  );
}
