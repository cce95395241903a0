/**
 * Organisation-scoped addresses: `/orgs/:orgId/…` (survey) and `/admin/orgs/:orgId/…`
 * (administration). Switching organisation keeps the section and changes only the id; pages that
 * belong to one project or floor go to the new organisation's projects instead.
 */
const ORG_IN_PATH = /^(\/admin)?\/orgs\/([^/]+)(\/[^/]+)?/;

export const projectsPath = (orgId: string) => `/orgs/${encodeURIComponent(orgId)}/projects`;

export function orgIdInPath(path: string): string | null {
  const match = ORG_IN_PATH.exec(path);
  if (!match || match[2] === 'join') return null;
  return decodeURIComponent(match[2]!);
}

export function pathForOrganization(path: string, orgId: string): string {
  const match = ORG_IN_PATH.exec(path);
  if (!match || orgIdInPath(path) === null) return projectsPath(orgId);
  return `${match[1] ?? ''}/orgs/${encodeURIComponent(orgId)}${match[3] ?? '/projects'}`;
}
