/**
 * An admin API's `Link` header (Kratos and Hydra page their lists by it), rewritten so each link
 * is the public `/.ory/admin/…` URL the caller can follow with its key. The upstream writes them
 * relative to itself or absolute on its own address; a link to anywhere else than its admin
 * paths is dropped rather than shown, since it would name an internal address.
 */
const LINK = /<([^>]*)>([^,]*)/g;

export function publicAdminLinks(header: string, upstreamUrl: string, publicOrigin: string): string | undefined {
  const upstream = new URL(upstreamUrl);
  const basePath = upstream.pathname.replace(/\/+$/, '');
  const links: string[] = [];
  for (const [, target, params] of header.matchAll(LINK)) {
    let url: URL;
    try {
      url = new URL(target!, upstream);
    } catch {
      continue;
    }
    if (url.origin !== upstream.origin || !url.pathname.startsWith(`${basePath}/admin/`)) continue;
    links.push(`<${publicOrigin}/.ory${url.pathname.slice(basePath.length)}${url.search}>${params!.trimEnd()}`);
  }
  return links.length > 0 ? links.join(', ') : undefined;
}
