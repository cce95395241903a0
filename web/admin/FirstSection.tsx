/**
 * `/admin` and `/admin/orgs/:orgId` are not pages of their own: they open the first section the
 * caller may see, and say "no access" when there is none.
 */
import { useEffect } from 'react';
import { goTo } from '../lib/navigate.js';
import type { NavItem } from '../shell/nav-items.js';
import { useShell } from '../shell/shell-context.js';
import { usePermissions } from '../shell/use-permissions.js';
import { Forbidden } from '../ui/QueryError.js';

/** Without `orgId` (the installation's sections) rights are read in the selected organisation's scope. */
export function FirstSection({ sections, orgId }: { sections: readonly NavItem[]; orgId?: string }) {
  const shell = useShell();
  const permissions = usePermissions({ orgId: orgId ?? shell.org?.id ?? null });
  const pending = permissions.isPending || (!orgId && shell.orgsPending);
  const first = pending ? undefined : sections.find((s) => permissions.can(s.permissions));
  const target = first?.href(orgId ?? '');
  useEffect(() => {
    if (target) goTo(target, { replace: true });
  }, [target]);
  if (pending || target) return <div className="shell-loading spinner" />;
  return <Forbidden />;
}
