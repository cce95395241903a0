/**
 * Which part of the signed-in application an address belongs to; each area is its own lazy
 * chunk with one routes.tsx. `/orgs/join` is the invitation link and not an organisation.
 * `/projects` (typed or bookmarked) means the selected organisation's projects: the home page
 * goes on there, as it does from `/`.
 */
export type Area = 'home' | 'survey' | 'admin';

export function areaOf(path: string): Area | null {
  if (path === '/' || path === '/_app' || path === '/projects') return 'home';
  if (path === '/admin' || path.startsWith('/admin/')) return 'admin';
  if (path.startsWith('/orgs/') || path.startsWith('/projects/')) return 'survey';
  return null;
}
