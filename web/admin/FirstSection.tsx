/**
 * `/admin` and `/admin/orgs/:orgId` are not pages of their own: they open the first section the
 * caller may see, and say "no access" when there is none.
 */
import { useEffect } from 'react';
import { goTo } from '../lib/navigate.js';
import type { NavItem } from '../shell/nav-items.js';
import { INSTALLATION_SCOPE, usePermissions } from '../shell/use-permissions.js';
import { Forbidden } from '../ui/QueryError.js';

/** Without `orgId` (the installation's sections) the caller's own list decides, with or without an organisation. */
export function FirstSection({ sections, orgId }: { sections: readonly NavItem[]; orgId?: string }) {
  const permissions = usePermissions(orgId ? { orgId } : INSTALLATION_SCOPE);
  const pending = permissions.isPending;
  const first = pending ? undefined : sections.find((s) => permissions.can(s.permissions));
  const target = first?.href(orgId ?? '');
  useEffect(() => {
    if (target) goTo(target, { replace: true });
  }, [target]);
  if (pending || target) return <div className="shell-loading spinner" />;
  return <Forbidden />;
}
