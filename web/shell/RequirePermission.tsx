/**
 * A page that needs a permission says so before it asks the API: a caller without it sees the
 * refusal at once instead of filters over an empty table. The gateway still decides every call.
 */
import type { ReactNode } from 'react';
import type { PermissionId } from '../../shared/permission-ids.js';
import { Forbidden } from '../ui/QueryError.js';
import { usePermissions } from './use-permissions.js';

export function RequirePermission({
  orgId,
  projectId,
  installation,
  ids,
  children,
}: {
  orgId: string | null;
  /** A page of the installation's administration: the caller's own list decides (INSTALLATION_SCOPE). */
  installation?: boolean;
  /** For a project's page: its own list counts as well. */
  projectId?: string;
  ids: readonly PermissionId[];
  children: ReactNode;
}) {
  const permissions = usePermissions({ orgId, projectId, installation });
  if (permissions.isPending) return <div className="shell-loading spinner" />;
  if (!permissions.can(ids)) return <Forbidden />;
  return <>{children}</>;
}
