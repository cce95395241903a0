/**
 * The application permission check (specification section 6), shared by the gateway and the
 * client so both answer the same question the same way.
 */

/** One permission entry as the API lists it: entries are only known to carry an id. */
export interface PermissionEntry {
  id: string;
}

export interface PermissionLists {
  /** The current user's own list; `null` while it is not loaded. */
  user: ReadonlySet<string> | null;
  /** The selected organisation's list; `null` while it is not loaded or none is selected. */
  organization: ReadonlySet<string> | null;
  /** The selected project's list, for project routes; `null` otherwise. */
  project?: ReadonlySet<string> | null;
}

export interface CheckResult {
  allowed: boolean;
  /** The requested ids none of the lists holds; empty when allowed. */
  missing: string[];
}

/**
 * Granted when any requested id is in the union of the lists. Without both the user's and the
 * organisation's list the answer is no. An empty request asks only for those lists.
 */
export function checkPermissions(lists: PermissionLists, ids: string | readonly string[]): CheckResult {
  const wanted = typeof ids === 'string' ? [ids] : ids;
  if (!lists.user || !lists.organization) return { allowed: false, missing: [...wanted] };
  if (wanted.length === 0) return { allowed: true, missing: [] };
  const has = (id: string) => lists.user!.has(id) || lists.organization!.has(id) || (lists.project?.has(id) ?? false);
  return wanted.some(has) ? { allowed: true, missing: [] } : { allowed: false, missing: [...wanted] };
}

export function toIdSet(entries: readonly PermissionEntry[]): Set<string> {
  return new Set(entries.map((entry) => entry.id));
}
